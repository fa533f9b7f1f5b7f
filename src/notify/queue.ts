// Putting notification jobs on the queue: every producer (the game's events, the consumer's
// fan-outs, challenges, digests) sends through here, in batches the platform takes.
import type { QueueJob } from './types.ts';

/** Queue messages carry at most this many messages per sendBatch (the platform allows 100 and 256 KB). */
const SEND_BATCH = 50;

export async function sendJobs(queue: Queue<QueueJob>, jobs: readonly QueueJob[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += SEND_BATCH)
    await queue.sendBatch(jobs.slice(i, i + SEND_BATCH).map((body) => ({ body, contentType: 'json' as const })));
}
