// The numbers behind docs/scaling.md, measured on this machine (`npm run bench -- --scaling`):
// - rows and bytes per game of N plies (a local D1 under wrangler dev, its size from SQLite's
//   size before and after, as D1 reports it);
// - the move rate one local D1 sustains (concurrent clients, each playing its own games);
// - the cron sweep over many games: rows each sweep query reads (D1's rows_read) with 100,000
//   timed games in the table, next to a query that would read every game.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REMIND_AT } from '../src/db/schema.ts';
import { ENV as env, ROOT as root, startServer, WRANGLER as wrangler } from '../test/e2e/server.ts';
import { busyGame } from './engine.ts';

interface D1Answer {
  results: Record<string, unknown>[];
  meta: { rows_read?: number; rows_written?: number; duration?: number; size_after?: number };
}

/** One SQL statement against the local D1 the server uses (wrangler d1 execute --local). */
function sql(stateDir: string, command: string): D1Answer {
  const r = spawnSync(wrangler, ['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--json', '--command', command], {
    cwd: root,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`d1 execute failed: ${command}\n${r.stdout}\n${r.stderr}`);
  const answers = JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as D1Answer[];
  return answers.at(-1)!;
}

/** The database's size as D1 reports it after a query (meta.size_after; PRAGMA page_count is not allowed). */
const dbBytes = (stateDir: string) => Number(sql(stateDir, 'SELECT 1').meta.size_after ?? Number.NaN);

export async function scalingBench(opts: { games?: number; plies?: number; clients?: number; sweepGames?: number } = {}) {
  const { games: gameCount = 32, plies = 100, clients = 8, sweepGames = 100_000 } = opts;
  const stateDir = path.join(root, '.bench', 'scaling-state');
  const { base, stop } = await startServer({ stateDir });
  try {
    const emptyBytes = dbBytes(stateDir);
    const sequence = busyGame('warp-factor', plies, 3);
    const games: { id: string; tokens: { white: string; black: string } }[] = [];
    for (let i = 0; i < gameCount; i++) {
      const res = await fetch(`${base}/api/games`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ variant: 'warp-factor', clock: { daysPerMove: 3 } }),
      });
      if (res.status !== 201) throw new Error(`creating a game: ${res.status} ${await res.text()}`);
      games.push((await res.json()) as (typeof games)[number]);
    }
    // Each client plays its share of the games to the end of the sequence, one move at a time.
    let moves = 0;
    let failures = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        const mine = games.filter((_, i) => i % clients === client);
        for (let ply = 0; ply < plies; ply++)
          for (const g of mine) {
            const res = await fetch(`${base}/api/games/${g.id}/moves`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${ply % 2 === 0 ? g.tokens.white : g.tokens.black}`, 'Content-Type': 'application/json' },
              body: JSON.stringify({ move: sequence[ply], ply: ply + 1 }),
            });
            await res.arrayBuffer();
            if (res.ok) moves++;
            else failures++;
          }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const fullBytes = dbBytes(stateDir);
    const one = games[0]!.id;
    const rows = (table: string, column: string) => Number(Object.values(sql(stateDir, `SELECT count(*) FROM ${table} WHERE ${column} = '${one}'`).results[0]!)[0]);
    const perGame = { plies, rows: { games: rows('games', 'id'), moves: rows('moves', 'game_id'), deliveries: rows('deliveries', 'game_id') }, bytes: Math.round((fullBytes - emptyBytes) / gameCount) };

    // The sweep: copy one stored game into `sweepGames` timed games with deadlines spread over
    // the next 14 days, 1 % of them overdue, then ask D1 how many rows each query reads.
    const now = Date.now();
    const columns = (sql(stateDir, 'SELECT name FROM pragma_table_info(\'games\')').results as { name: string }[]).map((c) => c.name);
    const select = columns.map((c) =>
      c === 'id' ? `'s' || n` : c === 'deadline' ? `CASE WHEN n % 100 = 0 THEN ${now} - 60000 ELSE ${now} + (n * 7919 % 1209600) * 1000 END` : c,
    );
    sql(
      stateDir,
      `INSERT INTO games (${columns.join(', ')}) WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${sweepGames}) SELECT ${select.join(', ')} FROM seq, (SELECT * FROM games WHERE id = '${one}')`,
    );
    const measure = (label: string, query: string) => {
      const answer = sql(stateDir, query);
      const plan = sql(stateDir, `EXPLAIN QUERY PLAN ${query}`).results.map((r) => String(r.detail)).join('; ');
      return { label, rowsRead: answer.meta.rows_read ?? -1, returned: answer.results.length, ms: answer.meta.duration ?? -1, plan };
    };
    const pending = `status = 'active' AND days_per_move IS NOT NULL AND (reminder_ply IS NULL OR reminder_ply < ply)`;
    const sweep = [
      measure('timeouts (games_sweep_timeout)', `SELECT id FROM games WHERE status = 'active' AND timeout_mode = 'auto' AND deadline IS NOT NULL AND deadline <= ${now} LIMIT 50`),
      measure('reminders (games_sweep_reminder)', `SELECT id FROM games WHERE ${pending} AND ${REMIND_AT} <= ${now} AND deadline >= ${now} LIMIT 50`),
      measure(
        'reminders, the old predicate (not indexable; few due)',
        `SELECT id FROM games WHERE status = 'active' AND deadline IS NOT NULL AND days_per_move IS NOT NULL AND (reminder_ply IS NULL OR reminder_ply < ply) AND ${now} - (deadline - days_per_move * 86400000) >= 0.99 * days_per_move * 86400000 LIMIT 50`,
      ),
    ];
    return {
      clients,
      games: gameCount,
      moves,
      failures,
      seconds: +seconds.toFixed(2),
      movesPerSecond: Math.round(moves / seconds),
      perGame,
      emptyDbBytes: emptyBytes,
      sweepGames,
      sweep,
    };
  } finally {
    await stop();
  }
}
