// The game page's Messages panel (side column): on the players' pages, and on the spectator page
// once both players let spectators read them.
import { MAX_MESSAGE_CHARS } from '../../service/schemas.ts';
import { againstComputer, playerName, type GamePageProps } from './game-page-props.ts';
import { afterTurn } from './move-list.tsx';

/** The players' messages (text only: JSX escapes it), a form to send one, and the spectator switch. */
export const Messages = (p: GamePageProps) => {
  const s = p.state;
  const you = s.you;
  const mineShown = you ? s.spectatorMessages[you] : false;
  const bothShown = s.spectatorMessages.white && s.spectatorMessages.black;
  // The opponent allows it and waits for this player (tester 9 U23: only one's own consent was said).
  const theirsShown = you ? s.spectatorMessages[you === 'white' ? 'black' : 'white'] : false;
  if (againstComputer(s) && !p.messages?.length) return null;
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
                  : theirsShown
                    ? 'Your opponent lets spectators read these messages; they see them once you do too. '
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
