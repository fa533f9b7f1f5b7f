// The cron's sweeps run in bounded batches. (Not in index.ts: a Worker's entry module may
// export only handlers.)
import { Directory } from '../db/directory.ts';
import { PushStore } from '../notify/push-store.ts';
import { COMPUTER_GRACE_MS } from '../service/computer-sides.ts';
import { gameObject, remoteNotifyStore } from './game-objects.ts';

/** Games one sweep query reads; each ended game costs a few D1 queries. */
export const SWEEP_BATCH = 50;
/** Batches per cron run: 4 x 50 games x ~4 queries stays well inside the 1,000 subrequests of a
 * Paid invocation; what is left over waits for the next run (every 15 minutes; the games' own alarms do the work on time). */
export const SWEEP_BATCHES = 4;

/** Runs `sweep` in bounded batches until one comes back short or the run's budget is spent. */
export async function sweepInBatches(sweep: (limit: number) => Promise<string[]>): Promise<string[]> {
  const done: string[] = [];
  for (let i = 0; i < SWEEP_BATCHES; i++) {
    const batch = await sweep(SWEEP_BATCH);
    done.push(...batch);
    if (batch.length < SWEEP_BATCH) break;
  }
  return done;
}

/**
 * The backstop of the games' alarms: up to `limit` games of each kind the directory says are due
 * at `now` (a pause over, a deadline passed, a reminder or last call owed, a computer turn
 * overdue), each told to its object, which does what is due once. Returns the games that changed.
 */
export async function tickDueGames(env: Cloudflare.Env, now: number, limit: number): Promise<string[]> {
  const directory = new Directory(env.DB);
  const found = await Promise.all([
    directory.pausesEnded(now, limit),
    directory.overdueGames(now, 'auto', limit),
    directory.computerTurnsWaiting(now - COMPUTER_GRACE_MS, limit),
    remoteNotifyStore(env).reminderCandidates(now, limit),
    new PushStore(env.DB).lastCallCandidates(now, limit),
  ]);
  const ids = [...new Set(found.flat().map((row) => row.id))].slice(0, limit);
  const changed = await Promise.all(ids.map(async (id) => ((await gameObject(env, id).tick(id, now)) ? id : undefined)));
  return changed.filter((id) => id !== undefined);
}
