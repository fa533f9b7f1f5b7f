// The Worker entry: HTTP via the Hono app, the cron that ends timed-out games.
// Other handlers (queue, email) are added to this object.
import { GameStore } from '../db/store.ts';
import { GameService } from '../service/games.ts';
import { app } from './app.ts';

/** Cron Trigger: end every game (timeout mode "auto") whose deadline has passed. */
export async function scheduled(controller: ScheduledController, env: Cloudflare.Env, _ctx: ExecutionContext): Promise<void> {
  const service = new GameService(new GameStore(env.DB), () => controller.scheduledTime);
  const ended = await service.expireOverdue();
  if (ended.length) console.log(`cron ${controller.cron}: ended ${ended.length} game(s) on time: ${ended.join(', ')}`);
}

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Cloudflare.Env>;
