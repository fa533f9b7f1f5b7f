// `npm run soak -- --minutes N [--clients C] [--games G] [--base URL]`: drives the service with
// many clients on many games for N minutes — legal turns, illegal and malformed ones, races for
// the same ply, resigns, draw offers, imports of exported records — then checks that every game
// replays from its move history to the position the service stored, and prints the counts.
// Without --base it runs `npm start` itself (PORT, or a free port; a fresh local database under
// .wrangler/) and stops it at the end. Exits 1 on any 5xx, broken race or replay mismatch.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Game } from '../src/engine/game.ts';
import { VARIANT_NAMES } from '../src/engine/types.ts';
import { freePort, ROOT } from '../test/e2e/server.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '1' },
    clients: { type: 'string', default: '12' },
    games: { type: 'string', default: '24' },
    base: { type: 'string' },
  },
});
const minutes = Number(values.minutes);
const clients = Number(values.clients);
const poolSize = Number(values.games);
if (!(minutes > 0) || !(clients >= 1) || !(poolSize >= 1)) {
  console.error('usage: npm run soak -- --minutes N [--clients C] [--games G] [--base URL]');
  process.exit(2);
}

const statuses = new Map<number, number>();
const problems: string[] = [];
let requests = 0;
let races = 0;

const problem = (text: string) => {
  if (problems.length < 50) console.error(`soak: ${text}`);
  problems.push(text);
};

async function startService(): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = process.env.PORT ? Number(process.env.PORT) : await freePort();
  const state = path.join(ROOT, '.wrangler', 'soak-state');
  rmSync(state, { recursive: true, force: true });
  const npm = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, PORT: String(port), PERSIST_TO: state }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  npm.stdout.on('data', (d) => (output += d));
  npm.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
  let ended = false;
  void exited.then(() => (ended = true));
  while (!output.includes('Subspace is serving on')) {
    if (ended) throw new Error(`npm start ended:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`soak: npm start is serving on port ${port}`);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      npm.kill('SIGTERM');
      await exited;
      if (/stopped answering/.test(output)) problem('npm start: the runtime stopped answering during the run');
    },
  };
}

const service = values.base ? { base: values.base.replace(/\/+$/, ''), stop: async () => {} } : await startService();
const { base } = service;

interface Answer {
  status: number;
  body: any;
}

async function call(
  method: string,
  route: string,
  opts: { token?: string; json?: unknown; text?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.json !== undefined) (headers['Content-Type'] ??= 'application/json'), (body = JSON.stringify(opts.json));
  if (opts.text !== undefined) (headers['Content-Type'] ??= 'text/plain'), (body = opts.text);
  requests++;
  let status = 0;
  let parsed: any;
  try {
    const res = await fetch(`${base}${route}`, { method, headers, body, signal: AbortSignal.timeout(60_000) });
    status = res.status;
    const text = await res.text();
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  } catch (e) {
    problem(`${method} ${route}: no answer (${e instanceof Error ? e.message : e})`);
  }
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (status >= 500) problem(`${method} ${route}: ${status} ${JSON.stringify(parsed)}`);
  return { status, body: parsed };
}

interface SoakGame {
  id: string;
  tokens: { white: string; black: string };
}
const everyGame: string[] = [];
let createAfter = 0;
const pool: SoakGame[] = [];
const random = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function newGame(): Promise<SoakGame | undefined> {
  const variant = random(VARIANT_NAMES);
  const res = await call('POST', '/api/games', { json: { variant, white: { name: 'Soak W' }, black: { name: 'Soak B' } } });
  if (res.status === 429) {
    // The new-game limit (60 a minute per address): play on with the games there are for a while.
    createAfter = Date.now() + 5000;
    return undefined;
  }
  if (res.status !== 201) return (problem(`create ${variant}: ${res.status} ${JSON.stringify(res.body)}`), undefined);
  everyGame.push(res.body.id);
  return { id: res.body.id, tokens: res.body.tokens };
}

const expect = (what: string, got: Answer, allowed: number[]) => {
  if (!allowed.includes(got.status)) problem(`${what}: ${got.status} (expected ${allowed.join('/')}) ${JSON.stringify(got.body)}`);
};

/** One client's step on one game. */
async function step(g: SoakGame): Promise<boolean> {
  const state = await call('GET', `/api/games/${g.id}`);
  if (state.status !== 200) return (problem(`state of ${g.id}: ${state.status}`), false);
  if (state.body.status !== 'active') return false;
  const side: 'white' | 'black' = state.body.sideToMove;
  const other = side === 'white' ? 'black' : 'white';
  const ply = state.body.ply + 1;
  const roll = Math.random();
  const moves = `/api/games/${g.id}/moves`;
  if (roll < 0.45) {
    const legal = await call('GET', `/api/games/${g.id}/legal`);
    if (legal.status !== 200 || !legal.body.legal?.length) return true;
    expect('legal turn', await call('POST', moves, { token: g.tokens[side], text: `${random(legal.body.legal as string[])} #${ply}` }), [200, 409]);
  } else if (roll < 0.55) {
    // A race: several different legal turns for the same ply at once; exactly one may land.
    const legal = await call('GET', `/api/games/${g.id}/legal`);
    if (legal.status !== 200 || !legal.body.legal?.length) return true;
    races++;
    const tries = await Promise.all(
      Array.from({ length: 2 + Math.floor(Math.random() * 5) }, () =>
        call('POST', moves, { token: g.tokens[side], json: { move: random(legal.body.legal as string[]), ply } }),
      ),
    );
    const landed = tries.filter((t) => t.status === 200).length;
    if (landed > 1) problem(`race on ${g.id} ply ${ply}: ${landed} turns landed`);
    for (const t of tries) expect('race', t, [200, 409]);
  } else if (roll < 0.65) {
    // Never legal (a piece moving onto its own cell), or the wrong player (with the ply guard, so it
    // cannot land once the turn has passed to them). The turn is read first,
    // so a text in another variant's notation is a 400; another client may have moved since: 403/409.
    expect(
      'illegal turn',
      await call('POST', moves, { token: g.tokens[side], text: `${side === 'white' ? 'Wb2-Wb2' : 'Bb3-Bb3'} #${ply}` }),
      [400, 403, 409, 422],
    );
    expect('not your turn', await call('POST', moves, { token: g.tokens[other], text: `Wb2-Wb3 #${ply}` }), [400, 403, 409, 422]);
  } else if (roll < 0.77) {
    const malformed = random<[string, Parameters<typeof call>[2]]>([
      ['garbage', { token: g.tokens[side], text: '%%%' }],
      ['control characters', { token: g.tokens[side], text: 'Wb2-\u0000Wb3' }],
      ['broken JSON', { token: g.tokens[side], text: '{"move":', headers: { 'Content-Type': 'application/json' } }],
      ['wrong field type', { token: g.tokens[side], json: { move: 42 } }],
      ['wrong content type', { token: g.tokens[side], text: 'Wb2-Wb3', headers: { 'Content-Type': 'image/png' } }],
      ['wrong ply', { token: g.tokens[side], text: `Wb2-Wb3 #${ply > 1 ? ply - 1 : ply + 1}` }],
      ['no token', {}],
      ['wrong token', { token: 'x'.repeat(43), text: 'Wb2-Wb3' }],
    ]);
    expect(malformed[0], await call('POST', moves, malformed[1]), [400, 401, 403, 409, 415, 422]);
  } else if (roll < 0.85) {
    const action = random(['offer', 'offer', 'accept', 'decline']);
    expect(
      `draw ${action}`,
      await call('POST', `/api/games/${g.id}/draw`, { token: g.tokens[random<'white' | 'black'>([side, other])], json: { action } }),
      [200, 400, 409],
    );
  } else if (roll < 0.87) {
    expect('resign', await call('POST', `/api/games/${g.id}/resign`, { token: g.tokens[random<'white' | 'black'>([side, other])] }), [200, 409]);
  } else if (roll < 0.89) {
    // Export -> import: the record makes a new game.
    const record = await call('GET', `/api/games/${g.id}/record`);
    if (record.status === 200) {
      const imported = await call('POST', '/api/games/import', { text: record.body });
      if (imported.status === 201) everyGame.push(imported.body.id);
      else expect('import of an exported record', imported, [201, 429]);
    }
  } else {
    for (const route of ['moves', 'record', 'legal']) expect(`GET ${route}`, await call('GET', `/api/games/${g.id}/${route}`), [200]);
  }
  return true;
}

