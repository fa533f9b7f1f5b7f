// The cron sweep scales: it ends overdue games in bounded batches (the rest wait for the
// next run), and both of its queries are index range scans, never a pass over every game.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { Directory } from '../../src/db/directory.ts';
import { RemoteGames } from '../../src/worker/game-objects.ts';
import { NotifyStore } from '../../src/notify/store.ts';
import worker from '../../src/worker/index.ts';
import { SWEEP_BATCH, SWEEP_BATCHES } from '../../src/worker/sweep.ts';
import { newGame } from './helpers.ts';

const runCron = async (scheduledTime: number) => {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: '*/15 * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
};
const count = async (status: string) => (await env.DB.prepare('select count(*) as n from games where status = ?').bind(status).first<{ n: number }>('n'))!;

/** A D1 that records each statement the store prepares with its parameters. */
function recording(db: D1Database) {
  const seen: { sql: string; params: unknown[] }[] = [];
  const wrap = (sql: string, statement: D1PreparedStatement, params: unknown[]): D1PreparedStatement =>
    Object.assign(Object.create(statement) as D1PreparedStatement, {
      bind: (...p: unknown[]) => {
        seen.push({ sql, params: p });
        return wrap(sql, statement.bind(...p), p);
      },
      all: () => statement.all(),
      raw: (o?: { columnNames?: false }) => statement.raw(o),
      first: (c?: string) => (c === undefined ? statement.first() : statement.first(c)),
      run: () => statement.run(),
    });
  const proxy = Object.assign(Object.create(db) as D1Database, { prepare: (sql: string) => wrap(sql, db.prepare(sql), []) });
  return { db: proxy, seen };
}

async function queryPlan(run: (db: D1Database) => Promise<unknown>): Promise<string> {
  const { db, seen } = recording(env.DB);
  await run(db);
  const { sql, params } = seen.at(-1)!;
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return plan.results.map((r) => r.detail).join('\n');
}

describe('cron sweep', () => {
  it(`ends at most ${SWEEP_BATCHES} x ${SWEEP_BATCH} overdue games a run; the next run takes the rest`, async () => {
    const overdue = SWEEP_BATCHES * SWEEP_BATCH + 7;
    for (let i = 0; i < overdue; i++) await newGame('warp-factor', { clock: { daysPerMove: 1 } });
    // Two days on, every deadline has passed (the games' own alarms, a day ahead, have not fired).
    const now = Date.now() + 2 * 86_400_000;
    await runCron(now);
    expect(await count('finished')).toBe(SWEEP_BATCHES * SWEEP_BATCH);
    expect(await count('active')).toBe(7);
    await runCron(now + 60_000);
    expect(await count('finished')).toBe(overdue);
  }, 360_000);

  it('both sweep queries are index range scans (no scan of the games table)', async () => {
    const now = Date.now();
    const timeouts = await queryPlan((db) => new Directory(db).overdueGames(now, 'auto', 50));
    expect(timeouts).toMatch(/SEARCH games USING INDEX games_sweep_timeout \(status=\? AND timeout_mode=\? AND (deadline>\? AND )?deadline<\?\)/);
    const reminders = await queryPlan((db) => ((remote) => new NotifyStore(db, remote, remote))(new RemoteGames(env)).reminderCandidates(now, 50));
    expect(reminders).toMatch(/SEARCH games USING INDEX games_sweep_reminder \(status=\? AND <expr><\?\)/);
    for (const plan of [timeouts, reminders]) expect(plan).not.toMatch(/SCAN games/);
  });
});
