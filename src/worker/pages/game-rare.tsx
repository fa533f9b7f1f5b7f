// A game's rarer pages: resign or abort asked once more without the page's script, and a new
// webhook's secret shown once. Drawn by the picture Worker (rare-pages.tsx) to keep them out of the
// main Worker's bundle.
import { Layout } from './layout.tsx';

/**
 * Resign or abort asked once more, for a press without the page's script (whose confirm() asks
 * it): the same form with `confirmed`, or back to the game. `token`: a seat link's (a key from the
 * /me cookie is not written into the page).
 */
export const ConfirmEndPage = (p: { id: string; action: 'resign' | 'abort'; token: string | undefined }) => {
  const back = `/games/${p.id}${p.token ? `?token=${encodeURIComponent(p.token)}` : ''}`;
  const question = p.action === 'resign' ? 'Resign this game?' : 'Abort this game?';
  return (
    <Layout title={`${question} — Subspace`}>
      <h1>{question}</h1>
      <p>
        {p.action === 'resign' ? 'Your opponent wins game ' : 'Game '}
        <a href={back}>{p.id}</a>
        {p.action === 'resign' ? ' at once. This cannot be undone.' : ' ends at once, with no result and no rating change. This cannot be undone.'}
      </p>
      <form method="post" action={`/games/${p.id}/${p.action}`} class="row">
        {p.token ? <input type="hidden" name="token" value={p.token} /> : null}
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit" class="danger">
          {p.action === 'resign' ? 'Yes, resign' : 'Yes, abort'}
        </button>
        <a class="button secondary" href={back}>
          No, back to the game
        </a>
      </form>
    </Layout>
  );
};

/** After a new webhook URL: its secret, shown this once. */
export const SettingsPage = (p: { id: string /** None when the page was signed in by the /me cookie. */; token?: string; secret: string; webhook: string }) => (
  <Layout title="Notifications saved — Subspace" script>
    <h1>Notifications saved</h1>
    <p class="msg ok" role="status">
      Your webhook <code>{p.webhook}</code> is set. Its signing secret is shown only now: keep it to check the <code>webhook-signature</code> header.
    </p>
    <label for="secret">Webhook secret</label>
    <div class="row">
      <input type="text" id="secret" readonly value={p.secret} data-copy-source="" />
    </div>
    <p>
      <a class="button" href={p.token ? `/games/${p.id}?token=${encodeURIComponent(p.token)}` : `/games/${p.id}`}>
        Back to the game
      </a>
    </p>
  </Layout>
);
