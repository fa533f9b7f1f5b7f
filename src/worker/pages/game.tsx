// The game page: one component for both the players' links and the spectator
// link. Everything is in the HTML (board, status, moves, forms), so the page
// works without JavaScript; /static/game.js adds click-to-move, previews
// without a reload and live updates by swapping the #live region.
import { raw } from 'hono/html';
import { colorName, type Color } from '../../engine/types.ts';
import type { PublicMove, PublicState } from '../../service/public-state.ts';
import { outcomeWords, resultWords } from '../../service/outcome-words.ts';
import type { Preview } from '../../service/preview.ts';
import { Layout } from './layout.tsx';

const playerName = (s: PublicState, side: Color) => s.players[side].name ?? colorName(side);

function formatDeadline(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export interface Flash {
  readonly error?: string;
  readonly ok?: string;
}

export interface GamePageProps {
  readonly state: PublicState;
  readonly boardSvg: string;
  readonly moves: readonly PublicMove[];
  readonly token?: string;
  readonly flash?: Flash;
  /** No-JavaScript preview: the text asked for and what it would do. */
  readonly preview?: { readonly move: string; readonly result: Preview | { ok: false; error: string } };
  /** The text box's content (after an error, what was sent). */
  readonly moveText?: string;
  /** Spectator link (players' pages show it to share). */
  readonly spectatorUrl: string;
  /** A signed-in player of a finished game: offer the same game again. */
  readonly rematch?: boolean;
}

export const GamePage = (p: GamePageProps) => {
  const s = p.state;
  const title = s.title ?? s.variant;
  return (
    <Layout title={`${title}: ${playerName(s, 'white')} vs ${playerName(s, 'black')} — Subspace`} script wide>
      <Live {...p} />
      <p id="announce" class="sr" aria-live="polite"></p>
    </Layout>
  );
};

/** The part of the page that changes when the game moves on (the script swaps it in place). */
export const Live = (p: GamePageProps) => {
  const s = p.state;
  return (
    <div
      id="live"
      data-game={s.id}
      data-ply={String(s.ply)}
      data-updated={s.updatedAt}
      data-status={s.status}
      data-side-to-move={s.sideToMove}
      data-you={s.you ?? ''}
      data-variant={s.variant}
    >
      <LiveRegion {...p} />
    </div>
  );
};

export const LiveRegion = (p: GamePageProps) => {
  const s = p.state;
  const you = s.you;
  const active = s.status === 'active';
  const yourTurn = active && you === s.sideToMove;
  const title = s.title ?? s.variant;
  const q = p.token ? `?token=${encodeURIComponent(p.token)}` : '';
  const action = (what: string) => `/games/${s.id}/${what}`;
  return (
    <>
      <h1>
        {title} <span class="small">game {s.id}</span>
      </h1>
      <p class="players">
        <span>White: {s.players.white.name ?? 'no name given'}</span> · <span>Black: {s.players.black.name ?? 'no name given'}</span>
        {you ? (
          <>
            {' '}
            · <strong>you are {colorName(you)}</strong>
          </>
        ) : (
          <> · you are watching</>
        )}
      </p>
      <div class="status" id="status" aria-live="polite">
        {active ? (
          <p>
            {yourTurn ? <strong>Your turn</strong> : <strong>{colorName(s.sideToMove)} to move</strong>}
            {s.phase ? <> · phase: {s.phase}</> : null} · ply {s.ply}
            {s.lastMove ? (
              <>
                {' '}
                · last turn: {colorName(s.lastMove.side)} <code>{s.lastMove.text}</code>
              </>
            ) : null}
          </p>
        ) : (
          <p class="result">{resultWords(s)}</p>
        )}
        {s.check && active ? <p class="check">{colorName(s.sideToMove)} is in check.</p> : null}
        {s.check && !active && s.reason === 'check' ? <p class="check">{colorName(s.sideToMove)}'s king is attacked.</p> : null}
        {active && s.clock?.deadline ? (
          <p>
            {colorName(s.sideToMove)} must move by <time datetime={s.clock.deadline}>{formatDeadline(s.clock.deadline)}</time> ({s.clock.daysPerMove} day
            {s.clock.daysPerMove === 1 ? '' : 's'} per move{s.clock.timeout === 'claim' ? '; the win on time must be claimed' : ''}).
          </p>
        ) : null}
        {active && s.drawOffer ? <p class="msg info">{s.drawOffer === you ? 'You offered a draw.' : `${colorName(s.drawOffer)} offers a draw.`}</p> : null}
      </div>
      <div id="flash" role="status">
        {p.flash?.error ? (
          <p class="msg error" role="alert">
            {p.flash.error}
          </p>
        ) : null}
        {p.flash?.ok ? <p class="msg ok">{p.flash.ok}</p> : null}
      </div>
      <div class="game">
        <figure class="board" id="board">
          {raw(p.boardSvg)}
          <figcaption>
            {you && active ? 'Click or tab to a piece, a piece in hand or a platform, then to a target. ' : ''}
            The last turn is tinted yellow; a king in check is ringed red.
          </figcaption>
        </figure>
        <div class="side">
          {you && active ? <MoveForm {...p} yourTurn={yourTurn} /> : null}
          {you && active ? <Actions state={s} token={p.token!} action={action} /> : null}
          {p.rematch ? (
            <form method="post" action={`/games/${s.id}/rematch`}>
              <button type="submit" id="rematch-btn">
                Rematch (colours swapped)
              </button>
            </form>
          ) : null}
          <h2 id="moves-h">Moves</h2>
          <MoveList moves={p.moves} id={s.id} />
          <h2>Links</h2>
          <ul class="small">
            <li>
              Board picture: <a href={`/api/games/${s.id}/board.svg`}>SVG</a> or <a href={`/api/games/${s.id}/board.png`}>PNG</a> — also <code>?ply=N</code> for an earlier position
            </li>
            <li>
              <a href={`/api/games/${s.id}/record`}>Game record (text)</a>
            </li>
            <li>
              Spectator link: <a href={p.spectatorUrl}>{p.spectatorUrl}</a>
            </li>
            {q ? (
              <li>
                This page's address is your secret player link: do not share it.
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </>
  );
};

const MoveForm = (p: GamePageProps & { yourTurn: boolean }) => {
  const s = p.state;
  const preview = p.preview;
  const value = p.moveText ?? preview?.move ?? '';
  return (
    <form method="post" action={`/games/${s.id}/move`} id="move-form" class="move-form">
      <input type="hidden" name="token" value={p.token} />
      <input type="hidden" name="ply" value={String(s.ply + 1)} />
      <label for="move">
        Your move <span class="hint">(e.g. {exampleMove(s.variant, s.phase)})</span>
      </label>
      <input
        type="text"
        id="move"
        name="move"
        class="move"
        value={value}
        autocomplete="off"
        autocapitalize="off"
        spellcheck={false}
        maxlength={200}
        aria-describedby="move-help"
        disabled={!p.yourTurn}
      />
      <p id="move-help" class="small">
        {p.yourTurn ? 'Type a turn, or pick it on the board. Preview shows the position it leads to before you send it.' : `Waiting for ${colorName(s.sideToMove)}. This page updates by itself.`}
      </p>
      <div id="chooser" class="chooser row" hidden></div>
      <div class="row">
        <button type="submit" name="do" value="preview" formmethod="get" formaction={`/games/${s.id}`} class="secondary" id="preview-btn" disabled={!p.yourTurn}>
          Preview
        </button>
        <button type="submit" name="do" value="send" id="send-btn" disabled={!p.yourTurn}>
          Send move
        </button>
        <button type="button" class="secondary" id="clear-btn" hidden>
          Clear
        </button>
      </div>
      <div id="preview" class="preview" hidden={!preview} aria-live="polite">
        {preview ? <PreviewBlock {...preview} /> : null}
      </div>
    </form>
  );
};

export const PreviewBlock = (props: { move: string; result: Preview | { ok: false; error: string } }) => {
  const r = props.result;
  if (!r.ok)
    return (
      <p class="msg error" role="alert">
        {aboutMove(props.move, r.error)}
      </p>
    );
  return (
    <>
      <p>
        Preview of <code>{r.canonical}</code> (ply {r.ply}): {colorName(r.state.sideToMove)} would be to move
        {r.state.check ? ', in check' : ''}
        {r.state.outcome ? ` — the game would end: ${outcomeWords(r.state.outcome)}` : ''}. Not sent yet.
      </p>
      {raw(r.svg)}
    </>
  );
};

/** "<move>: <why>", unless the reason already starts with the move. */
export const aboutMove = (move: string, error: string) => (error.toLowerCase().startsWith(`${move.toLowerCase()}:`) ? error : `${move}: ${error}`);

function exampleMove(variant: string, phase?: string): string {
  if (variant === 'planar') return phase === 'kings' ? 'K@Ab1' : 'Ab2-Ab3, Q@Ab2=XZ, Cb3=YZ';
  if (phase === 'platforms') return variant === 'curved-space' ? '3@Wa1u' : '@Wa1u';
  if (phase === 'kings') return 'K@Wb1';
  if (variant === 'warp-factor') return 'Wb2-Wb3, Wa1u-Na1u';
  return variant === 'curved-space' ? 'Wb1-Nc3, N@Wc1' : 'Wb1-Nc3, N@Wc1, Wa1u-Na1u';
}

const Actions = (p: { state: PublicState; token: string; action: (what: string) => string }) => {
  const s = p.state;
  const you = s.you!;
  const other = you === 'white' ? 'black' : 'white';
  // Every action is a small form posting the player's token (works without JavaScript).
  const actionForm = (what: string, label: string, opts: { kind?: 'secondary' | 'danger'; drawAction?: string; confirm?: string } = {}) => (
    <form method="post" action={p.action(what)}>
      <input type="hidden" name="token" value={p.token} />
      {opts.drawAction ? <input type="hidden" name="action" value={opts.drawAction} /> : null}
      <button type="submit" class={opts.kind} data-confirm={opts.confirm}>
        {label}
      </button>
    </form>
  );
  const claimable = s.clock?.timeout === 'claim' && s.sideToMove === other && s.clock.deadline !== null && Date.parse(s.clock.deadline) < Date.now();
  return (
    <section class="actions" aria-labelledby="actions-h">
      <h2 id="actions-h">Other actions</h2>
      <div class="row">
        {s.drawOffer === other ? (
          <>
            {actionForm('draw', 'Accept the draw', { drawAction: 'accept' })}
            {actionForm('draw', 'Decline the draw', { drawAction: 'decline', kind: 'secondary' })}
          </>
        ) : s.drawOffer !== you ? (
          actionForm('draw', 'Offer a draw', { drawAction: 'offer', kind: 'secondary' })
        ) : null}
        {s.ply < 2 ? actionForm('abort', 'Abort', { kind: 'secondary', confirm: 'Abort this game?' }) : null}
        {claimable ? actionForm('claim', 'Claim the win on time') : null}
        {actionForm('resign', 'Resign', { kind: 'danger', confirm: 'Resign this game?' })}
      </div>
    </section>
  );
};

const MoveList = (p: { moves: readonly PublicMove[]; id: string }) => {
  if (!p.moves.length)
    return (
      <div class="moves" id="moves">
        <p>No moves yet.</p>
      </div>
    );
  const rows: { n: number; white?: PublicMove; black?: PublicMove }[] = [];
  for (const m of p.moves) {
    const n = Math.ceil(m.ply / 2);
    if (m.side === 'white' || !rows.length || rows[rows.length - 1]!.n !== n) rows.push({ n, [m.side]: m });
    else rows[rows.length - 1]!.black = m;
  }
  const link = (m: PublicMove) => (
    <a href={`/api/games/${p.id}/board.svg?ply=${m.ply}`} title={`the board after ply ${m.ply}`}>
      {m.text}
    </a>
  );
  return (
    <div class="moves" id="moves" tabindex={0} aria-labelledby="moves-h">
      <ol>
        {rows.map((r) => (
          <li value={r.n}>
            {r.white ? link(r.white) : '…'} {r.black ? link(r.black) : null}
          </li>
        ))}
      </ol>
    </div>
  );
};
