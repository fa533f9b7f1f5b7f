// The rarer pages of a player's own: signing in (the key form), a mailed link's button, a new key shown once,
// settings saved.
// Drawn by the picture Worker (rare-pages.tsx) to keep them out of the main Worker's bundle.
import { SIGN_IN_MINUTES, type PlayerSelf } from '../../service/players.ts';
import { ErrorLine, Layout } from './layout.tsx';

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

/** Not signed in: the key form (the link's #key= fills it by script), and a sign-in link by email. */
/** `next`: a game's page the key form goes back to once signed in (a spectator's "Sign in … to play it here"). */
export const KeyPage = (p: { error?: string; ok?: string; next?: string | undefined }) => (
  <Layout title="Sign in — Subspace">
    <script src="/static/me.js" defer></script>
    <h1>Your games</h1>
    <ErrorLine error={p.error} />
    {p.ok ? <p class="msg ok">{p.ok}</p> : null}
    <form method="post" action="/me/session" id="key-form">
      {p.next ? <input type="hidden" name="next" value={p.next} /> : null}
      <label>
        Your player key, or your link with it <input name="key" type="password" autocomplete="off" size={60} />
      </label>{' '}
      <button type="submit">Open</button>
      <noscript>
        <p>Opened your link (…/me#key=…)? Copy the whole address into the box: the key is read from it.</p>
      </noscript>
    </form>
    <form method="post" action="/me/sign-in">
      <label>
        Or get a sign-in link by email <input name="email" type="email" size={30} />
      </label>{' '}
      <button type="submit">Send</button>
    </form>
    <form method="post" action="/me/new" data-once>
      <label>
        New here? Your name <input name="name" maxlength={40} />
      </label>{' '}
      <button type="submit">Make me a player</button>
    </form>
  </Layout>
);

/** A player's address confirmed by its mailed link in a browser signed in to that player: the way on is its games, not the sign-in forms (tester 18 Y3). */
export const EmailConfirmedPage = (p: { email: string }) => (
  <Layout title="Address confirmed — Subspace">
    <h1>Address confirmed</h1>
    <p class="msg ok">{emailConfirmedWords(p.email)}</p>
    <p>
      <a href="/me">Your games</a>
    </p>
  </Layout>
);

/** What confirming a player's address says, signed in or not. */
export const emailConfirmedWords = (email: string) => `Thank you: ${email} is confirmed. Sign-in links and challenges can be mailed to it now.`;
