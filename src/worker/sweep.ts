// The cron's sweeps run in bounded batches. (Not in index.ts: a Worker's entry module may
// export only handlers.)

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
