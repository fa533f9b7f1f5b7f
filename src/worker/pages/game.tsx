// The game page: one component for both the players' links and the spectator
// link. Everything is in the HTML (board, status, moves, forms), so the page
// works without JavaScript; /static/game.js adds click-to-move, previews
// without a reload and live updates by swapping the #live region. Its parts each have a file:
// the status (game-status.tsx), the move and hint forms (move-form.tsx), the messages
// (game-messages.tsx); what it is given is in game-page-props.ts, which they all import.
import { raw } from 'hono/html';
import { colorName, opposite, plural, type Color } from '../../engine/types.ts';
import { conditionalExample } from '../text/commands.ts';
import { BoardHelp } from './board-help.tsx';
import { Layout, ErrorLine } from './layout.tsx';
import { RatingBadge, ratingText } from './rating-badge.tsx';
import { ratingChangeText } from '../../service/ratings.ts';
import { usePageInfo } from './site.tsx';
import { Actions } from './actions.tsx';
import { PlanReplies } from './plan-replies.tsx';
import { fromSetUp } from '../../service/stored-game.ts';
import { waitsFor } from '../../service/public-state.ts';
import { MoveList, turnLabel } from './move-list.tsx';
import { EmailsOff, SeatLinkForm, SettingsForm } from './notification-settings.tsx';
import { AnalysisPanel } from './analysis.tsx';
import { AnalysisBoard } from './analysis-board.tsx';
import { playerName, type GamePageProps } from './game-page-props.ts';
import { GameStatus } from './game-status.tsx';
import { HintForm, MoveForm } from './move-form.tsx';
import { Messages } from './game-messages.tsx';

export type { Flash, GamePageProps } from './game-page-props.ts';
export { aboutMove } from './move-form.tsx';

/** A side's rating beside its name: once a rated game is rated, the rating before and the change; before that, the rating now. */
const SideRating = (props: { p: GamePageProps; side: Color }) => {
  const done = props.p.state.ratings?.[props.side];
  if (done)
    return (
      <span class="rating" title={`rating before the game ${done.rating}, RD ${done.rd}`}>
        {' '}
        ({ratingText(done)} {ratingChangeText(done.rating, done.change)})
      </span>
    );
  return <RatingBadge r={props.p.ratings?.[props.side]} />;
};

/** A side's name, a link to the player's profile when a player holds the side (not the computer, not a seat without a key). */
const SideName = (props: { p: GamePageProps; side: Color }) => {
  const shown = props.p.state.players[props.side];
  const id = shown.computer === undefined ? props.p.playerIds?.[props.side] : undefined;
  const name = shown.name ?? (id ? `player ${id}` : 'not named');
  return id ? <a href={`/players/${id}`}>{name}</a> : name;
};

/**
 * The spectator's page with nobody signed in (an email's "The game" link opened on another device):
 * how a player gets their seat here. The same words on every game, so they tell nothing about this one.
 */
const SpectatorHint = (p: { watching: boolean; id: string }) => {
  const { viewer } = usePageInfo();
  if (!p.watching || viewer) return null;
  return (
    <p class="small" id="spectator-hint">
      Is this your game? <a href={`/me?next=/games/${p.id}`}>Sign in</a> on this device (or open your own link to the game: the one you were given when it
      began, or the one in its first email) to play it here.
    </p>
  );
};

/**
 * "Next game": to the game waiting for the signed-in player with the nearest deadline (/next),
 * this one left out; `waitingHere`: this game waits for them too (the count is of the others).
 */
