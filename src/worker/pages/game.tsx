// The game page: one component for both the players' links and the spectator
// link. Everything is in the HTML (board, status, moves, forms), so the page
// works without JavaScript; /static/game.js adds click-to-move, previews
// without a reload and live updates by swapping the #live region.
import { raw } from 'hono/html';
import { colorName, opposite, plural, type Color } from '../../engine/types.ts';
import type { PublicMessage, PublicMove, PublicState, PublicTakeback } from '../../service/public-state.ts';
import { MAX_MESSAGE_CHARS } from '../../service/schemas.ts';
import { outcomeWords, resultWords } from '../../service/outcome-words.ts';
import type { Preview } from '../../service/preview.ts';
import { conditionalExample, turnExamples } from '../text/commands.ts';
import type { PlayerSettings } from '../../notify/settings.ts';
import { BoardHelp } from './board-help.tsx';
import { Layout, ErrorLine } from './layout.tsx';
import { RatingBadge, ratingText } from './league.tsx';
import type { ShownRating } from '../../service/ratings.ts';
import { usePageInfo } from './site.tsx';
import { Actions } from './actions.tsx';
import { PlanReplies, type PlanRepliesProps } from './plan-replies.tsx';
import type { ConditionalLines } from '../../service/conditional.ts';
import { planOutcomeWords } from '../../service/plan-outcome.ts';
import { fromSetUp } from '../../service/stored-game.ts';
import { afterTurn, MoveList, turnLabel } from './move-list.tsx';
import { SettingsForm } from './notification-settings.tsx';
import { AnalysisPanel } from './analysis.tsx';
import { AnalysisBoard } from './analysis-board.tsx';
import type { GameAnalysis } from '../../service/analysis.ts';
import type { Variation } from '../../service/notes-schemas.ts';

const playerName = (s: PublicState, side: Color) => s.players[side].name ?? colorName(side);

