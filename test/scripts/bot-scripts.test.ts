// `npm run discord:register` and `npm run telegram:set-webhook`, run as a user runs them,
// against local stand-ins for Discord's and Telegram's APIs that record every request.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCORD_COMMANDS } from '../../src/worker/bots/discord-commands.ts';
import { ROOT } from '../e2e/server.ts';

interface Seen {
  method: string;
  path: string;
  auth: string | undefined;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}
const seen: Seen[] = [];
let answer: (req: Seen, res: ServerResponse) => void = (_req, res) => res.end('{}');
const server = createServer(async (req: IncomingMessage, res) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const entry = { method: req.method!, path: req.url!, auth: req.headers.authorization, body: raw ? JSON.parse(raw) : undefined };
  seen.push(entry);
  res.setHeader('content-type', 'application/json');
  answer(entry, res);
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function run(script: string, env: Record<string, string>, args: string[] = []) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DISCORD|TELEGRAM)_|^PUBLIC_URL$/.test(k)));
  const child = spawn('npm', ['run', '-s', script, ...(args.length ? ['--', ...args] : [])], { cwd: ROOT, env: { ...clean, ...env } });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

describe('npm run discord:register', () => {
  it('PUTs every command with the bot token, for every server or for one', async () => {
    seen.length = 0;
    answer = (req, res) => res.end(JSON.stringify(req.body.map((c: { name: string }, i: number) => ({ id: String(i), ...c }))));
    const env = { DISCORD_APPLICATION_ID: '4242', DISCORD_BOT_TOKEN: 'bot-token-1', DISCORD_API_BASE: `${base}/api/v10` };
    const all = await run('discord:register', env);
    expect(all.err).toBe('');
    expect(all.code).toBe(0);
    expect(seen).toEqual([{ method: 'PUT', path: '/api/v10/applications/4242/commands', auth: 'Bot bot-token-1', body: DISCORD_COMMANDS }]);
    expect(seen[0]!.body.map((c: { name: string }) => c.name)).toEqual([
      'subspace',
      'challenge',
      'accept',
      'move',
      'board',
      'games',
      'draw',
      'resign',
      'takeback',
      'pause',
    ]);
    expect(all.out).toContain('Registered 10 commands');
    const one = await run('discord:register', { ...env, DISCORD_GUILD_ID: '77' });
    expect(one.code).toBe(0);
    expect(seen[1]!.path).toBe('/api/v10/applications/4242/guilds/77/commands');
    expect(one.out).toContain('on server 77');
  }, 120_000);

  it("says what is missing, and passes on Discord's refusal", async () => {
    seen.length = 0;
    const none = await run('discord:register', {});
    expect(none.code).toBe(2);
    expect(none.err).toContain('set DISCORD_APPLICATION_ID and DISCORD_BOT_TOKEN');
    expect(seen).toEqual([]);
    answer = (_req, res) => {
      res.statusCode = 401;
      res.end('{"message": "401: Unauthorized", "code": 0}');
    };
    const refused = await run('discord:register', { DISCORD_APPLICATION_ID: '4242', DISCORD_BOT_TOKEN: 'wrong', DISCORD_API_BASE: base });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Discord answered 401: {"message": "401: Unauthorized"');
  }, 120_000);
});

describe('npm run telegram:set-webhook', () => {
  it('sets the webhook with its secret and the command menu', async () => {
    seen.length = 0;
    answer = (req, res) => res.end(JSON.stringify({ ok: true, result: req.path.endsWith('/getMe') ? { username: 'SubspaceBot' } : true }));
    const env = { TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_SECRET: 'sec_RET-1', TELEGRAM_API_BASE: base, PUBLIC_URL: 'https://subspace.example/' };
    const done = await run('telegram:set-webhook', env);
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
    expect(seen.map((s) => s.path)).toEqual(['/bot123:abc/setWebhook', '/bot123:abc/setMyCommands', '/bot123:abc/getMe']);
    expect(seen[0]!.body).toEqual({
      url: 'https://subspace.example/telegram/webhook',
      secret_token: 'sec_RET-1',
      allowed_updates: ['message', 'callback_query'],
    });
    expect(seen[1]!.body.commands.map((c: { command: string }) => c.command)).toEqual(['new', 'games', 'move', 'board', 'accept', 'draw', 'resign', 'help']);
    expect(done.out).toContain('TELEGRAM_BOT_NAME=SubspaceBot');
    seen.length = 0;
    const removed = await run('telegram:set-webhook', { TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_API_BASE: base }, ['--delete']);
    expect(removed.code).toBe(0);
    expect(seen.map((s) => s.path)).toEqual(['/bot123:abc/deleteWebhook']);
  }, 120_000);

  it('refuses a missing secret, an http URL and a secret Telegram would refuse, before calling anything', async () => {
    seen.length = 0;
    const noSecret = await run('telegram:set-webhook', { TELEGRAM_BOT_TOKEN: '1:a', TELEGRAM_API_BASE: base, PUBLIC_URL: 'https://x.example' });
    expect(noSecret.code).toBe(2);
    expect(noSecret.err).toMatch(/set TELEGRAM_SECRET .* A new one, for example: [\w-]{43}/);
    const http = await run('telegram:set-webhook', { TELEGRAM_BOT_TOKEN: '1:a', TELEGRAM_SECRET: 's', TELEGRAM_API_BASE: base }, ['http://localhost:8787']);
    expect(http.code).toBe(2);
    expect(http.err).toContain('only to https URLs');
    const badSecret = await run('telegram:set-webhook', {
      TELEGRAM_BOT_TOKEN: '1:a',
      TELEGRAM_SECRET: 'has space',
      TELEGRAM_API_BASE: base,
      PUBLIC_URL: 'https://x.example',
    });
    expect(badSecret.code).toBe(2);
    expect(seen).toEqual([]);
    answer = (_req, res) => {
      res.statusCode = 401;
      res.end('{"ok":false,"error_code":401,"description":"Unauthorized"}');
    };
    const refused = await run('telegram:set-webhook', {
      TELEGRAM_BOT_TOKEN: '1:a',
      TELEGRAM_SECRET: 's',
      TELEGRAM_API_BASE: base,
      PUBLIC_URL: 'https://x.example',
    });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('setWebhook: Telegram answered 401: Unauthorized');
  }, 120_000);
});
