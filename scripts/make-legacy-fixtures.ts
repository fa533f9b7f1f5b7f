// Writes test/fixtures/legacy-games.json: games of every variant played through the HTTP API of
// a server whose D1 still holds each game's records (the schema before migration 0018 of issue 28:
// tables moves, takebacks, conditional_moves, game_messages), every D1 row of those games, and
// what the API answered for each game at the end, so a test can load the rows into a newer
// database, migrate them and check that every game answers exactly the same.
//
// Run it in a checkout of a commit from before migration 0018 (the last one is eb91c27), from
// this checkout (the script only reads the old server through HTTP and wrangler):
//   git worktree add --detach /tmp/subspace-old eb91c27 && (cd /tmp/subspace-old && npm install)
//   cp scripts/make-legacy-fixtures.ts /tmp/subspace-old/scripts/
//   out="$PWD/test/fixtures/legacy-games.json"; (cd /tmp/subspace-old && npx tsx scripts/make-legacy-fixtures.ts "$out")
// (default out file: test/fixtures/legacy-games.json of the checkout it runs in). At a later commit
// it stops at once: D1 no longer has the tables.
// It starts `wrangler dev` on a free port with a fresh local D1 in .wrangler/legacy-fixtures-state
// (test/e2e/server.ts), plays the games, stops the server and reads the rows with
// `wrangler d1 execute --local --json`: the games' rows and records, and the `players` and
// `player_keys` rows of their player seats, and the rows of the tables that stay in D1 (analyses,
// analysis_plies, game_notes). A rerun writes new games (new ids, tokens and times).
//
// What the games cover (each game's `covers` in the file says which of these it has):
//   first-contact  untimed, named players: moves, a takeback offered and accepted, messages on their
//                  own and with a move, a conditional plan that fired (its outcome kept beside
//                  the lines stored after), a declined draw offer, White's analysis-board notes
//   warp-factor    timed (3 days, leave days): moves, leave days taken, a plan that fired (its row gone after), a pause
//                  offered and accepted (still paused), a move during the pause, messages shown to
//                  spectators
//   curved-space   timed (claim): moves, a takeback, a pause offered and accepted, then a resignation
//                  (finished; the end of the game ended the pause; analysed), messages
//   planar         player-key seats (a challenge accepted; rated), moves, a standing draw offer and
//                  a standing takeback offer, a stored plan, messages
//   warp-factor    aborted after one move
// Times in the rows and answers are absolute (epoch ms / ISO): a deadline or a pause's end may
// have passed when a test loads them; `madeAt` says when the games were played.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENV, freshLocalD1, ROOT, startServer, WRANGLER } from '../test/e2e/server.ts';

const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'test', 'fixtures', 'legacy-games.json'));
const stateDir = path.join(ROOT, '.wrangler', 'legacy-fixtures-state');

type Side = 'white' | 'black';
// biome-ignore lint/suspicious/noExplicitAny: the API's JSON answers, read field by field
type Json = any;
const other = (side: Side): Side => (side === 'white' ? 'black' : 'white');

interface Game {
  id: string;
  variant: string;
  /** The bearer each side acts with: the game's token, or the player's key. */
  auth: Record<Side, string>;
  /** The game's tokens (none for seats taken with a player key). */
  tokens?: Record<Side, string>;
  playerKeys?: Record<Side, string>;
  covers: string[];
}

