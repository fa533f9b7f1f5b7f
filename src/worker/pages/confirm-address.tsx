// The pages of the link in the one mail an unconfirmed address gets (src/notify/email.ts): a
// button to confirm (a mail scanner that opens the link confirms nothing), then the thanks.
import { Layout } from './layout.tsx';

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
    <p class="msg ok">Thank you: {p.email} is confirmed. The games that give it for a seat mail it from their next event on.</p>
    <ul class="way-on">
      <li>
        <a href="/me">Your games</a>
      </li>
      <li>
        <a href="/lobby">Open challenges in the lobby</a>
      </li>
    </ul>
  </Layout>
);
