// The home page (start a game) and the page that hands out the three links.
import { plural } from '../../engine/types.ts';
import { COMPUTER_LEVELS, DAYS_PER_MOVE, MAX_LEAVE_DAYS, MAX_POSITION_TEXT } from '../../service/schemas.ts';
import { Layout } from './layout.tsx';

export const VARIANT_CHOICES = [
  { value: 'first-contact', title: 'First Contact', about: 'Empty field: place four platforms, then kings, then drop and move; the first check wins.' },
  { value: 'warp-factor', title: 'Warp Factor', about: 'Half a set each on the Star Trek field, platforms owned by each side; checkmate wins.' },
  { value: 'curved-space', title: 'Curved Space', about: 'Numbered platforms form a worm-hole; pieces on platforms move through it.' },
  { value: 'planar', title: 'Planar Chess', about: 'A 4x4x4 cube; every piece moves in one plane, which it may turn.' },
] as const;

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

export const HomePage = (props: { error?: string; values?: HomeValues }) => {
  const v = props.values ?? {};
  const variant = v.variant ?? 'first-contact';
  const platforms = v.platforms ?? '4';
  return (
    <Layout title="Subspace — start a 3D chess game">
      <h1>Start a game</h1>
      <p>
        Play L. Lynn Smith's 3D chess variants by correspondence. Start a game here: you get a secret link for each player and one for spectators. Nobody needs
        an account.
      </p>
      {props.error ? (
        <p class="msg error" role="alert" id="form-error">
          {props.error}
        </p>
      ) : null}
      <form method="post" action="/games" aria-describedby={props.error ? 'form-error' : undefined}>
        <fieldset>
          <legend>Variant</legend>
          <label for="variant">Which game</label>
          <select id="variant" name="variant" aria-describedby="variant-about">
            {VARIANT_CHOICES.map((c) => (
              <option value={c.value} selected={c.value === variant}>
                {c.title}
              </option>
            ))}
          </select>
          <ul id="variant-about" class="small">
            {VARIANT_CHOICES.map((c) => (
              <li>
                <strong>{c.title}:</strong> {c.about} <a href={`/rules/${c.value}`}>Rules of {c.title}</a>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset>
          <legend>Curved Space options</legend>
          <p class="small">Used only when the variant is Curved Space.</p>
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
        </fieldset>
        <fieldset>
          <legend>Opponent</legend>
          <div class="radio" role="radiogroup" aria-labelledby="opponent-label">
            <p id="opponent-label" class="small">
              Who plays against you:
            </p>
            <label>
              <input type="radio" name="opponent" value="human" checked={v.opponent !== 'computer'} /> a friend (you get a link for each player)
            </label>
            <label>
              <input type="radio" name="opponent" value="computer" checked={v.opponent === 'computer'} id="opponent-computer" /> play the computer
            </label>
          </div>
          <label for="level">Computer's level</label>
          <select id="level" name="level">
            {COMPUTER_LEVELS.map((n) => (
              <option value={String(n)} selected={String(n) === (v.level ?? '2')}>
                {n}
                {n === 1 ? ' (plays almost at random)' : n === 5 ? ' (strongest)' : ''}
              </option>
            ))}
          </select>
          <label for="side">You play</label>
          <select id="side" name="side">
            <option value="white" selected={v.side !== 'black'}>
              White (you move first)
            </option>
            <option value="black" selected={v.side === 'black'}>
              Black (the computer moves first)
            </option>
          </select>
          <p class="small">Against the computer, your name is the one for your colour below, and you may ask for hints.</p>
        </fieldset>
        <fieldset>
          <legend>Players</legend>
          <label for="white">
            White's name <span class="hint">(optional)</span>
          </label>
          <input type="text" id="white" name="white" maxlength={40} autocomplete="off" value={v.white ?? ''} />
          <label for="black">
            Black's name <span class="hint">(optional)</span>
          </label>
          <input type="text" id="black" name="black" maxlength={40} autocomplete="off" value={v.black ?? ''} />
        </fieldset>
        <fieldset>
          <legend>Clock</legend>
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
          <label for="leave">
            Leave days for each player <span class="hint">(0-{MAX_LEAVE_DAYS}: days a player may add to their own deadline)</span>
          </label>
          <input type="number" id="leave" name="leave" min={0} max={MAX_LEAVE_DAYS} value={v.leave ?? '0'} />
          <div class="radio" role="radiogroup" aria-labelledby="timeout-label">
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
        </fieldset>
        <fieldset>
          <legend>Start position</legend>
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
        </fieldset>
        <button type="submit">Start the game</button>
      </form>
      <h2>Other ways in</h2>
      <ul class="small">
        <li>
          The JSON API is described at <a href="/openapi.json">/openapi.json</a>.
        </li>
        <li>
          Any position as a picture: <code>/api/board.svg?variant=warp-factor&amp;position=…</code> (or <code>board.png</code>)
        </li>
      </ul>
    </Layout>
  );
};

export const CreatedPage = (props: { id: string; title: string; links: { white?: string; black?: string; spectator: string } }) => (
  <Layout title={`${props.title} game started — Subspace`} script>
    <h1>Your {props.title} game is ready</h1>
    <p class="msg info" role="status">
      {props.links.white && props.links.black
        ? "Keep these links: each player's link is their secret key to the game and is shown only now. Send Black's link to your opponent."
        : 'Keep your link: it is your secret key to the game against the computer and is shown only now.'}
    </p>
    <div class="links">
      {(
        [
          ['white', "White's link (secret)", props.links.white],
          ['black', "Black's link (secret)", props.links.black],
          ['spectator', 'Spectator link (anyone may watch)', props.links.spectator],
        ] as const
      )
        .flatMap(([key, label, url]) => (url ? [[key, label, url] as const] : []))
        .map(([key, label, url]) => (
          <>
            <label for={`link-${key}`}>{label}</label>
            <div class="row">
              <input type="text" id={`link-${key}`} readonly value={url} data-link={key} />
              <a class="button" href={url}>
                Open
              </a>
            </div>
          </>
        ))}
    </div>
  </Layout>
);