// The schema must still hold the records (before migration 0018): checked before any game is played.
freshLocalD1(stateDir);
const tablesThere = rows("SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => r.name as string);
for (const t of ['moves', 'takebacks', 'conditional_moves', 'game_messages'])
  if (!tablesThere.includes(t)) throw new Error(`D1 has no ${t} table: run this at a commit from before migration 0018 (e.g. eb91c27)`);

const server = await startServer({ stateDir });
const base = server.base;

async function api(method: string, url: string, body?: unknown, bearer?: string, expected = [200, 201]): Promise<Json> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const res = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const state = (g: Game) => api('GET', `/api/games/${g.id}`);
const legal = async (g: Game): Promise<string[]> => (await api('GET', `/api/games/${g.id}/legal`)).legal;

/** The legal turns after `line` from the game's present ply. */
async function legalAfter(g: Game, line: string[]): Promise<string[]> {
  const s = await state(g);
  const q = new URLSearchParams({ from: String(s.ply), line: line.join(' ') });
  return (await api('GET', `/api/games/${g.id}/explore?${q}`)).legal;
}

/** A legal turn picked by a fixed rule (the same rule every run, so the games look alike). */
const pick = (turns: string[], n: number) => {
  if (turns.length === 0) throw new Error('no legal turn');
  return turns[(n * 7 + 3) % turns.length]!;
};

/** Plays `n` turns as whoever is to move; `message` goes with the first of them. */
async function playTurns(g: Game, n: number, message?: string) {
  for (let i = 0; i < n; i++) {
    const s = await state(g);
    if (s.status !== 'active') throw new Error(`${g.variant} ${g.id} ended early: ${s.result} ${s.reason}`);
    const move = pick(await legal(g), s.ply);
    const body = i === 0 && message ? { move, ply: s.ply + 1, message } : { move, ply: s.ply + 1 };
    await api('POST', `/api/games/${g.id}/moves`, body, g.auth[s.sideToMove as Side]);
  }
}

const say = (g: Game, side: Side, text: string) => api('POST', `/api/games/${g.id}/messages`, { text }, g.auth[side]);
const offer = (g: Game, what: 'takeback' | 'draw' | 'pause', side: Side, action: string, extra: object = {}) =>
  api('POST', `/api/games/${g.id}/${what}`, { action, ...extra }, g.auth[side]);

/** Stores two conditional lines for the side not to move (each: an opponent's turn, an answer, ...). */
async function plan(g: Game, depth = 2): Promise<string[][]> {
  const s = await state(g);
  const waiting = other(s.sideToMove as Side);
  const firsts = await legal(g);
  const lines: string[][] = [];
  for (const k of [1, 2]) {
    const line = [pick(firsts, s.ply + k * 5)];
    while (line.length < depth) line.push(pick(await legalAfter(g, line), s.ply + line.length));
    lines.push(line);
  }
  if (lines[0]![0] === lines[1]![0]) lines.pop();
  await api('PUT', `/api/games/${g.id}/conditional`, { lines }, g.auth[waiting]);
  return lines;
}

async function create(variant: string, covers: string[], extra: object = {}): Promise<Game> {
  const made = await api('POST', '/api/games', { variant, ...extra });
  return { id: made.id, variant, auth: made.tokens, tokens: made.tokens, covers };
}

const games: Game[] = [];
try {
  // 1. First Contact, untimed.
  {
    const g = await create('first-contact', ['moves', 'takeback', 'messages', 'message-with-move', 'plan-fired', 'plan-stored', 'draw-declined', 'notes'], {
      white: { name: 'Kirk' },
      black: { name: 'Kor' },
    });
    games.push(g);
    await say(g, 'white', 'Qapla’! Good luck.');
    await playTurns(g, 4, 'Opening with a placement.');
    // Black asks to take its last turn back; White accepts (Black's turn and White's reply go).
    await playTurns(g, 1);
    await offer(g, 'takeback', 'black', 'offer');
    await offer(g, 'takeback', 'white', 'accept');
    await playTurns(g, 3);
    // The waiting side's plan fires when the opponent plays its first turn.
    const lines = await plan(g, 4);
    const s = await state(g);
    await api('POST', `/api/games/${g.id}/moves`, { move: lines[0]![0], ply: s.ply + 1 }, g.auth[s.sideToMove as Side]);
    await offer(g, 'draw', (await state(g)).sideToMove, 'offer');
    await offer(g, 'draw', other((await state(g)).sideToMove), 'decline');
    await playTurns(g, 1, 'No draw today.');
    await plan(g);
    await say(g, 'black', 'Your move, Kirk.\nTake your time.');
    // White's analysis board: one variation from the present position (stays in D1, game_notes).
    const now = await state(g);
    const idea = pick(await legal(g), 1);
    const reply = pick(await legalAfter(g, [idea]), 2);
    await api(
      'PUT',
      `/api/games/${g.id}/notes`,
      { variations: [{ name: 'Main idea', from: now.ply, turns: [{ move: idea, note: 'develops' }, { move: reply }] }] },
      g.auth.white,
    );
  }
  // 2. Warp Factor, timed, paused at the end.
  {
    const g = await create('warp-factor', ['moves', 'timed', 'leave-days', 'plan-fired', 'paused', 'move-during-pause', 'messages', 'messages-shown'], {
      white: { name: 'Picard' },
      black: { name: 'Sela' },
      clock: { daysPerMove: 3, leaveDays: 5 },
    });
    games.push(g);
    await playTurns(g, 3, 'Engage.');
    await api('POST', `/api/games/${g.id}/leave`, { days: 2 }, g.auth[(await state(g)).sideToMove as Side]);
    const lines = await plan(g, 2);
    const s = await state(g);
    await api('POST', `/api/games/${g.id}/moves`, { move: lines[0]![0], ply: s.ply + 1 }, g.auth[s.sideToMove as Side]);
    await playTurns(g, 2);
    await say(g, 'black', 'I will be away for a week.');
    await offer(g, 'pause', 'black', 'offer', { days: 7 });
    await offer(g, 'pause', 'white', 'accept');
    await playTurns(g, 1, 'A move while we wait.');
    for (const side of ['white', 'black'] as const) await api('PUT', `/api/games/${g.id}/messages/visibility`, { spectators: true }, g.auth[side]);
  }
  // 3. Curved Space, timed with claim, finished by resignation.
  {
    const g = await create('curved-space', ['moves', 'timed', 'takeback', 'pause-ended-by-resignation', 'finished', 'messages', 'message-with-move'], {
      white: { name: 'Sisko' },
      black: { name: 'Dukat' },
      clock: { daysPerMove: 5, timeout: 'claim' },
    });
    games.push(g);
    await playTurns(g, 5, 'The Emissary opens.');
    // White asks right after its own turn: one ply goes.
    await offer(g, 'takeback', 'white', 'offer');
    await offer(g, 'takeback', 'black', 'accept');
    await playTurns(g, 4);
    await say(g, 'white', 'Shall we stop the clock?');
    await offer(g, 'pause', 'white', 'offer', { days: 3 });
    await offer(g, 'pause', 'black', 'accept');
    await say(g, 'black', 'I resign. Well played.');
    await api('POST', `/api/games/${g.id}/resign`, undefined, g.auth.black);
  }
  // 4. Planar, two players with keys (a challenge accepted).
  {
    const a = await api('POST', '/api/players', { name: 'Janeway' });
    const b = await api('POST', '/api/players', { name: 'Seska' });
    const challenge = await api('POST', '/api/challenges', { variant: 'planar', color: 'white', to: b.id, clock: { daysPerMove: 7 } }, a.key);
    const accepted = await api('POST', `/api/challenges/${challenge.id}/accept`, undefined, b.key);
    const g: Game = {
      id: accepted.id,
      variant: 'planar',
      auth: { white: a.key, black: b.key },
      playerKeys: { white: a.key, black: b.key },
      covers: ['moves', 'player-seats', 'rated', 'timed', 'draw-offer-standing', 'takeback-offer-standing', 'plan-stored', 'messages'],
    };
    games.push(g);
    await playTurns(g, 6, 'Set up your kings.');
    await say(g, 'black', 'Nice placement.');
    await playTurns(g, 1);
    // The side that just moved asks for a takeback and offers a draw; neither is answered.
    const mover = other((await state(g)).sideToMove as Side);
    await offer(g, 'takeback', mover, 'offer');
    await offer(g, 'draw', mover, 'offer');
    await plan(g);
  }
  // 5. Warp Factor, aborted after one move.
  {
    const g = await create('warp-factor', ['aborted'], { clock: { daysPerMove: 1 } });
    games.push(g);
    await playTurns(g, 1);
    await api('POST', `/api/games/${g.id}/abort`, undefined, g.auth.black);
  }

  // A game that ends is analysed by itself (the record then carries the evaluations): wait for it.
  for (const g of games) {
    if ((await state(g)).status !== 'finished') continue;
    for (let i = 0; (await api('GET', `/api/games/${g.id}/analysis`, undefined, undefined, [200, 404])).status !== 'done'; i++) {
      if (i > 600) throw new Error(`the analysis of ${g.id} did not finish`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  // What each game answers now: what the migrated game must answer too.
  for (const g of games) {
    const answers: Json = {
      state: await state(g),
      moves: await api('GET', `/api/games/${g.id}/moves`),
      record: await api('GET', `/api/games/${g.id}/record`),
      messages: await api('GET', `/api/games/${g.id}/messages`, undefined, g.auth.white),
      you: {} as Json,
      conditional: {} as Json,
      notes: {} as Json,
    };
    for (const side of ['white', 'black'] as const) {
      answers.you[side] = (await api('GET', `/api/games/${g.id}`, undefined, g.auth[side])).you;
      answers.conditional[side] = await api('GET', `/api/games/${g.id}/conditional`, undefined, g.auth[side]);
      answers.notes[side] = await api('GET', `/api/games/${g.id}/notes`, undefined, g.auth[side]);
    }
    (g as Json).answers = answers;
  }
} catch (e) {
  process.stderr.write(server.log().slice(-4000));
  throw e;
} finally {
  await server.stop();
}

/** The rows `sql` reads from the local D1 the server uses. */
function rows(sql: string): Json[] {
  const res = spawnSync(WRANGLER, ['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--json', '--command', sql], {
    cwd: ROOT,
    env: ENV,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (res.status !== 0) throw new Error(`${sql}: ${res.stdout}\n${res.stderr}`);
  return JSON.parse(res.stdout)[0].results;
}

const ids = games.map((g) => `'${g.id}'`).join(', ');
const games_ = rows(`SELECT * FROM games WHERE id IN (${ids}) ORDER BY created_at, id`);
const playerIds = [...new Set(games_.flatMap((r) => [r.white_player_id, r.black_player_id]).filter(Boolean))].map((id) => `'${id}'`);
const tables = {
  players: playerIds.length ? rows(`SELECT * FROM players WHERE id IN (${playerIds.join(', ')}) ORDER BY created_at, id`) : [],
  /** Their keys, hashed as the server keeps them (the keys themselves are in `games[].playerKeys`). */
  player_keys: playerIds.length ? rows(`SELECT * FROM player_keys WHERE player_id IN (${playerIds.join(', ')}) ORDER BY created_at, key_hash`) : [],
  games: games_,
  moves: rows(`SELECT * FROM moves WHERE game_id IN (${ids}) ORDER BY game_id, ply`),
  takebacks: rows(`SELECT * FROM takebacks WHERE game_id IN (${ids}) ORDER BY id`),
  conditional_moves: rows(`SELECT * FROM conditional_moves WHERE game_id IN (${ids}) ORDER BY game_id, side`),
  game_messages: rows(`SELECT * FROM game_messages WHERE game_id IN (${ids}) ORDER BY id`),
  // Tables that stay in D1 but hold rows of these games: the analysis of the finished game (its
  // evaluations are in the record) and an analysis board's notes.
  analyses: rows(`SELECT * FROM analyses WHERE game_id IN (${ids}) ORDER BY game_id`),
  analysis_plies: rows(`SELECT * FROM analysis_plies WHERE game_id IN (${ids}) ORDER BY game_id, ply`),
  game_notes: rows(`SELECT * FROM game_notes WHERE game_id IN (${ids}) ORDER BY game_id, side`),
};

const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
const fixture = {
  about:
    'Games played through the HTTP API of a server from before migration 0018 (issue 28), every D1 row of them, and what the API answered for each at the end. Made by scripts/make-legacy-fixtures.ts.',
  commit,
  /** The origin the games were played at: the record's [Site] and the games' link_origin carry it. */
  origin: base,
  madeAt: new Date(Math.max(...games_.map((r) => r.updated_at))).toISOString(),
  tables,
  games: games.map((g) => ({ ...g, auth: undefined })),
};
mkdirSync(path.dirname(out), { recursive: true });
// In the tree's own format (biome ci checks it), wherever the file goes.
const biome = path.join(ROOT, 'node_modules', '.bin', 'biome');
const json = execFileSync(biome, ['format', '--stdin-file-path=legacy-games.json'], { cwd: ROOT, input: JSON.stringify(fixture), encoding: 'utf8' });
writeFileSync(out, json);
const counts = Object.entries(tables).map(([t, r]) => `${r.length} ${t}`);
console.log(`${path.relative(ROOT, out)}: ${games.length} games (${counts.join(', ')}), ${Math.round(JSON.stringify(fixture).length / 1024)} KB`);
