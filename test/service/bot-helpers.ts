// Helpers of the chat-bot tests: a Discord application's key pair made here, signed
// interactions, Telegram updates with the secret header, and stand-ins for Discord's and
// Telegram's APIs that record every call and its body.
import { env } from 'cloudflare:workers';
import { vi } from 'vitest';
import { BASE, fetchWorker } from './helpers.ts';
import type { Player } from './player-helpers.ts';

export const TELEGRAM_BASE = 'https://telegram.test';
export const DISCORD_BASE = 'https://discord.test/api/v10';
export const TELEGRAM_SECRET = 'test-secret_0123456789';
export const BOT_TOKEN = '123456:test-token';

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** A Discord application of our own: a fresh Ed25519 key pair, its public key set as DISCORD_PUBLIC_KEY. */
export async function discordApp() {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = hex((await crypto.subtle.exportKey('raw', keys.publicKey)) as ArrayBuffer);
  const e = env as Cloudflare.Env;
  e.DISCORD_PUBLIC_KEY = publicKey;
  e.DISCORD_API_BASE = DISCORD_BASE;
  e.DISCORD_BOT_TOKEN = 'discord-bot-token';
  let seq = 0;
  /** POST a signed interaction (the body as Discord sends it); `sign: false` leaves the signature off, `tamper` changes the body after signing. */
  async function send(body: Record<string, unknown>, opts: { sign?: boolean; tamper?: (raw: string) => string; timestamp?: string } = {}) {
    const raw = JSON.stringify({ id: `9${++seq}${Date.now()}`, application_id: 'app1', token: `tok${seq}`, ...body });
    const timestamp = opts.timestamp ?? String(Math.floor(Date.now() / 1000));
    const signature = hex(await crypto.subtle.sign('Ed25519', keys.privateKey, new TextEncoder().encode(timestamp + raw)));
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (opts.sign !== false) Object.assign(headers, { 'X-Signature-Ed25519': signature, 'X-Signature-Timestamp': timestamp });
    const res = await fetchWorker(new Request(`${BASE}/discord/interactions`, { method: 'POST', headers, body: opts.tamper ? opts.tamper(raw) : raw }));
    return { status: res.status, body: (await res.json()) as any, raw }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  const user = (id: string, name = `user${id}`) => ({ member: { user: { id, username: name } } });
  return {
    send,
    /** A slash command by a user: `options` by name (a subcommand as `{ sub: 'link' }`). */
    command: (userId: string, name: string, options: Record<string, string> = {}) =>
      send({
        type: 2,
        ...user(userId),
        data: {
          name,
          options: options.sub ? [{ name: options.sub, type: 1, options: [] }] : Object.entries(options).map(([n, value]) => ({ name: n, type: 3, value })),
        },
      }),
    press: (userId: string, customId: string) => send({ type: 3, ...user(userId), data: { custom_id: customId, component_type: 2 } }),
    /** An autocomplete request while `focused` is typed, the command's other options as given so far. */
    suggest: (userId: string, name: string, options: Record<string, string>, focused: string) =>
      send({
        type: 4,
        ...user(userId),
        data: { name, options: Object.entries(options).map(([n, value]) => ({ name: n, type: 3, value, ...(n === focused ? { focused: true } : {}) })) },
      }),
  };
}

export type DiscordApp = Awaited<ReturnType<typeof discordApp>>;

/** Update ids, shared by every telegramBot() of a test file (the Worker handles each id once). */
let seq = 1000;

/** Telegram's side: TELEGRAM_SECRET, the bot token, the API base of the stand-in. */
export function telegramBot() {
  const e = env as Cloudflare.Env;
  e.TELEGRAM_SECRET = TELEGRAM_SECRET;
  e.TELEGRAM_BOT_TOKEN = BOT_TOKEN;
  e.TELEGRAM_API_BASE = TELEGRAM_BASE;
  e.TELEGRAM_BOT_NAME = 'SubspaceTestBot';
  async function update(body: Record<string, unknown>, secret: string | null = TELEGRAM_SECRET) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (secret !== null) headers['X-Telegram-Bot-Api-Secret-Token'] = secret;
    const res = await fetchWorker(new Request(`${BASE}/telegram/webhook`, { method: 'POST', headers, body: JSON.stringify({ update_id: ++seq, ...body }) }));
    return { status: res.status, body: (await res.json()) as any, updateId: seq }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  const chat = (id: number) => ({ id, type: 'private', first_name: `chat${id}` });
  return {
    update,
    text: (chatId: number, text: string) => update({ message: { message_id: seq, date: 0, chat: chat(chatId), text } }),
    press: (chatId: number, data: string) =>
      update({ callback_query: { id: `cb${seq}`, from: { id: chatId }, data, message: { message_id: 1, chat: chat(chatId) } } }),
  };
}

export type TelegramBot = ReturnType<typeof telegramBot>;

export interface ApiCall {
  readonly platform: 'telegram' | 'discord';
  readonly method: string;
  /** Telegram: the Bot API method; Discord: the path. */
  readonly path: string;
  /** JSON bodies parsed; multipart bodies as their fields (a file as { file, type, size }). */
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The stand-ins for both APIs behind a mocked fetch: every call recorded with its body. */
export function chatApis() {
  const calls: ApiCall[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    let body: unknown;
    if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
      const form = await request.formData();
      const fields: Record<string, unknown> = {};
      for (const [k, val] of form.entries())
        fields[k] =
          typeof val === 'string'
            ? val
            : { file: (val as File).name, type: (val as File).type, size: (val as File).size, bytes: new Uint8Array(await (val as File).arrayBuffer()) };
      body = fields;
    } else {
      const text = await request.text();
      body = text ? JSON.parse(text) : undefined;
    }
    if (request.url.startsWith(TELEGRAM_BASE)) {
      const method = url.pathname.split('/').pop()!;
      if (!url.pathname.startsWith(`/bot${BOT_TOKEN}/`)) return Response.json({ ok: false, description: 'Unauthorized' }, { status: 401 });
      calls.push({ platform: 'telegram', method: request.method, path: method, body });
      return Response.json({ ok: true, result: { message_id: calls.length } });
    }
    if (request.url.startsWith(DISCORD_BASE)) {
      const path = url.pathname.slice(new URL(DISCORD_BASE).pathname.length);
      calls.push({ platform: 'discord', method: request.method, path, body });
      if (path === '/users/@me/channels') return Response.json({ id: `dm-${(body as { recipient_id: string }).recipient_id}` });
      return Response.json({ id: String(calls.length) });
    }
    return new Response('no such host in this test', { status: 502 });
  });
  return {
    calls,
    spy,
    take: () => calls.splice(0, calls.length),
    telegram: (method?: string) => calls.filter((c) => c.platform === 'telegram' && (!method || c.path === method)),
    discord: () => calls.filter((c) => c.platform === 'discord'),
  };
}

/** The signed-in browser's form post on /me (cookie, same-origin). */
export async function mePost(player: Player, path: string, form: Record<string, string>) {
  return fetchWorker(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: { Cookie: `subspace_key=${player.key}`, Origin: BASE, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    }),
  );
}

/** Link a Discord user to a player the way people do: /subspace link, then confirm on /me. */
export async function linkDiscord(app: DiscordApp, userId: string, player: Player) {
  const asked = await app.command(userId, 'subspace', { sub: 'link' });
  const url = /https?:\/\/\S+\/me\/link\/discord\?code=[\w-]+/.exec(asked.body.data.content)![0];
  const code = new URL(url).searchParams.get('code')!;
  const res = await mePost(player, '/me/link/discord', { code });
  if (res.status !== 303) throw new Error(`link discord: ${res.status} ${await res.text()}`);
  return { asked, url };
}

/** Link a Telegram chat to a player: the /me button's code, then /start <code> from the chat. */
export async function linkTelegram(bot: TelegramBot, chatId: number, player: Player) {
  const page = await mePost(player, '/me/link/telegram', {});
  const html = await page.text();
  const code = /\/start ([\w-]{43})/.exec(html)![1]!;
  return { start: await bot.text(chatId, `/start ${code}`), html, code };
}
