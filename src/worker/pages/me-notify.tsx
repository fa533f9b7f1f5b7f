// /me's form for what a player is told in all their games (POST /me/notify, the same service call as
// PATCH /api/me/notify): which ways (email, webhook, this browser's pushes), which events, and an
// email digest instead of a mail per event. A game's own choices (its page, or a mail's unsubscribe
// link) win over these for that game.
import type { NotifySettings } from '../../notify/types.ts';
import { NOTIFY_EVENTS, type NotifyEvent } from '../../service/ports.ts';

/** Each event as the form says it. */
export const EVENT_WORDS: Record<NotifyEvent, string> = {
  turn: 'your turn',
  'game-start': 'a game starts',
  'game-over': 'a game ends',
  reminder: 'a reminder as your deadline nears',
  'last-call': 'a last call (under a tenth of your time left)',
  'deadline-passed': "your opponent's deadline passed (games whose timeout is claimed)",
  'plan-played': 'your planned reply played (a conditional line followed)',
  'draw-offer': 'a draw offered',
  'takeback-offer': 'a takeback asked for',
  takeback: 'a turn taken back',
  'pause-offer': 'a pause asked for',
  pause: 'a pause begins',
  'pause-end': 'a pause ends',
  'offer-declined': 'your offer declined',
  'rematch-offer': 'a rematch offered (games played by links)',
  rematch: 'your rematch offer accepted (games played by links)',
  'offer-withdrawn': 'a pause asked for, then withdrawn',
  message: 'a message',
  challenge: 'a challenge to you',
};

/** The digest's choices: an email per event, or at most one every N hours. */
export const DIGEST_HOURS = [1, 3, 6, 12, 24, 48, 168] as const;

const Check = (p: { name: string; checked: boolean; children: string }) => (
  <label>
    <input type="checkbox" name={p.name} value="1" checked={p.checked} /> {p.children}
  </label>
);

export const NotifyChoicesForm = (p: { choices: NotifySettings; saved?: boolean }) => (
  <section aria-labelledby="notify-heading">
    <h3 id="notify-heading">What you are told, in all your games</h3>
    {p.saved ? (
      <p class="msg ok" role="status">
        Saved.
      </p>
    ) : null}
    <form method="post" action="/me/notify" id="notify-form">
      {/* .radio: the home page's row of choices, beside each other where they fit. */}
      <fieldset class="radio">
        <legend>By</legend>
        <Check name="email" checked={p.choices.email}>
          email
        </Check>{' '}
        <Check name="webhook" checked={p.choices.webhook}>
          webhook
        </Check>{' '}
        <Check name="push" checked={p.choices.push}>
          Web Push (the browsers you turned it on in)
        </Check>
      </fieldset>
      <fieldset class="radio">
        <legend>About</legend>
        {NOTIFY_EVENTS.map((e) => (
          <>
            <Check name={`event-${e}`} checked={p.choices.events.includes(e)}>
              {EVENT_WORDS[e]}
            </Check>{' '}
          </>
        ))}
      </fieldset>
      <label>
        Emails{' '}
        <select name="digest">
          <option value="">one for each event</option>
          {/* An hour count set through the API stays a choice, so saving the form keeps it. */}
          {[...new Set([...DIGEST_HOURS, ...(p.choices.digestHours ? [p.choices.digestHours] : [])])]
            .sort((a, b) => a - b)
            .map((h) => (
              <option value={String(h)} selected={p.choices.digestHours === h}>
                at most one every {h === 1 ? 'hour' : `${h} hours`}, listing the games waiting for you
              </option>
            ))}
        </select>
      </label>{' '}
      <button type="submit">Save</button>
      <p class="small">
        A game's own choices win for that game: an email's unsubscribe link turns that game's emails off, and its page turns them back on. When a game's
        reminder comes (80 % of the turn's time unless changed) is that game's own setting, through the API (<code>reminderPercent</code>).
      </p>
    </form>
  </section>
);
