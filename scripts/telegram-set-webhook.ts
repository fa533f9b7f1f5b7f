// `npm run telegram:set-webhook`: points the Telegram bot at this server's webhook
// (setWebhook with the secret header Telegram then sends with every update), and sets the
// bot's command menu (setMyCommands).
//   TELEGRAM_BOT_TOKEN   the bot's token (from @BotFather)
//   TELEGRAM_SECRET      the same secret the Worker has (wrangler secret put TELEGRAM_SECRET)
//   PUBLIC_URL           the server's https origin (or give it as the first argument)
//   TELEGRAM_API_BASE    optional: another Bot API base (tests point it at a stand-in)
// `npm run telegram:set-webhook -- --delete` removes the webhook again.
import { randomBytes } from 'node:crypto';

const env = process.env;
const args = process.argv.slice(2);
const remove = args.includes('--delete');
const origin = (args.find((a) => !a.startsWith('--')) ?? env.PUBLIC_URL ?? '').replace(/\/+$/, '');
const fail = (message: string, code = 2): never => {
  console.error(`telegram:set-webhook: ${message}`);
  process.exit(code);
};
if (!env.TELEGRAM_BOT_TOKEN) fail('set TELEGRAM_BOT_TOKEN (the token @BotFather gave) in the environment (see docs/bots.md)');
if (!remove) {
  if (!env.TELEGRAM_SECRET)
    fail(
      `set TELEGRAM_SECRET in the environment, the same value the Worker has. A new one, for example: ${randomBytes(32).toString('base64url')}\n` +
        '  (then: npx wrangler secret put TELEGRAM_SECRET, or TELEGRAM_SECRET=... npm start)',
    );
  // Telegram's rule for secret_token.
  if (!/^[A-Za-z0-9_-]{1,256}$/.test(env.TELEGRAM_SECRET!)) fail('TELEGRAM_SECRET may hold only A-Z, a-z, 0-9, _ and - (1 to 256 of them)');
  if (!origin) fail('say where the server is: PUBLIC_URL=https://subspace.example npm run telegram:set-webhook (or as the argument)');
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    fail(`"${origin}" is not a URL`);
  }
  if (url!.protocol !== 'https:') fail(`Telegram sends updates only to https URLs, not ${origin} (for a local server, use a tunnel such as cloudflared)`);
}

const base = (env.TELEGRAM_API_BASE || 'https://api.telegram.org').replace(/\/+$/, '');

async function call(method: string, body: Record<string, unknown>): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${base}/bot${env.TELEGRAM_BOT_TOKEN}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (e) {
    return fail(`could not reach ${base}: ${e instanceof Error ? e.message : e}`, 1);
  }
  const answer = (await res.json().catch(() => ({}))) as { ok?: boolean; description?: string; result?: unknown };
  if (!res.ok || !answer.ok) fail(`${method}: Telegram answered ${res.status}: ${answer.description ?? 'no reason given'}`, 1);
  return answer.result;
}

if (remove) {
  await call('deleteWebhook', {});
  console.log('The webhook is removed: Telegram keeps the updates until one is set again.');
} else {
  const hook = `${origin}/telegram/webhook`;
  await call('setWebhook', { url: hook, secret_token: env.TELEGRAM_SECRET, allowed_updates: ['message', 'callback_query'] });
  await call('setMyCommands', {
    commands: [
      { command: 'new', description: 'Offer a game: /new warp-factor (or first-contact, curved-space, planar)' },
      { command: 'games', description: 'Your games, those waiting for you first' },
      { command: 'move', description: 'Play a turn: /move Wb2-Wb3 (or /move <game> <turn>)' },
      { command: 'board', description: 'The board as a picture' },
      { command: 'accept', description: 'Accept a challenge: /accept <id>' },
      { command: 'draw', description: 'Offer a draw, or accept the one offered to you' },
      { command: 'resign', description: 'Resign a game' },
      { command: 'help', description: 'What the commands do' },
    ],
  });
  const bot = (await call('getMe', {})) as { username?: string };
  console.log(`Telegram sends @${bot.username ?? 'your bot'}'s updates to ${hook} with the secret header.`);
  if (bot.username) console.log(`For the "Link a Telegram chat" button on /me, give the Worker TELEGRAM_BOT_NAME=${bot.username}.`);
}
