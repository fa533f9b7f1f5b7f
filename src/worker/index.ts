// The Worker entry: HTTP via the Hono app; the cron that ends timed-out games and
// sends reminders; the queue consumers that deliver notifications; the email
// handler that plays turns sent by email.
import type { NotifyJob } from '../notify/types.ts';
import { deliverBatch, isDeadLetterQueue, markDead } from '../notify/consumer.ts';
import { mailConfig } from '../notify/addresses.ts';
import { app } from './app.ts';
export { EventHub } from './event-hub.ts';
import { consumerDeps, gameService, notifyService } from './services.ts';
import { handleInboundEmail } from './text/inbound.ts';

/** Cron Trigger: end every game (timeout mode "auto") whose deadline has passed; remind players whose time runs short. */
export async function scheduled(controller: ScheduledController, env: Cloudflare.Env, _ctx: ExecutionContext): Promise<void> {
  const clock = () => controller.scheduledTime;
  const ended = await gameService(env, clock).expireOverdue();
  if (ended.length) console.log(`cron ${controller.cron}: ended ${ended.length} game(s) on time: ${ended.join(', ')}`);
  const reminded = await notifyService(env, clock).remind();
  if (reminded.length) console.log(`cron ${controller.cron}: reminded ${reminded.length} player(s): ${reminded.join(', ')}`);
}

/** Queue consumers: notifications, and their dead-letter queue. */
export async function queue(batch: MessageBatch<NotifyJob>, env: Cloudflare.Env, _ctx: ExecutionContext): Promise<void> {
  const deps = consumerDeps(env);
  if (isDeadLetterQueue(batch.queue)) await markDead(batch, deps);
  else await deliverBatch(batch, deps);
}

/** Inbound email to a player's reply address: play the turn it contains and answer. */
export async function email(message: ForwardableEmailMessage, env: Cloudflare.Env, _ctx: ExecutionContext): Promise<void> {
  const result = await handleInboundEmail(message, { service: gameService(env), config: mailConfig(env), ...(env.EMAIL ? { send: env.EMAIL } : {}) });
  console.log(`email to ${message.to}: ${result.outcome}`);
}

export default {
  fetch: app.fetch,
  scheduled,
  queue,
  email,
} satisfies ExportedHandler<Cloudflare.Env, NotifyJob>;
