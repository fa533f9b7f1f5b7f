// The queue consumers. Main queue: deliver each message over its channel, log the
// attempt, ack on success / 410 / nothing-to-do, retry with growing delays on
// failure. After max_retries (wrangler.toml) the platform moves the message to the
// dead-letter queue, whose consumer marks the delivery as dead in the log.
import { recipient } from './recipients.ts';
import type { NotifyStore } from './store.ts';
import type { ChannelName, DeliveryOutcome, NotificationChannel, NotifyJob } from './types.ts';

/** Seconds before retry n (1-based), after the Standard Webhooks schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h. */
export const RETRY_DELAYS = [5, 300, 1800, 7200, 18000, 36000] as const;
/** Must match max_retries of the consumer in wrangler.toml. */
export const MAX_RETRIES = RETRY_DELAYS.length;
export const retryDelay = (attempt: number) => RETRY_DELAYS[Math.min(Math.max(attempt, 1), RETRY_DELAYS.length) - 1]!;

export interface ConsumerDeps {
  readonly store: NotifyStore;
  readonly channels: Record<ChannelName, NotificationChannel>;
  readonly clock?: () => number;
}

const STATUS: Record<DeliveryOutcome['kind'], string> = { delivered: 'delivered', gone: 'disabled', failed: 'failed', skipped: 'skipped' };

/** The delivery-log columns that say which message an attempt was for. */
const jobColumns = (job: NotifyJob) => ({ gameId: job.gameId, side: job.side, event: job.event, channel: job.channel, messageId: job.id });

export async function deliverBatch(batch: MessageBatch<NotifyJob>, deps: ConsumerDeps): Promise<void> {
  const clock = deps.clock ?? Date.now;
  for (const msg of batch.messages) {
    const job = msg.body;
    try {
      const row = await deps.store.game(job.gameId);
      if (!row) {
        msg.ack(); // the game is gone: nothing to deliver, nowhere to log
        continue;
      }
      const to = recipient(row, job.side);
      const channel = deps.channels[job.channel];
      let outcome: DeliveryOutcome;
      try {
        outcome = channel ? await channel.deliver(job, to, msg.attempts) : { kind: 'skipped', error: `unknown channel ${job.channel}` };
      } catch (e) {
        outcome = { kind: 'failed', error: e instanceof Error ? e.message : String(e) };
      }
      if (outcome.kind === 'gone' && to.webhook) await deps.store.disableWebhook(job.gameId, job.side, to.webhook, clock());
      const last = outcome.kind === 'failed' && msg.attempts > MAX_RETRIES;
      await deps.store.logDelivery({
        ...jobColumns(job),
        attempt: msg.attempts,
        status: STATUS[outcome.kind],
        httpStatus: 'httpStatus' in outcome ? (outcome.httpStatus ?? null) : null,
        error: 'error' in outcome ? (last ? `${outcome.error}; no retries left` : `${outcome.error}`).slice(0, 500) : null,
        at: clock(),
      });
      if (outcome.kind === 'failed') msg.retry({ delaySeconds: retryDelay(msg.attempts) });
      else msg.ack();
    } catch (e) {
      // Our own failure (D1): let the queue try again later.
      console.error(`notify ${job?.id}:`, e);
      msg.retry({ delaySeconds: retryDelay(msg.attempts) });
    }
  }
}

/** Dead-letter queue: the message ran out of retries; say so in the delivery log. */
export async function markDead(batch: MessageBatch<NotifyJob>, deps: Pick<ConsumerDeps, 'store' | 'clock'>): Promise<void> {
  const clock = deps.clock ?? Date.now;
  for (const msg of batch.messages) {
    const job = msg.body;
    try {
      if (await deps.store.game(job.gameId))
        await deps.store.logDelivery({
          ...jobColumns(job),
          attempt: MAX_RETRIES + 1,
          status: 'dead',
          httpStatus: null,
          error: `gave up after ${MAX_RETRIES + 1} attempts`,
          at: clock(),
        });
      msg.ack();
    } catch (e) {
      console.error(`dead letter ${job?.id}:`, e);
      msg.retry();
    }
  }
}

export const isDeadLetterQueue = (queue: string) => queue.endsWith('-dlq');
