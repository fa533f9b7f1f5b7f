// The pages of the links in emails (src/notify/email.ts): confirming an address a seat was given,
// and unsubscribing a seat. Each link shows a button first (a mail scanner that opens links does
// nothing), then says what was done and where to go on.
import { colorName, type Color } from '../../engine/types.ts';
import { Layout, WayOn } from './layout.tsx';

export const ConfirmAddressPage = (p: { email: string; action: string }) => (
  <Layout title="Confirm your address — Subspace">
    <h1>Confirm your address</h1>
    <p>
      Get the emails of the Subspace games that give <strong>{p.email}</strong> for a seat: your turn, messages, the result, and replies to play.
    </p>
    <form method="post" action={p.action}>
      <button type="submit">Confirm {p.email}</button>
    </form>
    <p>If you do not know these games, close this page: nothing is sent to this address until you confirm it.</p>
  </Layout>
);

export const AddressConfirmedPage = (p: { email: string }) => (
  <Layout title="Address confirmed — Subspace">
    <h1>Address confirmed</h1>
    <p class="msg ok">
      Thank you: {p.email} is confirmed. The games that give it for a seat mail it from now on: a game where it is your move sends that mail now, to reply to
      with your turn.
    </p>
    <WayOn />
  </Layout>
);

export const UnsubscribePage = (p: { game: string; side: Color; action: string; email?: string; actionAll?: string }) => (
  <Layout title="Unsubscribe — Subspace">
    <h1>Stop these emails?</h1>
    <p>
      No more notification emails for {colorName(p.side)} in game <a href={`/games/${p.game}`}>{p.game}</a>. The game goes on; its page still shows every move.
    </p>
    <form method="post" action={p.action}>
      <button type="submit">Stop the emails</button>
    </form>
    {p.email && p.actionAll ? (
      <>
        <p>Or no more email from Subspace to {p.email} at all, from any game, this one or a later one (confirming the address again lifts that):</p>
        <form method="post" action={p.actionAll}>
          <button type="submit" class="secondary">
            Stop all email to this address
          </button>
        </form>
      </>
    ) : null}
  </Layout>
);

/** `actionAgain`: where this game's mail is turned back on, from this page; `again`: it was. */
export const UnsubscribedPage = (p: { game: string; side: Color; email?: string; actionAgain?: string; again?: boolean }) => (
  <Layout title={p.again ? 'Emails on again — Subspace' : 'Unsubscribed — Subspace'}>
    <h1>{p.again ? 'Emails on again' : 'Unsubscribed'}</h1>
    <p class="msg ok">
      {p.again
        ? `Done: notification emails for ${colorName(p.side)} in game ${p.game} are on again.`
        : p.email
          ? `Done: no more email from Subspace to ${p.email}, from any game. To have it again, confirm the address again: give it as your player's address on /me, and open the link mailed to it.`
          : `Done: no more notification emails for ${colorName(p.side)} in game ${p.game}. To have them again, press the button below, or open the game signed in (My games) or with your own link: its page has a button, "Email me about this game again".`}
    </p>
    {p.actionAgain ? (
      <form method="post" action={p.actionAgain}>
        <button type="submit" class="secondary">
          Email me about this game again
        </button>
      </form>
    ) : null}
    <ul class="way-on">
      <li>
        <a href={`/games/${p.game}`}>The game</a>
      </li>
      <li>
        <a href="/me">Your games</a>
      </li>
    </ul>
  </Layout>
);