const deadline = Date.now() + minutes * 60_000;
async function client(): Promise<void> {
  while (Date.now() < deadline) {
    if (pool.length < poolSize && (Date.now() >= createAfter || !pool.length)) {
      const g = await newGame();
      if (g) pool.push(g);
      else if (!pool.length) await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    const g = random(pool);
    if (!(await step(g))) pool.splice(pool.indexOf(g), 1); // over: a new game takes its place
  }
}

const started = Date.now();
await Promise.all(Array.from({ length: clients }, client));

// Every game: replay its history from the start and compare with what the service stored.
let checked = 0;
let mismatches = 0;
for (const id of everyGame) {
  const [state, history] = [await call('GET', `/api/games/${id}`), await call('GET', `/api/games/${id}/moves`)];
  if (state.status !== 200 || history.status !== 200) {
    mismatches++;
    problem(`game ${id}: cannot read it back (${state.status}, ${history.status})`);
    continue;
  }
  checked++;
  const texts = (history.body.moves as { text: string }[]).map((m) => m.text);
  const replayed = Game.replay(state.body.variant, state.body.options, texts);
  const why = !replayed.ok
    ? replayed.error.message
    : replayed.value.positionText !== state.body.position
      ? `replays to ${replayed.value.positionText}, stored ${state.body.position}`
      : texts.length !== state.body.ply
        ? `${texts.length} moves, ply ${state.body.ply}`
        : undefined;
  if (why) {
    mismatches++;
    problem(`game ${id}: ${why}`);
  }
}
await service.stop();

const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
console.log(`
soak: ${((Date.now() - started) / 60_000).toFixed(1)} min, ${clients} clients, up to ${poolSize} games at a time
requests      ${requests}
statuses      ${[...statuses]
  .sort(([a], [b]) => a - b)
  .map(([s, c]) => `${s || 'no answer'}: ${c}`)
  .join(', ')}
5xx           ${fivexx}
races         ${races} (never more than one turn landed: ${problems.some((p) => p.startsWith('race')) ? 'NO' : 'yes'})
games checked ${checked} (replay mismatches: ${mismatches})
problems      ${problems.length}`);
process.exit(problems.length || fivexx || mismatches ? 1 : 0);
