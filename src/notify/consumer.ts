// The queue consumers. Main queue: deliver each message over its channel, log the
// attempt, ack on success / 410 / nothing-to-do, retry with growing delays on
// failure. After max_retries (wrangler.toml) the platform moves the message to the
// dead-letter queue, whose consumer marks the delivery as dead in the log.
import type { ChatChannel } from './chat/channel.ts';
import { isChatFanoutJob, isChatJob, type AnyChatJob, type ChatFanoutJob } from './types.ts';
import { chatJobs } from './chat/notifier.ts';
import type { ChatLinkRow } from '../db/schema-chat.ts';
import type { DigestMailer } from './digest.ts';
import type { PushStore } from './push-store.ts';
import { recipient } from './recipients.ts';
import type { NotifyStore } from './store.ts';
import {
  isDigestJob,
  isPlayerJob,
  isPushFanoutJob,
  isPushJob,
  type DeliveryOutcome,
  type DigestJob,
  type NotificationChannel,
  type NotifyJob,
  type PlayerJob,
  type PushFanoutJob,
  type PushJob,
  type QueueJob,
} from './types.ts';
import { fanOut } from './push-publisher.ts';
import { sendJobs } from './queue.ts';
import { PUSH_TTL_SECONDS, pushRequest, sendPush, type VapidKeys } from './web-push.ts';
import type { WebhookChannel } from './webhook.ts';
import type { WebhookPolicy } from '../service/ports.ts';

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
  /** The fan-out of a game's events to chats: the players' links, and the queue it puts one message per chat on (none: nothing is sent). */
  readonly chatLinks?: {
    readonly store: { linksOf(playerIds: readonly string[]): Promise<ChatLinkRow[]> };
    /** The players' own notification choices (JSON by player id). */
    readonly choices?: { playerChoices(playerIds: readonly string[]): Promise<Map<string, string>> };
    readonly queue?: Queue<QueueJob> | undefined;
  };
  /**
   * Web Push: the subscriptions, the VAPID keys (none: pushes are skipped), and the queue the
   * fan-out of a game's events puts one message per browser on (none: nothing is pushed).
   */
  readonly push?: {
    readonly store: PushStore;
    readonly keys: VapidKeys | undefined;
    readonly queue?: Queue<QueueJob> | undefined;
    /** The webhooks' URL policy, asked again before each push as before each webhook (a name may have come to point inside). */
    readonly policy?: WebhookPolicy;
  };
  readonly digests?: DigestMailer;
  readonly clock?: () => number;
}

const STATUS: Record<DeliveryOutcome['kind'], string> = { delivered: 'delivered', gone: 'disabled', failed: 'failed', skipped: 'skipped', digest: 'digest' };

/** The delivery-log columns that say which message an attempt was for. */
const jobColumns = (job: NotifyJob | PushJob) => ({ gameId: job.gameId!, side: job.side!, event: job.event, channel: job.channel, messageId: job.id });

/** One attempt in the game's delivery log; the last failed one says no retries are left. */
async function logAttempt(deps: ConsumerDeps, job: NotifyJob | PushJob, attempt: number, outcome: DeliveryOutcome, now: number): Promise<void> {
  const last = outcome.kind === 'failed' && attempt > MAX_RETRIES;
  await deps.store.logDelivery({
    ...jobColumns(job),
    attempt,
    status: STATUS[outcome.kind],
    httpStatus: 'httpStatus' in outcome ? (outcome.httpStatus ?? null) : null,
    error: 'error' in outcome ? (last ? `${outcome.error}; no retries left` : outcome.error).slice(0, 500) : null,
    at: now,
  });
}

const thrown = (e: unknown): DeliveryOutcome => ({ kind: 'failed', error: e instanceof Error ? e.message : String(e) });

