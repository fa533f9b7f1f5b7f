// `npm start` as a user runs it: clean output with the links last, the sample game only on
// an empty database, nothing left on the port once it is stopped (SIGTERM, SIGINT or SIGHUP to
// npm, SIGKILL to the script), and an error exit once the local runtime (workerd) dies.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENV, freePort, ROOT, WRANGLER } from '../e2e/server.ts';

const STATE = path.join(ROOT, '.wrangler', `test-start-${process.pid}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Started {
  readonly npm: ChildProcess;
  readonly port: number;
  readonly out: () => string;
  readonly err: () => string;
  readonly exited: Promise<number | null>;
}

async function npmStart(extra: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...ENV, PORT: String(port), PERSIST_TO: STATE, FORCE_COLOR: '0', ...extra },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  npm.stdout!.on('data', (d) => (out += d));
  npm.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
  return { npm, port, out: () => out, err: () => err, exited };
}

/** Until the links are printed (or npm start ends, which fails the test). */
async function untilLinks(s: Started): Promise<string> {
  let ended = false;
  void s.exited.then(() => (ended = true));
  while (!/Spectator .*\n.*\n.*\n/.test(s.out())) {
    if (ended) throw new Error(`npm start ended:\n${s.out()}\n${s.err()}`);
    await sleep(250);
  }
  return s.out();
}

/** Every process under `pid` (and `pid`), with its command line. */
function tree(pid: number): { pid: number; args: string }[] {
  const rows = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
  const found = rows.filter((r) => r.pid === pid);
  for (let i = 0; i < found.length; i++) found.push(...rows.filter((r) => r.ppid === found[i]!.pid));
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !/^Z/.test(spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim());
  } catch {
    return false;
  }
};

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** Waits (bounded) until none of `pids` is alive and nothing listens on the port. */
async function allGone(pids: number[], port: number): Promise<{ left: number[]; portTaken: boolean }> {
  for (let i = 0; i < 120; i++) {
    const left = pids.filter(alive);
    const portTaken = await portAnswers(port);
    if (!left.length && !portTaken) return { left, portTaken };
    await sleep(250);
  }
  return { left: pids.filter(alive), portTaken: await portAnswers(port) };
}

const started: Started[] = [];
afterAll(() => {
  for (const s of started)
    for (const { pid } of tree(s.npm.pid!))
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
  rmSync(STATE, { recursive: true, force: true });
});

function gamesInDatabase(): number {
  const res = spawnSync(WRANGLER, ['d1', 'execute', 'DB', '--local', '--persist-to', STATE, '--json', '--command', 'SELECT count(*) AS n FROM games'], {
    cwd: ROOT,
    env: ENV,
    encoding: 'utf8',
  });
  return Number(JSON.parse(res.stdout)[0].results[0].n);
}

/** A Telegram Bot API stand-in on a local port: records the path and chat of every call. */
async function telegramStandIn() {
  const calls: { path: string; chatId: string }[] = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    calls.push({ path: req.url ?? '', chatId: String(JSON.parse(raw || '{}').chat_id) });
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true,"result":{}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { calls, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('npm start', () => {
  it('prints clean output with the links last; stopping it (SIGTERM to npm, SIGKILL to the script) frees the port', async () => {
    rmSync(STATE, { recursive: true, force: true });
    const first = await npmStart();
    started.push(first);
    const out = await untilLinks(first);
    await sleep(7000); // let wrangler print whatever it still has, past a watchdog check (5 s): the links must stay last
    const lines = first.out().trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^ {2}curl -X POST .*--data-raw 'Wb2-Wb3'$/);
    expect(out).toMatch(/Local database .*: \d+ migration\(s\) applied/);
    for (const noise of [/About to apply/, /continue\?/, /fallback value/, /WARNING/, /▲/, /Connection status updated/])
      expect(`${first.out()}${first.err()}`).not.toMatch(noise);
    expect(first.out().match(/has access to the following bindings/g)).toHaveLength(1);
    expect(first.out()).not.toMatch(/not connected/);
    const id = /A sample Warp Factor game, (\w+) \(created\)/.exec(out)?.[1];
    expect(id).toBeDefined();
    expect((await fetch(`http://127.0.0.1:${first.port}/api/games/${id}`)).status).toBe(200);
    // The request log: the watchdog's and npm start's own requests left out, a user's shown, with no "[undefined]" before it.
    await sleep(1500);
    expect(first.out()).not.toContain('[undefined]');
    expect(first.out()).not.toMatch(/"method":"(HEAD|POST)","route":"\/(api|api\/games|admin\/migrate-games)"/);
    expect(first.out()).toMatch(/^\{"event":"request","method":"GET","route":"\/api\/games\/:id","game":"\w+","status":200/m);
    // No bot settings in the environment: the bots are not set up.
    expect((await fetch(`http://127.0.0.1:${first.port}/discord/interactions`, { method: 'POST', body: '{}' })).status).toBe(404);

    const firstTree = tree(first.npm.pid!);
    expect(firstTree.some((p) => /workerd/.test(p.args))).toBe(true);
    first.npm.kill('SIGTERM');
    await first.exited;
    expect(
      await allGone(
        firstTree.map((p) => p.pid),
        first.port,
      ),
    ).toEqual({ left: [], portTaken: false });

    // The database has a game now: no second sample; its links are shown again. The bots' settings
    // come from the environment: Telegram's secret is checked, its answers go to TELEGRAM_API_BASE.
    const telegram = await telegramStandIn();
    const bots = {
      DISCORD_PUBLIC_KEY: 'ab'.repeat(32),
      TELEGRAM_SECRET: 'start-test-secret',
      TELEGRAM_BOT_TOKEN: '42:start-test-token',
      TELEGRAM_API_BASE: telegram.base,
    };
    const second = await npmStart(bots);
    started.push(second);
    expect(await untilLinks(second)).toContain(`A sample Warp Factor game, ${id} (made on the first start; the local database has 1 game(s))`);
    // Its links are this start's address, not the port it was made on (a tester was given the old one).
    for (const seat of ['White', 'Black', 'Spectator']) expect(second.out()).toMatch(new RegExp(`${seat} +http://localhost:${second.port}/games/${id}\\b`));
    const origin = `http://127.0.0.1:${second.port}`;
    expect((await fetch(`${origin}/discord/interactions`, { method: 'POST', body: '{"type":1}' })).status).toBe(401);
    const update = (secret: string) =>
      fetch(`${origin}/telegram/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
        body: JSON.stringify({ update_id: 1, message: { chat: { id: 7 }, text: '/help' } }),
      });
    expect((await update('wrong')).status).toBe(401);
    expect((await update(bots.TELEGRAM_SECRET)).status).toBe(200);
    expect(telegram.calls).toEqual([expect.objectContaining({ path: '/bot42:start-test-token/sendMessage', chatId: '7' })]);
    expect(`${second.out()}${second.err()}`).not.toContain('start-test-token');
    await telegram.close();
    const secondTree = tree(second.npm.pid!);
    const script = secondTree.find((p) => /^node .*scripts\/start\.mjs/.test(p.args));
    expect(script).toBeDefined();
    process.kill(script!.pid, 'SIGKILL'); // cannot be caught: the guard process cleans up
    expect(
      await allGone(
        secondTree.map((p) => p.pid),
        second.port,
      ),
    ).toEqual({ left: [], portTaken: false });
    expect(gamesInDatabase()).toBe(1);
  }, 420_000);

  // Issue 26: SIGINT to npm left all its processes running and the port held, SIGHUP left all but npm.
  it.each(['SIGINT', 'SIGHUP'] as const)(
    '%s to npm stops every process it started and frees the port',
    async (signal) => {
      const s = await npmStart();
      started.push(s);
      await untilLinks(s);
      const processes = tree(s.npm.pid!);
      expect(processes.some((p) => /workerd/.test(p.args))).toBe(true);
      expect(processes.length).toBeGreaterThan(3);
      process.kill(s.npm.pid!, signal); // npm alone, not its process group
      expect(
        await allGone(
          processes.map((p) => p.pid),
          s.port,
        ),
      ).toEqual({ left: [], portTaken: false });
    },
    300_000,
  );

  it('ends with an error when the local runtime dies (workerd killed), leaving the port free', async () => {
    const s = await npmStart();
    started.push(s);
    await untilLinks(s);
    const processes = tree(s.npm.pid!);
    const workerds = processes.filter((p) => /\bworkerd serve\b/.test(p.args));
    expect(workerds.length).toBeGreaterThan(0);
    for (const { pid } of workerds) process.kill(pid, 'SIGKILL');
    const code = await s.exited;
    expect(code).not.toBe(0);
    expect(s.err()).toMatch(/the local Workers runtime stopped answering/);
    expect(
      await allGone(
        processes.map((p) => p.pid),
        s.port,
      ),
    ).toEqual({ left: [], portTaken: false });
  }, 300_000);
});
