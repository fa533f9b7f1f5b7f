// The rarer pages of a player's own: a mailed link's button, a new key shown once, settings saved.
// Drawn by the picture Worker (rare-pages.tsx) to keep them out of the main Worker's bundle.
import { SIGN_IN_MINUTES, type PlayerSelf } from '../../service/players.ts';
import { Layout } from './layout.tsx';

/** What a mailed link (sign-in, or confirming the player's address) shows before its button is pressed. */
export const LinkButtonPage = (p: { kind: 'sign-in'; action: string } | { kind: 'confirm'; email: string; action: string }) =>
  p.kind === 'sign-in' ? (
    <Layout title="Sign in — Subspace">
      <h1>Sign in to Subspace</h1>
      <p>This link signs this browser in to your games. It works once, for {SIGN_IN_MINUTES} minutes from the mail.</p>
      <form method="post" action={p.action} data-once>
        <button type="submit">Sign in</button>
      </form>
      <p>If you did not ask for it, close this page: nothing happens until the button is pressed.</p>
    </Layout>
  ) : (
    <Layout title="Confirm your address — Subspace">
      <h1>Confirm your address</h1>
      <p>
        Let Subspace mail <strong>{p.email}</strong>: sign-in links, challenges and the notifications of your games.
      </p>
      <form method="post" action={p.action}>
        <button type="submit">Confirm {p.email}</button>
      </form>
      <p>If you did not give this address, close this page: nothing is sent to it until you confirm it.</p>
    </Layout>
  );

/** A new player's key, shown once; `ended`: the new key of "Sign out everywhere else", every other key ended. */
export const NewKeyPage = (p: { link: string; playerKey: string; ended?: boolean }) => (
  <Layout title="Your player key — Subspace" script>
    <h1>Your player key</h1>
    {p.ended ? (
      <>
        <p class="msg ok">
          Signed out everywhere else: your other keys no longer work, browsers subscribed with them get no more notifications, and Discord or Telegram chats
          tied through them are unlinked.
        </p>
        <p>
          A webhook you set is not a key and keeps working: check it on <a href="/me">your page</a>.
        </p>
      </>
    ) : null}
    <p>
      Keep your key somewhere safe: with it you sign in to your games on any device. This page shows it only in this browser, for an hour; the server keeps no
      copy.
    </p>
    <p class="row">
      <code id="player-key" data-copy={p.playerKey} data-copy-what="your player key">
        {p.playerKey}
      </code>
    </p>
    <p>Or open this link on another device to sign in there (it holds the key: keep it as secret):</p>
    <p class="row">
      <a id="sign-in-link" href={p.link} data-copy={p.link} data-copy-what="the sign-in link">
        {p.link}
      </a>
    </p>
    <p class="row">
      <a class="button" href="/me">
        My games
      </a>
    </p>
  </Layout>
);

/** Settings saved; a new webhook's secret is shown here once. */
export const SettingsSavedPage = (p: { player: PlayerSelf }) => (
  <Layout title="Settings saved — Subspace">
    <h1>Settings saved</h1>
    <p class="msg ok">
      {/* The name too: emptied, the player is "player <id>" everywhere, and should hear so (tester 9 U8). */}
      Name: {p.player.name ?? `none (you are shown as player ${p.player.id})`}. Email: {p.player.email ?? 'none'}. Webhook: {p.player.webhook ?? 'none'}.
    </p>
    {p.player.email && !p.player.emailConfirmed ? (
      <p>A confirmation link is on its way to {p.player.email}: nothing else is mailed there until you follow it.</p>
    ) : null}
    {p.player.webhookSecret ? (
      <>
        <p>Your webhook's signing secret, shown once (check the webhook-signature header with it, as the Standard Webhooks libraries do):</p>
        <p>
          <code id="webhook-secret">{p.player.webhookSecret}</code>
        </p>
      </>
    ) : null}
    <p>
      <a href="/me">Your games</a>
    </p>
  </Layout>
);
