// The Worker entry: HTTP via the Hono app; the game objects (each game's alarm does its
// timeouts, reminders, pause ends and overdue computer turns on time) and the cron (tournament
// starts; the backstop for a game whose alarm was never set); the queue consumers that play the
// computer's turns and deliver notifications; the email handler that plays turns
// sent by email.
import type { QueueJob } from '../notify/types.ts';
import { deliverBatch, isDeadLetterQueue, markDead } from '../notify/consumer.ts';
import { NotifyStore } from '../notify/store.ts';
import { app } from './app.tsx';
export { EventHub } from './event-hub.ts';
export { GameObject } from './game-object.ts';
import { sweepInBatches } from './sweep.ts';
import { isComputerQueue, playComputerTurns, type ComputerJob } from './computer-queue.ts';
import { config } from './config.ts';
import { consumerDeps, Services } from './services.ts';
import { handleInboundEmail } from './text/inbound.ts';

/** Cron Trigger. Its own job: start the tournaments whose `startsAt` has come. Besides, the backstop of the games'
 * alarms (src/worker/game-object.ts) for a game whose alarm was never set (a game from before the objects; an arm lost
 * after the answer); each job is guarded in D1, so the cron and an alarm never do one twice: end the pauses whose days
 * are over; end the games (timeout mode "auto") whose deadline has passed; remind players whose time runs short. Each
 * reads only what is due, through indexes (src/db/schema.ts), in bounded batches. */
export async function scheduled(controller: ScheduledController, env: Cloudflare.Env, _ctx: ExecutionContext): Promise<void> {
  const clock = () => controller.scheduledTime;
  const started = Date.now();
  const services = new Services(env, clock);
  // First the computer's overdue turns, so the computer never loses on time to a lost message.
  const played = await services.computer.playOverdue();
  // Analyses whose next piece was lost: asked for again.
  const analyses = await services.analysis.resumeStalled();
  const games = services.games;
  // Pauses first: a game whose pause is over gets its deadline back before the timeout sweep reads deadlines.
  const resumed = await sweepInBatches((limit) => games.resumeEndedPauses(limit));
  const ended = await sweepInBatches((limit) => games.expireOverdue(limit));
  const notify = services.notify;
  const reminded = await sweepInBatches((limit) => notify.remind(limit));
  // Tournaments whose start time has come (the same 15-minute cron: a start is at most that late).
  const tournaments = await services.startDueTournaments();
  // The last call (under 10 % of the turn left), beside the reminders; then the email digests that are due.
  const lastCalls = await sweepInBatches((limit) => notify.lastCalls(limit));
  const digests = await sweepInBatches((limit) => notify.sendDigests(limit));
  console.log(
    JSON.stringify({
      event: 'cron',
      cron: controller.cron,
      computerTurns: played.length,
      analysesResumed: analyses.length,
      resumed: resumed.length,
      ended: ended.length,
      reminded: reminded.length,
      tournamentsStarted: tournaments.length,
      lastCalls: lastCalls.length,
      digests: digests.length,
      ms: Date.now() - started,
    }),
  );
}

/** Queue consumers: the computer's turns and analysis pieces, notifications, and their dead-letter queue. */
export async function queue(batch: MessageBatch<QueueJob | ComputerJob>, env: Cloudflare.Env, _ctx: ExecutionContext): Promise<void> {
  if (isComputerQueue(batch.queue)) {
    const services = new Services(env);
    return playComputerTurns(batch as MessageBatch<ComputerJob>, services.computer, services.analysis);
  }
  const notify = batch as MessageBatch<QueueJob>;
  const deps = consumerDeps(env);
  if (isDeadLetterQueue(notify.queue)) await markDead(notify, deps);
  else await deliverBatch(notify, deps);
}

/** Inbound email to a player's reply address: play the turn it contains and answer. */
export async function email(message: ForwardableEmailMessage, env: Cloudflare.Env, _ctx: ExecutionContext): Promise<void> {
  const result = await handleInboundEmail(message, {
    service: new Services(env).games,
    store: new NotifyStore(env.DB),
    parse: async (raw) => {
      if (!env.PICTURES) throw new Error('reply-to-play needs the picture Worker (PICTURES binding), which reads the mail');
      return env.PICTURES.mail(raw);
    },
    config: config(env).mail,
    ...(env.EMAIL ? { send: env.EMAIL } : {}),
  });
  console.log(`email to ${message.to}: ${result.outcome}`);
}

export default {
  fetch: app.fetch,
  scheduled,
  queue,
  email,
} satisfies ExportedHandler<Cloudflare.Env, QueueJob | ComputerJob>;
