// The queue consumers. Main queue: deliver each message over its channel, log the
// attempt, ack on success / 410 / nothing-to-do, retry with growing delays on
// failure. After max_retries (wrangler.toml) the platform moves the message to the
// dead-letter queue, whose consumer marks the delivery as dead in the log.
import type { ChatChannel } from './chat/channel.ts';
import { isChatJob, type AnyChatJob } from './chat/chat-job.ts';
import { recipient } from './recipients.ts';
import type { NotifyStore } from './store.ts';
import { isPlayerJob, type DeliveryOutcome, type NotificationChannel, type NotifyJob, type PlayerJob, type QueueJob } from './types.ts';
import type { WebhookChannel } from './webhook.ts';

/** Seconds before retry n (1-based), after the Standard Webhooks schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h. */
const RETRY_DELAYS = [5, 300, 1800, 7200, 18000, 36000] as const;
/** Must match max_retries of the consumer in wrangler.toml. */
const MAX_RETRIES = RETRY_DELAYS.length;
export const retryDelay = (attempt: number) => RETRY_DELAYS[Math.min(Math.max(attempt, 1), RETRY_DELAYS.length) - 1]!;

/** A player's own webhook, read fresh at delivery time, and switched off after a 410 Gone. */
interface PlayerWebhookStore {
  player(id: string): Promise<{ webhook: string | null; webhookSecret: string | null; webhookDisabledAt: number | null } | undefined>;
  disableWebhook(id: string, url: string, now: number): Promise<void>;
}

export interface ConsumerDeps {
  readonly store: NotifyStore;
  readonly players: PlayerWebhookStore;
  readonly channels: { readonly webhook: WebhookChannel; readonly email: NotificationChannel };
  /** Linked Discord users and Telegram chats (chat/channel.ts). */
  readonly chat?: ChatChannel;
  readonly clock?: () => number;
}

const STATUS: Record<DeliveryOutcome['kind'], string> = { delivered: 'delivered', gone: 'disabled', failed: 'failed', skipped: 'skipped' };

/** The delivery-log columns that say which message an attempt was for. */
const jobColumns = (job: NotifyJob) => ({ gameId: job.gameId, side: job.side, event: job.event, channel: job.channel, messageId: job.id });

const thrown = (e: unknown): DeliveryOutcome => ({ kind: 'failed', error: e instanceof Error ? e.message : String(e) });

/** One event of a game to one of its players, logged in the game's delivery log; undefined when the game is gone. */
async function deliverToSide(job: NotifyJob, attempt: number, deps: ConsumerDeps, now: number): Promise<DeliveryOutcome | undefined> {
  const row = await deps.store.game(job.gameId);
  if (!row) return undefined; // the game is gone: nothing to deliver, nowhere to log
  const to = recipient(row, job.side);
  const channel = deps.channels[job.channel];
  const outcome = channel ? await channel.deliver(job, to, attempt).catch(thrown) : ({ kind: 'skipped', error: `unknown channel ${job.channel}` } as const);
  if (outcome.kind === 'gone' && to.webhook) await deps.store.disableWebhook(job.gameId, job.side, to.webhook, now);
  const last = outcome.kind === 'failed' && attempt > MAX_RETRIES;
  await deps.store.logDelivery({
    ...jobColumns(job),
    attempt,
    status: STATUS[outcome.kind],
    httpStatus: 'httpStatus' in outcome ? (outcome.httpStatus ?? null) : null,
    error: 'error' in outcome ? (last ? `${outcome.error}; no retries left` : `${outcome.error}`).slice(0, 500) : null,
    at: now,
  });
  return outcome;
}

/** One event to a player's own webhook; there is no game to log against, so only what went wrong is logged. */
async function deliverToPlayer(job: PlayerJob, attempt: number, deps: ConsumerDeps, now: number): Promise<DeliveryOutcome> {
  const player = await deps.players.player(job.playerId);
  const off =
    !player?.webhook || !player.webhookSecret
      ? 'no webhook URL is set'
      : player.webhookDisabledAt !== null
        ? 'the endpoint was disabled after a 410 Gone'
        : undefined;
  const outcome = off
    ? ({ kind: 'skipped', error: off } as const)
    : await deps.channels.webhook.post(job, player!.webhook!, player!.webhookSecret!).catch(thrown);
  if (outcome.kind === 'gone') await deps.players.disableWebhook(job.playerId, player!.webhook!, now);
  // Only the status: the error names the receiver's host, which stays out of logs like every webhook URL.
  if (outcome.kind === 'failed')
    console.warn(`notify ${job.id} (attempt ${attempt}): failed${outcome.httpStatus ? ` with HTTP ${outcome.httpStatus}` : ', no answer'}`);
  return outcome;
}

/** One event to a linked chat; like a player's own webhook, only what went wrong is logged (never the chat's id). */
async function deliverToChat(job: AnyChatJob, attempt: number, deps: ConsumerDeps): Promise<DeliveryOutcome> {
  const outcome = deps.chat ? await deps.chat.deliver(job).catch(thrown) : ({ kind: 'skipped', error: 'chat notifications are not set up' } as const);
  if (outcome.kind === 'failed' || outcome.kind === 'gone')
    console.warn(
      `notify ${job.event} of ${'gameId' in job ? `game ${job.gameId}` : `challenge ${job.challengeId}`} to ${job.chat.platform} (attempt ${attempt}): ${outcome.kind}${outcome.httpStatus ? ` with HTTP ${outcome.httpStatus}` : ''}`,
    );
  return outcome;
}

export async function deliverBatch(batch: MessageBatch<QueueJob>, deps: ConsumerDeps): Promise<void> {
  const clock = deps.clock ?? Date.now;
  for (const msg of batch.messages) {
    const job = msg.body;
    try {
      const outcome = isChatJob(job)
        ? await deliverToChat(job, msg.attempts, deps)
        : isPlayerJob(job)
          ? await deliverToPlayer(job, msg.attempts, deps, clock())
          : await deliverToSide(job, msg.attempts, deps, clock());
      if (outcome?.kind === 'failed') msg.retry({ delaySeconds: retryDelay(msg.attempts) });
      else msg.ack();
    } catch (e) {
      // Our own failure (D1): let the queue try again later.
      console.error(`notify ${job?.id}:`, e);
      msg.retry({ delaySeconds: retryDelay(msg.attempts) });
    }
  }
}

/** Dead-letter queue: the message ran out of retries; say so in the delivery log. */
export async function markDead(batch: MessageBatch<QueueJob>, deps: Pick<ConsumerDeps, 'store' | 'clock'>): Promise<void> {
  const clock = deps.clock ?? Date.now;
  for (const msg of batch.messages) {
    const job = msg.body;
    try {
      if (isChatJob(job) || isPlayerJob(job)) console.warn(`notify ${job.id}: gave up after ${MAX_RETRIES + 1} attempts`);
      else if (await deps.store.game(job.gameId))
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