/** One event of a game to one of its players, logged in the game's delivery log; undefined when the game is gone. */
async function deliverToSide(job: NotifyJob, attempt: number, deps: ConsumerDeps, now: number): Promise<DeliveryOutcome | undefined> {
  const row = await deps.store.game(job.gameId);
  if (!row) return undefined; // the game is gone: nothing to deliver, nowhere to log
  const to = recipient(row, job.side, await deps.store.playerNotify(job.side === 'white' ? row.whitePlayerId : row.blackPlayerId));
  const channel = deps.channels[job.channel];
  const outcome = channel ? await channel.deliver(job, to, attempt).catch(thrown) : ({ kind: 'skipped', error: `unknown channel ${job.channel}` } as const);
  if (outcome.kind === 'gone' && to.webhook) await deps.store.disableWebhook(job.gameId, job.side, to.webhook, now);
  await logAttempt(deps, job, attempt, outcome, now);
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

/** The push service keeps a push until its deadline (at least a minute), else a day. */
const pushTtl = (job: PushJob, now: number) =>
  job.expiresAt === undefined ? {} : { ttl: Math.max(60, Math.min(PUSH_TTL_SECONDS, Math.floor((job.expiresAt - now) / 1000))) };

/** One push to one browser subscription; 404/410 from the push service removes the subscription. */

async function deliverPush(job: PushJob, attempt: number, deps: ConsumerDeps, now: number): Promise<DeliveryOutcome> {
  const sub = await deps.push?.store.subscription(job.subscriptionId);
  const keys = deps.push?.keys;
  const refused = sub && keys ? await deps.push?.policy?.problem(sub.endpoint) : undefined;
  const outcome: DeliveryOutcome = !sub
    ? { kind: 'skipped', error: 'the browser unsubscribed' }
    : !keys
      ? { kind: 'skipped', error: 'Web Push is not set up (no VAPID keys)' }
      : refused
        ? { kind: 'skipped', error: `endpoint ${refused}` }
        : await pushRequest(
            keys,
            { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
            job.notification,
            { topic: job.notification.tag, urgency: job.urgency, ...pushTtl(job, now) },
            now,
          )
            .then(sendPush)
            .catch(thrown);
  if (outcome.kind === 'gone' && sub) await deps.push!.store.remove(sub.id);
  if (job.gameId && job.side && (await deps.store.game(job.gameId))) await logAttempt(deps, job, attempt, outcome, now);
  else if (outcome.kind === 'failed')
    console.warn(`push ${job.id} (attempt ${attempt}): failed${outcome.httpStatus ? ` with HTTP ${outcome.httpStatus}` : ''}`);
  return outcome;
}

/**
 * A game's events to the browsers that hear them: read the subscriptions and the players' choices,
 * then queue one push per browser, each with its own retries. A failure here (D1, the queue) retries
 * the whole fan-out; a push queued twice that way carries the same Topic and tag, so the push
 * service and the browser keep one of them.
 */
async function fanOutPushes(job: PushFanoutJob, deps: ConsumerDeps): Promise<DeliveryOutcome> {
  const push = deps.push;
  if (!push?.queue) return { kind: 'skipped', error: 'Web Push is not set up (no queue)' };
  const players = job.pushes.map((p) => p.playerId);
  const subs = await push.store.gameSubscriptions(job.gameId, players);
  if (!subs.length) return { kind: 'skipped', error: 'no browser is subscribed' };
  const jobs = fanOut(job, subs, await push.store.playerChoices(players));
  await sendJobs(push.queue, jobs);
  return jobs.length ? { kind: 'delivered' } : { kind: 'skipped', error: 'the players turned these pushes off' };
}

/**
 * A game's events to the players' linked chats: read the links, then queue one message per
 * (event, seat, chat with notifications on), each with its own retries. A failure here (D1, the
 * queue) retries the whole fan-out; the chat messages keep their ids.
 */
async function fanOutChats(job: ChatFanoutJob, deps: ConsumerDeps): Promise<DeliveryOutcome> {
  const chats = deps.chatLinks;
  if (!chats?.queue) return { kind: 'skipped', error: 'chat notifications are not set up (no queue)' };
  const players = [...new Set(job.events.map((e) => e.playerId))];
  const links = await chats.store.linksOf(players);
  const jobs = chatJobs(job, links, links.length ? await chats.choices?.playerChoices(players) : undefined);
  await sendJobs(chats.queue, jobs);
  return jobs.length ? { kind: 'delivered' } : { kind: 'skipped', error: 'no linked chat with notifications on' };
}

async function deliverDigest(job: DigestJob, attempt: number, deps: ConsumerDeps): Promise<DeliveryOutcome> {
  const outcome = deps.digests ? await deps.digests.deliver(job).catch(thrown) : ({ kind: 'skipped', error: 'no digest mailer' } as const);
  if (outcome.kind === 'failed') console.warn(`digest ${job.id} (attempt ${attempt}): ${outcome.error}`);
  return outcome;
}

function deliverOne(job: QueueJob, attempt: number, deps: ConsumerDeps, now: number): Promise<DeliveryOutcome | undefined> {
  if (isPushJob(job)) return deliverPush(job, attempt, deps, now);
  if (isPushFanoutJob(job)) return fanOutPushes(job, deps);
  if (isDigestJob(job)) return deliverDigest(job, attempt, deps);
  if (isChatFanoutJob(job)) return fanOutChats(job, deps);
  if (isChatJob(job)) return deliverToChat(job, attempt, deps);
  if (isPlayerJob(job)) return deliverToPlayer(job, attempt, deps, now);
  return deliverToSide(job, attempt, deps, now);
}

export async function deliverBatch(batch: MessageBatch<QueueJob>, deps: ConsumerDeps): Promise<void> {
  const clock = deps.clock ?? Date.now;
  for (const msg of batch.messages) {
    const job = msg.body;
    try {
      const outcome = await deliverOne(job, msg.attempts, deps, clock());
      // A receiver that says how long to wait (a 429's retry_after) is not asked sooner.
      if (outcome?.kind === 'failed') msg.retry({ delaySeconds: Math.max(retryDelay(msg.attempts), Math.min(outcome.retryAfter ?? 0, 43_200)) });
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
      if (isChatJob(job) || isChatFanoutJob(job) || isPlayerJob(job) || isDigestJob(job) || isPushFanoutJob(job) || (isPushJob(job) && !job.gameId))
        console.warn(`notify ${job.id}: gave up after ${MAX_RETRIES + 1} attempts`);
      else if (await deps.store.game(job.gameId!))
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
