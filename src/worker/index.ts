// The Worker entry: HTTP via the Hono app; the game objects (each game's alarm does its
// timeouts, reminders, pause ends and overdue computer turns on time) and the cron (tournament
// starts; the backstop for a game whose alarm was never set); the queue consumers that play the
// computer's turns and deliver notifications; the email handler that plays turns
// sent by email.
import { AddressStore } from '../db/address-store.ts';
import type { QueueJob } from '../notify/types.ts';
import { deliverBatch, isDeadLetterQueue, markDead } from '../notify/consumer.ts';
import { app } from './app.tsx';
export { EventHub } from './event-hub.ts';
export { GameObject } from './game-object.ts';
import { sweepInBatches, tickDueGames } from './sweep.ts';
import { isComputerQueue, playComputerTurns, type ComputerJob } from './computer-queue.ts';
import { config } from './config.ts';
import { migrateGames, remoteNotifyStore } from './game-objects.ts';
import { consumerDeps, Services } from './services.ts';
import { handleInboundEmail } from './text/inbound.ts';

/** Cron Trigger. Its own jobs: start the tournaments whose `startsAt` has come, send the email digests that are due,
 * ask again for analysis pieces that were lost, copy games from before the objects into them. Besides, the backstop of the games' alarms (src/worker/game-object.ts):
 * the games the directory says are due (a pause over, a deadline passed, a reminder or last call owed, a computer turn
 * overdue) are told to their objects, which do each job once, as their alarm would (a game from before the objects
 * whose alarm was never set). Each query reads only what is due, through indexes (src/db/schema.ts), in bounded batches. */
export async function scheduled(controller: ScheduledController, env: Cloudflare.Env, _ctx: ExecutionContext): Promise<void> {
  const now = controller.scheduledTime;
  const started = Date.now();
  const services = new Services(env, () => now);
  // Analyses whose next piece was lost: asked for again.
  const analyses = await services.analysis.resumeStalled();
  const due = await sweepInBatches((limit) => tickDueGames(env, now, limit));
  // Games from before the objects, copied into them a batch at a time (npm run migrate:games does it all at once).
  const copied = await sweepInBatches(async (limit) => (await migrateGames(env, limit)).copied);
  // Tournaments whose start time has come (the same 15-minute cron: a start is at most that late).
  const tournaments = await services.startDueTournaments();
  const digests = await sweepInBatches((limit) => services.notify.sendDigests(limit));
  console.log(
    JSON.stringify({
      event: 'cron',
      cron: controller.cron,
      analysesResumed: analyses.length,
      gamesDue: due.length,
      gamesCopied: copied.length,
      tournamentsStarted: tournaments.length,
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
    store: remoteNotifyStore(env),
    addresses: new AddressStore(env.DB),
    parse: async (raw) => {
      if (!env.PICTURES) throw new Error('reply-to-play needs the picture Worker (PICTURES binding), which reads the mail');
      return env.PICTURES.mail(raw);
    },
    config: config(env).mail,
    ...(config(env).publicUrl ? { origin: config(env).publicUrl } : {}),
    ...(env.EMAIL ? { send: env.EMAIL } : {}),
  });
  console.log(`email to ${message.to}: ${result.outcome}${result.command ? ` (${result.command})` : ''}`);
}

export default {
  fetch: app.fetch,
  scheduled,
  queue,
  email,
} satisfies ExportedHandler<Cloudflare.Env, QueueJob | ComputerJob>;
