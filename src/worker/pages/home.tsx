// The home page (start a game) and the page that hands out the three links.
import { plural, VARIANTS, variantTitle } from '../../engine/types.ts';
import { COMPUTER_LEVELS, DAYS_PER_MOVE, MAX_LEAVE_DAYS, MAX_POSITION_TEXT } from '../../service/schemas.ts';
import { Layout } from './layout.tsx';
import { startingGame } from '../../service/new-game.ts';

export interface HomeValues {
  variant?: string;
  white?: string;
  black?: string;
  days?: string;
  timeout?: string;
  leave?: string;
  platforms?: string;
  platformMoves?: string;
  opponent?: string;
  level?: string;
  side?: string;
  position?: string;
}

/** The start position of each variant, for the home page's small pictures (built once). */
const starts = new Map<string, string>();
function startPicture(variant: string): string {
  let position = starts.get(variant);
  if (position === undefined) {
    const game = startingGame(variant, variant === 'curved-space' ? { platforms: 4 } : {});
    position = game.ok ? game.value.positionText : '';
    starts.set(variant, position);
  }
  const q = new URLSearchParams({ variant, position, size: '240' });
  if (variant === 'curved-space') q.set('options', JSON.stringify({ platforms: 4 }));
  return `/api/board.svg?${q}`;
}

/**
 * One short flow: 1 the variant (each with a small picture of its board), 2 the opponent, 3 the
 * clock, then Start. Options show only for the variant or opponent chosen (CSS :has on the
 * checked radio, so no script is needed; a browser without :has shows them all).
 */
export const HomePage = (props: { error?: string; values?: HomeValues }) => {
  const v = props.values ?? {};
  const variant = v.variant ?? 'first-contact';
  const platforms = v.platforms ?? '4';
  const more = Boolean(v.white || v.black || v.position || (v.leave && v.leave !== '0') || v.timeout === 'claim');
  return (
    <Layout title="Subspace — start a 3D chess game">
      <h1>Start a game</h1>
      <p class="lead">
        L. Lynn Smith's 3D chess variants, by correspondence: pick a game, an opponent and a clock. You get a secret link for each player and one for
        spectators; nobody needs an account.
      </p>
      {props.error ? (
        <p class="msg error" role="alert" id="form-error">
          {props.error}
        </p>
      ) : null}
      <form method="post" action="/games" class="start" data-once aria-describedby={props.error ? 'form-error' : undefined}>
        <fieldset class="variants">
          <legend>1. Variant</legend>
          <div class="variant-grid">
            {VARIANTS.map((c) => (
              <label class="variant-card" for={`variant-${c.id}`}>
                <input type="radio" name="variant" id={`variant-${c.id}`} value={c.id} checked={c.id === variant} />
                <img src={startPicture(c.id)} alt="" width="120" height="120" loading="lazy" />
                <span class="variant-text">
                  <strong>{c.title}</strong>
                  <span class="about">{c.about}</span>
                </span>
              </label>
            ))}
          </div>
          <p class="small">
            Rules:{' '}
            {VARIANTS.map((c, i) => (
              <>
                {i ? ' · ' : ''}
                <a href={`/rules/${c.id}`}>{c.title}</a>
              </>
            ))}
          </p>
          <div class="variant-options" id="options-curved-space">
            <p class="small">{variantTitle('curved-space')} options:</p>
            <label for="platforms">Number of platforms</label>
            <select id="platforms" name="platforms">
              {Array.from({ length: 12 }, (_, i) => String(i + 1)).map((n) => (
                <option value={n} selected={n === platforms}>
                  {n}
                </option>
              ))}
            </select>
            <label for="platformMoves">Platform moves</label>
            <select id="platformMoves" name="platformMoves">
              <option value="fixed" selected={v.platformMoves !== 'after-capture'}>
                fixed: platforms stay where they are placed
              </option>
              <option value="after-capture" selected={v.platformMoves === 'after-capture'}>
                after-capture: a capture may be followed by moving an empty platform
              </option>
            </select>
          </div>
        </fieldset>
        <fieldset>
          <legend>2. Opponent</legend>
          <div class="radio">
            <label>
              <input type="radio" name="opponent" value="human" id="opponent-human" checked={v.opponent !== 'computer'} /> a friend (you send them a link)
            </label>
            <label>
              <input type="radio" name="opponent" value="computer" checked={v.opponent === 'computer'} id="opponent-computer" /> the computer
            </label>
          </div>
          <div class="computer-options">
            <label for="level">Computer's level</label>
            <select id="level" name="level">
              {COMPUTER_LEVELS.map((n) => (
                <option value={String(n)} selected={String(n) === (v.level ?? '2')}>
                  {n}
                  {n === 1 ? ' (plays almost at random)' : n === 6 ? ' (correspondence, strongest)' : ''}
                </option>
              ))}
            </select>
            <p class="small">
              Against the computer you may ask for hints; with a clock, a deadline you let pass ends the game (the computer never claims a win on time).
            </p>
          </div>
          <label for="side">You play</label>
          <select id="side" name="side">
            <option value="white" selected={v.side !== 'black'}>
              White (moves first)
            </option>
            <option value="black" selected={v.side === 'black'}>
              Black
            </option>
          </select>
        </fieldset>
        <fieldset>
          <legend>3. Clock</legend>
          <label for="days">Time per move</label>
          <select id="days" name="days">
            <option value="" selected={!v.days}>
              no clock
            </option>
            {DAYS_PER_MOVE.map((d) => (
              <option value={String(d)} selected={v.days === String(d)}>
                {plural(d, 'day')} per move
              </option>
            ))}
          </select>
        </fieldset>
        <details class="settings" open={more}>
          <summary>More options: names, leave days, timeouts, a start position</summary>
          <label for="white">
            White's name <span class="hint">(optional)</span>
          </label>
          <input type="text" id="white" name="white" maxlength={40} autocomplete="off" value={v.white ?? ''} />
          <label for="black">
            Black's name <span class="hint">(optional)</span>
          </label>
          <input type="text" id="black" name="black" maxlength={40} autocomplete="off" value={v.black ?? ''} />
          <label for="leave">
            Leave days for each player <span class="hint">(0-{MAX_LEAVE_DAYS}: days a player may add to their own deadline; needs a clock)</span>
          </label>
          <input type="number" id="leave" name="leave" min={0} max={MAX_LEAVE_DAYS} value={v.leave ?? '0'} />
          {/* Not for the computer, which never claims a win on time (hidden by CSS :has; the server takes "auto" for it: tester 18 Y7). */}
          <div class="radio timeout-choice" role="radiogroup" aria-labelledby="timeout-label">
            <p id="timeout-label" class="small">
              When a deadline passes:
            </p>
            <label>
              <input type="radio" name="timeout" value="auto" checked={v.timeout !== 'claim'} /> the game ends on time
            </label>
            <label>
              <input type="radio" name="timeout" value="claim" checked={v.timeout === 'claim'} /> the waiting player may claim the win
            </label>
          </div>
          <label for="position">
            Start from a position <span class="hint">(optional: position text; empty = the usual start)</span>
          </label>
          <input
            type="text"
            id="position"
            name="position"
            maxlength={MAX_POSITION_TEXT}
            autocomplete="off"
            spellcheck={false}
            aria-describedby="position-about"
            value={v.position ?? ''}
          />
          <p class="small" id="position-about">
            A set-up in position text, as a game page shows under Links ("Position text"). It must be a position the chosen variant can reach, with a turn left
            to play; a bad one comes back here with the reason.
          </p>
        </details>
        <p>
          <button type="submit" id="start-btn">
            Start the game
          </button>
        </p>
      </form>
      <h2>Other ways in</h2>
      <ul class="small">
        <li>
          Play someone from the <a href="/lobby">lobby</a>, or offer a game there from <a href="/me">your games</a>.
        </li>
        <li>
          The JSON API is described at <a href="/openapi.json">/openapi.json</a>.
        </li>
      </ul>
    </Layout>
  );
};

