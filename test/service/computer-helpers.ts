// The computer's turns in service tests: held back from the local queue, then run through
// the queue consumer when the test says so.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { vi } from 'vitest';
import type { ComputerJob } from '../../src/worker/computer-queue.ts';
import worker from '../../src/worker/index.ts';

/** Collect the computer's turns instead of letting the local queue deliver them by itself. */
export function captureComputerTurns() {
  const jobs: ComputerJob[] = [];
  vi.spyOn(env.COMPUTER_QUEUE!, 'send').mockImplementation(async (body) => {
    jobs.push(body as ComputerJob);
    return undefined as never;
  });
  return { jobs, take: () => jobs.splice(0, jobs.length) };
}

let seq = 0;
/** Run the computer queue's consumer on these jobs (attempts: deliveries so far, 1-based). */
export async function runComputerQueue(jobs: ComputerJob[], attempts = 1) {
  const batch = createMessageBatch<ComputerJob>(
    'subspace-computer',
    jobs.map((body) => ({ id: `c${++seq}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}