const NextGame = (p: { id: string; waitingHere: boolean }) => {
  const { viewer } = usePageInfo();
  if (!viewer) return null;
  const others = Math.max(0, viewer.waiting - (p.waitingHere ? 1 : 0));
  if (!others)
    return (
      <p class="small next-game" id="no-next-game">
        No other game waits for you (<a href="/me">your games</a>).
      </p>
    );
  return (
    <p class="row next-game">
      <a class="button" id="next-game" href={`/next?after=${p.id}`}>
        Next game
      </a>
      <span class="small">{plural(others, 'other game')} waiting for you</span>
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

/** A finished game's rematch, for one of its players: the button, or where it stands. */
function Rematch({ id, rematch }: { id: string; rematch: NonNullable<GamePageProps['rematch']> }) {
  if (rematch === 'sign-in')
    return (
      <p class="hint">
        <a href="/me">Sign in</a> to offer a rematch.
      </p>
    );
  if (typeof rematch === 'object' && 'started' in rematch)
    return (
      <p id="rematch-started">
        The rematch has started: <a href={`/games/${rematch.started}`}>open the rematch game</a>.
      </p>
    );
  if (typeof rematch === 'object' && 'offered' in rematch)
    return (
      <p id="rematch-offered">
        You offered a rematch; it waits for your opponent's answer (<a href={`/challenges/${rematch.offered}`}>your offer</a>).
      </p>
    );
  const waiting = typeof rematch === 'object';
  return (
    <form method="post" action={`/games/${id}/rematch`}>
      {waiting ? <p>Your opponent offers a rematch, colours swapped.</p> : null}
      <button type="submit" id="rematch-btn">
        {waiting ? 'Accept the rematch' : 'Rematch (colours swapped)'}
      </button>
    </form>
  );
}

/**
 * A game played by links, once over (state.rematch): either player offers the same game again, the
 * other accepts or declines; once made, each page leads to it with the reader's own token.
 */
function LinkRematch({ s, token }: { s: GamePageProps['state']; token: string | undefined }) {
  const r = s.rematch!;
  const q = token ? `?token=${encodeURIComponent(token)}` : '';
  if (r.gameId)
    return (
      <p class="msg info" id="rematch-started">
        Rematch: <a href={`/games/${r.gameId}${q}`}>open the new game</a>.
      </p>
    );
  if (!s.you) return null;
  if (r.offeredBy === s.you)
    return (
      <p class="msg info" id="rematch-offered" data-own-offer="rematch">
        You offered a rematch, colours swapped; it waits for your opponent's answer.
      </p>
    );
  const theirs = r.offeredBy !== null;
  return (
    <form method="post" action={`/games/${s.id}/rematch`} id="rematch-form">
      {token ? <input type="hidden" name="token" value={token} /> : null}
      {theirs ? <p class="msg info">Your opponent offers a rematch, colours swapped.</p> : null}
      <div class="row">
        <button type="submit" name="action" value={theirs ? 'accept' : 'offer'} id="rematch-btn">
          {theirs ? 'Accept the rematch' : 'Rematch (colours swapped)'}
        </button>
        {theirs ? (
          <button type="submit" name="action" value="decline" class="secondary">
            Decline
          </button>
        ) : null}
      </div>
    </form>
  );
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
      data-position={s.position}
      data-updated={s.updatedAt}
      data-status={s.status}
      data-side-to-move={s.sideToMove}
      data-you={s.you ?? ''}
      data-variant={s.variant}
      data-from={p.from}
      data-deadline={s.status === 'active' && s.clock?.deadline ? s.clock.deadline : undefined}
      data-rematch-open={s.you && s.rematch && !s.rematch.gameId ? '' : undefined}
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
  // A turn refused without JavaScript comes back with its text: its reason goes beside the move box.
  const turnError = you && active && p.moveText !== undefined ? p.flash?.error : undefined;
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
          White: <SideName p={p} side="white" />
          <SideRating p={p} side="white" />
        </span>{' '}
        ·{' '}
        <span>
          Black: <SideName p={p} side="black" />
          <SideRating p={p} side="black" />
        </span>
        {s.tournamentId ? (
          <>
            {' '}
            · <a href={`/tournaments/${s.tournamentId}`}>{p.tournament ? `${p.tournament.name}, round ${p.tournament.round}` : 'tournament game'}</a>
          </>
        ) : null}
        {/* What is at stake, as the lobby's line says it (tester 14 P16). */}
        <> · {s.rated ? 'rated' : 'casual'}</>
        {you ? (
          <>
            {' '}
            · <strong>you are {colorName(you)}</strong>
          </>
        ) : (
          <> · you are watching</>
        )}
      </p>
      <SpectatorHint watching={!you} id={s.id} />
      {fromSetUp(s) ? (
        <p class="small" id="set-up">
          Started from a set-up position, not the usual start: <code class="position-text">{s.startPosition}</code>
        </p>
      ) : null}
      <GameStatus {...p} yourTurn={yourTurn} />
      {/* An offer to answer makes this game one of those the header counts, as the turn does (tester 9 U4). */}
      <NextGame id={s.id} waitingHere={s.you !== undefined && waitsFor(s, s.you)} />
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
        <ErrorLine error={turnError ? undefined : p.flash?.error} />
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
          <div class="row replay js-only" id="replay" hidden>
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
              {you && active ? (
                <span class="js-only">
                  Click a piece, a piece in hand{s.variant === 'planar' ? '' : ' or a platform'}, then a target; or Tab to the board, move with the arrow keys
                  and press Enter.{' '}
                </span>
              ) : null}
              The last turn is tinted yellow; a king in check is ringed red.
              <span class="js-only"> Left and right arrow keys (outside the board) step through the moves.</span>
            </figcaption>
          </figure>
          {/* A game that ended before any turn has nothing to analyse (tester 9 U13). */}
          {p.analysis !== undefined && s.ply > 0 ? (
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
          {you && active ? <MoveForm {...p} yourTurn={yourTurn} {...(turnError ? { turnError } : {})} /> : null}
          {you && active && s.hints ? <HintForm {...p} yourTurn={yourTurn} /> : null}
          {you && active ? <Actions state={s} token={p.token!} action={action} /> : null}
          {p.conditional && !yourTurn ? (
            <PlanReplies
              id={s.id}
              token={p.token}
              conditional={p.conditional}
              example={conditionalExample(s)}
              {...(p.plan !== undefined ? { plan: p.plan } : {})}
              {...(p.planPreview ? { preview: p.planPreview } : {})}
            />
          ) : null}
          {s.rematch ? <LinkRematch s={s} token={p.token} /> : p.rematch ? <Rematch id={s.id} rematch={p.rematch} /> : null}
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
          {you && p.settings ? <EmailsOff id={s.id} token={p.token} settings={p.settings} /> : null}
          {you && p.token && p.settings ? <SettingsForm id={s.id} token={p.token} settings={p.settings} /> : null}
          {you && p.token ? <SeatLinkForm id={s.id} token={p.token} /> : null}
          {/* Signed in (the /me cookie): the player's notifications, for all their games, are set on /me. */}
          {you && !p.token ? (
            <p class="small" id="settings">
              What you are told in all your games (email, webhook, Web Push, which events, a digest):{' '}
              <a href="/me#notify-form">your notification choices on My games</a>.
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