export const CreatedPage = (props: {
  id: string;
  title: string;
  links: { white?: string; black?: string; spectator: string };
  /** The creator's side. */
  me: 'white' | 'black';
  /** The creator's seat is their player's (signed in): the game is on /me. */
  owned: boolean;
}) => {
  const them = props.me === 'white' ? 'black' : 'white';
  const name = (side: 'white' | 'black') => (side === 'white' ? 'White' : 'Black');
  const friend = Boolean(props.links.white && props.links.black);
  const rows = [
    [props.me, `Your link (${name(props.me)}, secret)`, props.links[props.me]],
    [them, `Your opponent's link (${name(them)}, secret): send it to them`, friend ? props.links[them] : undefined],
    ['spectator', 'Spectator link (anyone may watch)', props.links.spectator],
  ] as const;
  return (
    <Layout title={`${props.title} game started — Subspace`} script>
      <h1>Your {props.title} game is ready</h1>
      <p class="msg info" role="status">
        {friend
          ? props.owned
            ? 'The game is in My games. Send your opponent their link; it also stays on your game page until they open it.'
            : "Keep these links: each player's link is their secret key to the game. Send your opponent their link."
          : props.owned
            ? 'The game against the computer is in My games.'
            : 'Keep your link: it is your secret key to the game against the computer.'}
      </p>
      <div class="links">
        {rows
          .filter(([, , url]) => url)
          .map(([key, label, url]) => (
            <>
              <label for={`link-${key}`}>{label}</label>
              <div class="row">
                <input type="text" id={`link-${key}`} readonly value={url} data-link={key} />
              </div>
            </>
          ))}
      </div>
      <p class="row">
        <a class="button" id="open-game" href={props.owned ? `/games/${props.id}` : props.links[props.me]}>
          Open your game
        </a>
        {props.owned ? (
          <a class="button secondary" href="/me">
            My games
          </a>
        ) : null}
      </p>
    </Layout>
  );
};
