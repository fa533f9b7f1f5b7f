// The numbers behind docs/scaling.md, measured on this machine (`npm run bench -- --scaling`):
// - rows and bytes per game of N plies (a local D1 under wrangler dev; its size is D1's own
//   meta.size_after, the figure its 10 GB limit counts, before and after);
// - the move rate one local D1 sustains (concurrent clients, each playing its own games);
// - the cron sweep over many games: rows each sweep query reads (D1's meta.rows_read) with
//   100,000 timed games in the table, next to a query that would read every game.
// `wrangler d1 execute --local` leaves size_after and rows_read out of its meta, so after the
// server stops the bench opens the same local D1 through wrangler's getPlatformProxy, whose D1
// binding reports both as a deployed D1 does.
import path from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { REMIND_AT, REMINDER_PENDING } from '../src/db/schema.ts';
import { SWEEP_BATCH } from '../src/worker/sweep.ts';
import { ENV as env, freshLocalD1, ROOT as root, startServer } from '../test/e2e/server.ts';
import { busyGame } from './engine.ts';

interface D1Answer {
  results: Record<string, unknown>[];
  meta: { rows_read?: number; duration?: number; size_after?: number };
}

/** Runs `use` with the D1 binding of the local state in `stateDir` (no server may hold it). */
async function withLocalD1<T>(stateDir: string, use: (sql: (query: string) => Promise<D1Answer>) => Promise<T>): Promise<T> {
  Object.assign(process.env, env); // offline, like the server
  const { env: bindings, dispose } = await getPlatformProxy<{ DB: D1Database }>({
    configPath: path.join(root, 'wrangler.toml'),
    persist: { path: path.join(stateDir, 'v3') }, // where `--persist-to stateDir` keeps it
  });
  try {
    return await use(async (query) => (await bindings.DB.prepare(query).all()) as unknown as D1Answer);
  } finally {
    await dispose();
  }
}

/** The database's size as D1 reports it (meta.size_after; PRAGMA page_count is not authorized). */
async function dbBytes(sql: (query: string) => Promise<D1Answer>): Promise<number> {
  const size = (await sql('SELECT 1')).meta.size_after;
  if (size === undefined) throw new Error('D1 reported no meta.size_after');
  return size;
}

export async function scalingBench(opts: { games?: number; plies?: number; clients?: number; sweepGames?: number } = {}) {
  const { games: gameCount = 32, plies = 100, clients = 8, sweepGames = 100_000 } = opts;
  // The size of a database with the migrations only, taken from a second fresh local D1.
  const emptyDir = path.join(root, '.bench', 'scaling-empty');
  freshLocalD1(emptyDir);
  const emptyBytes = await withLocalD1(emptyDir, dbBytes);
  const stateDir = path.join(root, '.bench', 'scaling-state');
  const { base, stop } = await startServer({ stateDir });
  const sequence = busyGame('warp-factor', plies, 3);
  const games: { id: string; tokens: { white: string; black: string } }[] = [];
  let moves = 0;
  let failures = 0;
  let seconds: number;
  try {
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
    seconds = (performance.now() - started) / 1000;
  } finally {
    await stop();
  }

  return withLocalD1(stateDir, async (sql) => {
    const fullBytes = await dbBytes(sql);
    const one = games[0]!.id;
    const rows = async (table: string, column: string) =>
      Number(Object.values((await sql(`SELECT count(*) FROM ${table} WHERE ${column} = '${one}'`)).results[0]!)[0]);
    const perGame = {
      plies,
      // D1 holds the directory row only: the moves and every other record are in the game's object (issue 28).
      rows: { games: await rows('games', 'id') },
      bytes: Math.round((fullBytes - emptyBytes) / gameCount),
    };

    // The sweep: copy one stored game into `sweepGames` timed games with deadlines spread over
    // the next 14 days, 1 % of them overdue, then ask D1 how many rows each query reads.
    const now = Date.now();
    const columns = ((await sql("SELECT name FROM pragma_table_info('games')")).results as { name: string }[]).map((c) => c.name);
    const select = columns.map((c) =>
      c === 'id' ? `'s' || n` : c === 'deadline' ? `CASE WHEN n % 100 = 0 THEN ${now} - 60000 ELSE ${now} + (n * 7919 % 1209600) * 1000 END` : c,
    );
    await sql(
      `INSERT INTO games (${columns.join(', ')}) WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${sweepGames}) SELECT ${select.join(', ')} FROM seq, (SELECT * FROM games WHERE id = '${one}')`,
    );
    // A games row without moves (with its indexes): what the sweep's copies added, per copy.
    const bytesPerGamesRow = Math.round(((await dbBytes(sql)) - fullBytes) / sweepGames);
    const measure = async (label: string, query: string) => {
      const answer = await sql(query);
      const plan = (await sql(`EXPLAIN QUERY PLAN ${query}`)).results.map((r) => String(r.detail)).join('; ');
      return { label, rowsRead: answer.meta.rows_read ?? -1, returned: answer.results.length, ms: answer.meta.duration ?? -1, plan };
    };
    const batch = `LIMIT ${SWEEP_BATCH}`;
    const sweep = [
      await measure(
        'timeouts (games_sweep_timeout)',
        `SELECT id FROM games WHERE status = 'active' AND timeout_mode = 'auto' AND deadline IS NOT NULL AND deadline <= ${now} ${batch}`,
      ),
      await measure(
        'reminders (games_sweep_reminder)',
        `SELECT id FROM games WHERE ${REMINDER_PENDING} AND ${REMIND_AT} <= ${now} AND deadline >= ${now} ${batch}`,
      ),
      await measure(
        'reminders, the old predicate (not indexable; few due)',
        `SELECT id FROM games WHERE status = 'active' AND deadline IS NOT NULL AND days_per_move IS NOT NULL AND (reminder_ply IS NULL OR reminder_ply < ply) AND ${now} - (deadline - days_per_move * 86400000) >= 0.99 * days_per_move * 86400000 ${batch}`,
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
      bytesPerGamesRow,
      dbBytesAfterSweepGames: await dbBytes(sql),
      sweep,
    };
  });
}