function formatDeadline(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export interface Flash {
  readonly error?: string;
  readonly ok?: string;
}

/** A side's rating beside its name: once a rated game is rated, the rating before and the change; before that, the rating now. */
const SideRating = (props: { p: GamePageProps; side: Color }) => {
  const done = props.p.state.ratings?.[props.side];
  if (done)
    return (
      <span class="rating" title={`rating before the game ${done.rating}, RD ${done.rd}`}>
        {' '}
        ({ratingText(done)} {done.change >= 0 ? '+' : '−'}
        {Math.abs(done.change).toFixed(1)})
      </span>
    );
  return <RatingBadge r={props.p.ratings?.[props.side]} />;
};

export interface GamePageProps {
  /** The players' ratings now (a rated game between players), shown beside their names. */
  readonly ratings?: { readonly white?: ShownRating; readonly black?: ShownRating };
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
  /** A player of a finished game: signed in, offer the same game again; not signed in, how to. */
  readonly rematch?: 'offer' | 'sign-in';
  /** Whose side the board is seen from. */
  readonly from: Color;
  /** Looking at an earlier position (replay without JavaScript). */
  readonly viewPly?: number;
  /** The player's notification settings (players' pages). */
  readonly settings?: PlayerSettings;
  /** The engine's suggestion asked for with the Hint button (practice games), or why there is none. */
  readonly hint?: { readonly move: string } | { readonly error: string };
  /** The game's messages: on the players' pages; on the spectator page only when both players allow it. */
  readonly messages?: readonly PublicMessage[];
  /** Turns taken back by agreement. */
  readonly takebacks?: readonly PublicTakeback[];
  /** The player's conditional lines (planned on the opponent's turn; what became of the last ones, on either turn), the lines being written, and the board after the last. */
  readonly conditional?: ConditionalLines;
  readonly plan?: string;
  readonly planPreview?: PlanRepliesProps['preview'];
  /** A finished game: the computer's analysis (null: none asked for yet), and the board after its better turn at the ply shown. */
  readonly analysis?: GameAnalysis | null;
  readonly bestSvg?: string;
  /** A player's own analysis board variations (their seat's only). */
  readonly variations?: readonly Variation[];
  /** The creator's page: the opponent's link, until the opponent has opened it. */
  readonly invitation?: string;
  /** A seat link opened while signed in, the seat nobody's yet: offer to add the game to /me. */
  readonly claim?: boolean;
}

/** What a placement phase asks for, said before the first turns (First Contact, Curved Space, Planar's kings). */
function phaseWords(s: PublicState, yourTurn: boolean): string {
  const who = yourTurn ? 'You' : colorName(s.sideToMove);
  if (s.phase === 'platforms')
    return s.variant === 'curved-space'
      ? `Placing platforms: ${who === 'You' ? 'place' : `${who} places`} the next numbered platform on a dashed pin (click a dashed pin, then pick its number). Kings come next, then play.`
      : `Placing platforms: ${who === 'You' ? 'place' : `${who} places`} a platform on a dashed pin (click one; it goes upright or inverted). Then each side drops its king, then play starts.`;
  if (s.phase === 'kings')
    return `Placing kings: ${who === 'You' ? 'drop your' : `${who} drops their`} king first (click the king in hand, then an empty cell${s.variant === 'planar' ? ', then a plane' : ''}).`;
  return `Phase: ${s.phase}.`;
}

/** "Next game": to the game waiting for the signed-in player with the nearest deadline (/next). */
const NextGame = (p: { id: string }) => {
  const { viewer } = usePageInfo();
  if (!viewer) return null;
  const others = viewer.waiting;
  return (
    <p class="row next-game">
      <a class="button" id="next-game" href={`/next?after=${p.id}`}>
        Next game
      </a>
      <span class="small">{others ? `${plural(others, 'game')} waiting for you` : 'no game waits for you'}</span>
    </p>
  );
};

/** This page's address with other query values (the token and the side seen from are kept). */
function pageUrl(p: GamePageProps, extra: Record<string, string>): string {
  const q = new URLSearchParams();
  if (p.token) q.set('token', p.token);
  if (p.from !== (p.state.you ?? 'white')) q.set('from', p.from);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const s = q.toString();
  return `/games/${p.state.id}${s ? `?${s}` : ''}`;
}

export const GamePage = (p: GamePageProps) => {
  const s = p.state;
  const title = s.title ?? s.variant;
  return (
    <Layout title={`${title}: ${playerName(s, 'white')} vs ${playerName(s, 'black')} — Subspace`} script wide>
      <Live {...p} />
      {p.variations ? <AnalysisBoard ply={p.viewPly ?? s.ply} active={s.status === 'active'} variations={p.variations} /> : null}
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
      data-from={p.from}
      data-deadline={s.status === 'active' && s.clock?.deadline ? s.clock.deadline : undefined}
    >
      <LiveRegion {...p} />
    </div>
  );
};

const LiveRegion = (p: GamePageProps) => {
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
        <span>
          White: {s.players.white.name ?? 'no name given'}
          <SideRating p={p} side="white" />
        </span>{' '}
        ·{' '}
        <span>
          Black: {s.players.black.name ?? 'no name given'}
          <SideRating p={p} side="black" />
        </span>
        {s.tournamentId ? (
          <>
            {' '}
            · <a href={`/tournaments/${s.tournamentId}`}>tournament game</a>
          </>
        ) : null}
        {you ? (
          <>
            {' '}
            · <strong>you are {colorName(you)}</strong>
          </>
        ) : (
          <> · you are watching</>
        )}
      </p>
      {fromSetUp(s) ? (
        <p class="small" id="set-up">
          Started from a set-up position, not the usual start: <code class="position-text">{s.startPosition}</code>
        </p>
      ) : null}
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
          <>
            <p class="result">{resultWords(s)}</p>
            <p>
              <a class="button" href="/">
                Start a new game
              </a>
            </p>
          </>
        )}
        {active && s.phase && s.phase !== 'play' ? (
          <p class="msg info" id="phase-help">
            {phaseWords(s, yourTurn)}
          </p>
        ) : null}
        {s.check && active ? <p class="check">{colorName(s.sideToMove)} is in check.</p> : null}
        {s.check && !active && s.reason === 'check' ? <p class="check">{colorName(s.sideToMove)}'s king is attacked.</p> : null}
        {active && s.clock?.deadline ? (
          <p>
            {colorName(s.sideToMove)} must move by{' '}
            <time datetime={s.clock.deadline} id="deadline">
              {formatDeadline(s.clock.deadline)}
            </time>{' '}
            ({plural(s.clock.daysPerMove, 'day')} per move{s.clock.timeout === 'claim' ? '; the win on time must be claimed' : ''}).
          </p>
        ) : null}
        {active && s.pause ? (
          <p class="msg info" id="pause">
            Paused by agreement ({colorName(s.pause.by)} asked): the clock is stopped until{' '}
            <time datetime={s.pause.until} data-local="">
              {formatDeadline(s.pause.until)}
            </time>
            ; then {colorName(s.sideToMove)} must move by{' '}
            <time datetime={s.pause.deadline} data-local="">
              {formatDeadline(s.pause.deadline)}
            </time>
            .
          </p>
        ) : null}
        {active && s.pauseOffer ? (
          <p class="msg info" data-own-offer={s.pauseOffer.by === you ? 'pause' : undefined}>
            {s.pauseOffer.by === you ? 'You asked' : `${colorName(s.pauseOffer.by)} asks`} for a pause of {plural(s.pauseOffer.days, 'day')}.
          </p>
        ) : null}
        {active && s.clock?.leaveDays ? (
          <p class="small" id="leave-left">
            Leave days left: White {s.clock.leaveLeft.white}, Black {s.clock.leaveLeft.black} (of {s.clock.leaveDays} each).
          </p>
        ) : null}
        {active && s.drawOffer ? (
          <p class="msg info" data-own-offer={s.drawOffer === you ? 'draw' : undefined}>
            {s.drawOffer === you ? 'You offered a draw.' : `${colorName(s.drawOffer)} offers a draw.`}
          </p>
        ) : null}
        {you && p.conditional?.outcome ? (
          <p class="msg info" id="plan-outcome">
            {planOutcomeWords(p.conditional.outcome, opposite(you))}
          </p>
        ) : null}
        {active && s.takebackOffer ? (
          <p class="msg info" data-own-offer={s.takebackOffer === you ? 'takeback' : undefined}>
            {s.takebackOffer === you ? 'You asked to take back your last turn.' : `${colorName(s.takebackOffer)} asks to take back their last turn.`}
          </p>
        ) : null}
      </div>
      <NextGame id={s.id} />
      {p.invitation ? (
        <div class="msg info links" id="invitation">
          <label for="invitation-link">Your opponent has not opened their link yet. Send them this link ({colorName(opposite(you!))}'s, secret):</label>
          <div class="row">
            <input type="text" id="invitation-link" readonly value={p.invitation} data-link="invitation" />
          </div>
        </div>
      ) : null}
      {p.claim ? (
        <form method="post" action={`/games/${s.id}/add-to-my-games`} id="add-to-my-games" class="row">
          {p.token ? <input type="hidden" name="token" value={p.token} /> : null}
          <button type="submit" class="secondary">
            Add this game to my games
          </button>
          <span class="small">It then shows on My games, and opens from any device where you are signed in.</span>
        </form>
      ) : null}
      <div id="flash" role="status">
        <ErrorLine error={p.flash?.error} />
        {p.flash?.ok ? <p class="msg ok">{p.flash.ok}</p> : null}
      </div>
      <div class="game">
        <div class="board-col">
          <div class="row board-tools" id="board-tools">
            <a class="button secondary" href={pageUrl(p, { from: p.from === 'white' ? 'black' : 'white' })} id="flip" data-from={p.from}>
              Turn the board round
            </a>
            <span class="small">Seen from {colorName(p.from)}'s side</span>
          </div>
          {p.viewPly !== undefined ? (
            <p class="msg info" id="replay-note">
              You are looking at the position after ply {p.viewPly} of {s.ply}. <a href={pageUrl(p, {})}>Back to the game now</a>
            </p>
          ) : null}
          <div class="row replay" id="replay" hidden>
            <button type="button" class="secondary" data-replay="start" aria-label="Start: the position before the first move">
              Start
            </button>
            <button type="button" class="secondary" data-replay="back" aria-label="One ply back">
              ◀
            </button>
            <button type="button" class="secondary" data-replay="forward" aria-label="One ply forward">
              ▶
            </button>
            <button type="button" class="secondary" data-replay="live" aria-label="Back to the game now">
              Now
            </button>
            <span id="replay-status" class="small" aria-live="polite"></span>
          </div>
          <figure class="board" id="board" data-ply={String(p.viewPly ?? s.ply)}>
            {raw(p.boardSvg)}
            <figcaption>
              {you && active
                ? `Click a piece, a piece in hand${s.variant === 'planar' ? '' : ' or a platform'}, then a target; or Tab to the board, move with the arrow keys and press Enter. `
                : ''}
              The last turn is tinted yellow; a king in check is ringed red. Left and right arrow keys (outside the board) step through the moves.
            </figcaption>
          </figure>
          {p.analysis !== undefined ? (
            <AnalysisPanel
              id={s.id}
              analysis={p.analysis}
              link={(ply) => pageUrl(p, { ply: String(ply) })}
              viewPly={p.viewPly ?? s.ply}
              {...(p.bestSvg ? { bestSvg: p.bestSvg } : {})}
            />
          ) : null}
          <BoardHelp variant={s.variant} rulesLink />
        </div>
        <div class="side">
          {you && active ? <MoveForm {...p} yourTurn={yourTurn} /> : null}
          {you && active && s.hints ? <HintForm {...p} yourTurn={yourTurn} /> : null}
          {you && active ? <Actions state={s} token={p.token!} action={action} /> : null}
          {p.conditional && !yourTurn ? (
            <PlanReplies
              id={s.id}
              token={p.token}
              conditional={p.conditional}
              example={conditionalExample(s)}
              {...(p.plan ? { plan: p.plan } : {})}
              {...(p.planPreview ? { preview: p.planPreview } : {})}
            />
          ) : null}
          {p.rematch === 'sign-in' ? (
            <p class="hint">
              <a href="/me">Sign in</a> to offer a rematch.
            </p>
          ) : p.rematch ? (
            <form method="post" action={`/games/${s.id}/rematch`}>
              <button type="submit" id="rematch-btn">
                Rematch (colours swapped)
              </button>
            </form>
          ) : null}
          <h2 id="moves-h">Moves</h2>
          <MoveList
            moves={p.moves}
            link={(ply) => pageUrl(p, { ply: String(ply) })}
            {...(p.analysis?.status === 'done'
              ? { marks: new Map(p.analysis.plies.flatMap((m) => (m.judgement ? [[m.ply, m.judgement] as const] : []))) }
              : {})}
          />
          {p.takebacks?.length ? (
            <ul class="small takebacks" id="takebacks">
              {p.takebacks.map((t) => (
                <li>
                  Taken back by agreement ({colorName(t.side)} asked): {t.turns.map(turnLabel).join(', ')}
                </li>
              ))}
            </ul>
          ) : null}
          {p.messages || you ? <Messages {...p} /> : null}
          {you && p.token && p.settings ? <SettingsForm id={s.id} token={p.token} settings={p.settings} /> : null}
          {/* Signed in (the /me cookie): the player's notifications, for all their games, are set on /me. */}
          {you && !p.token ? (
            <p class="small" id="settings">
              Notifications of your turns in all your games: <a href="/me#settings-form">your settings on My games</a>.
            </p>
          ) : null}
          <h2>Links</h2>
          <ul class="small">
            <li>
              Board picture: <a href={`/api/games/${s.id}/board.svg`}>SVG</a> or <a href={`/api/games/${s.id}/board.png`}>PNG</a> — also <code>?ply=N</code> for
              an earlier position
            </li>
            <li>
              <a href={`/api/games/${s.id}/record`}>Game record (text)</a>
            </li>
            <li>
              Position text (to start a new game from here, on the <a href="/">home page</a>): <code class="position-text">{s.position}</code>
            </li>
            <li>
              <a href={`/rules/${s.variant}`}>Rules of {title}</a>
            </li>
            <li>
              Spectator link:{' '}
              <a href={p.spectatorUrl} data-copy={p.spectatorUrl}>
                {p.spectatorUrl}
              </a>
            </li>
            {q ? <li>This page's address is your secret player link: do not share it.</li> : null}
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
  const example = p.yourTurn ? turnExamples(s)[0]?.text : undefined;
  return (
    <form method="post" action={`/games/${s.id}/move`} id="move-form" class="move-form">
      {/* A signed-in player's key stays in its cookie: no token field, and none in a Preview or Hint address. */}
      {p.token ? <input type="hidden" name="token" value={p.token} /> : null}
      <input type="hidden" name="ply" value={String(s.ply + 1)} />
      <label for="move">Your move {example ? <span class="hint">(e.g. {example})</span> : null}</label>
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
        {p.yourTurn
          ? 'Type a turn, or pick it on the board. Preview shows the position it leads to before you send it.'
          : `Waiting for ${colorName(s.sideToMove)}. This page updates by itself.`}
      </p>
      <label for="move-message">
        Message with your move <span class="hint">(optional, up to {MAX_MESSAGE_CHARS} characters)</span>
      </label>
      <textarea id="move-message" name="message" rows={2} maxlength={MAX_MESSAGE_CHARS} disabled={!p.yourTurn}></textarea>
      <div id="chooser" class="chooser row" hidden></div>
      <div class="row">
        <button
          type="submit"
          name="do"
          value="preview"
          formmethod="get"
          formaction={`/games/${s.id}`}
          class="secondary"
          id="preview-btn"
          disabled={!p.yourTurn}
        >
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

/**
 * Practice games (against the computer, or both players chose hints): the engine's suggestion.
 * A form of its own, so it is a plain page load with or without the script: the page comes back
 * with the suggested turn in the move box and previewed.
 */
const HintForm = (p: GamePageProps & { yourTurn: boolean }) => (
  <form method="get" action={`/games/${p.state.id}`} id="hint-form" class="row">
    {p.token ? <input type="hidden" name="token" value={p.token} /> : null}
    {p.from !== (p.state.you ?? 'white') ? <input type="hidden" name="from" value={p.from} /> : null}
    <button type="submit" name="do" value="hint" class="secondary" id="hint-btn" disabled={!p.yourTurn}>
      Hint
    </button>
    <span id="hint" class="small" role="status">
      {p.hint === undefined ? (
        'A practice game: ask the computer for a turn (it goes into the box; nothing is sent).'
      ) : 'move' in p.hint ? (
        <>
          The computer suggests <code data-hint={p.hint.move}>{p.hint.move}</code>: it is in the move box above, previewed. Press Send move to play it.
        </>
      ) : (
        <strong>No hint: {p.hint.error}</strong>
      )}
    </span>
  </form>
);

const PreviewBlock = (props: { move: string; result: Preview | { ok: false; error: string } }) => {
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

/** The players' messages (text only: JSX escapes it), a form to send one, and the spectator switch. */
const Messages = (p: GamePageProps) => {
  const s = p.state;
  const you = s.you;
  const mineShown = you ? s.spectatorMessages[you] : false;
  const bothShown = s.spectatorMessages.white && s.spectatorMessages.black;
  return (
    <section class="messages" id="messages" aria-labelledby="messages-h">
      <h2 id="messages-h">Messages</h2>
      {p.messages?.length ? (
        <ol class="message-list">
          {p.messages.map((m) => (
            <li data-side={m.side}>
              <strong>{playerName(s, m.side)}</strong> <span class="small">({afterTurn(m.ply, p.moves)})</span>: <span class="message-text">{m.text}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p class="small">No messages yet.</p>
      )}
      {/* A signed-in player's forms carry no token: the key in the /me cookie acts (withCookieKey). */}
      {you ? (
        <>
          <form method="post" action={`/games/${s.id}/message`} id="message-form">
            {p.token ? <input type="hidden" name="token" value={p.token} /> : null}
            <label for="message-text">
              Message to {playerName(s, you === 'white' ? 'black' : 'white')} <span class="hint">(up to {MAX_MESSAGE_CHARS} characters)</span>
            </label>
            <textarea id="message-text" name="text" rows={2} maxlength={MAX_MESSAGE_CHARS} required></textarea>
            <div class="row">
              <button type="submit" class="secondary" id="message-send">
                Send message
              </button>
            </div>
          </form>
          <form method="post" action={`/games/${s.id}/message-visibility`} id="message-visibility">
            {p.token ? <input type="hidden" name="token" value={p.token} /> : null}
            <input type="hidden" name="spectators" value={mineShown ? 'no' : 'yes'} />
            <p class="small">
              {bothShown
                ? 'Spectators can read these messages (both of you allow it). '
                : mineShown
                  ? 'You let spectators read these messages; they see them once your opponent does too. '
                  : 'Only the two players see these messages. '}
              <button type="submit" class="secondary">
                {mineShown ? 'Keep them private' : 'Let spectators read them'}
              </button>
            </p>
          </form>
        </>
      ) : null}
    </section>
  );
};
