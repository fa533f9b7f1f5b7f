// Web Push routes: the server's public key, a browser's subscription for a player (key) or a
// seat (token), a player's own choices of what goes where, the service worker and the button's
// script (both kept in the picture Worker, src/pictures/index.ts). Thin: validate, call the services, translate.
import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono/tiny';
import { NotifyChoicesSchema, PushEndpointSchema, PushSubscriptionSchema } from '../../notify/schemas.ts';
import type { GameEnv } from '../game-id.ts';
import { jsonError, reply, type AppEnv } from '../http.ts';
import { requirePlayer } from '../http-auth.ts';
import { requireJson } from '../http-body.ts';
import { validationHook } from '../http-validation.ts';
import { sideWorker } from '../board-png.ts';
import { requirePlayerKey, type PlayerEnv } from './players.ts';

const script = { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' };

/** The server's key and a player's subscriptions and choices, under /api. */
export const push = new Hono<PlayerEnv>()
  .get('/push/key', (c) => {
    const keys = c.var.services.config.vapid;
    if (!keys) return jsonError(c, 503, 'not_set_up', 'Web Push is not set up on this server (no VAPID keys)');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json({ publicKey: keys.publicKey });
  })

  .post('/me/push', requirePlayerKey, requireJson, vValidator('json', PushSubscriptionSchema, validationHook('body')), async (c) =>
    reply(c, await c.var.services.push.subscribePlayer(c.var.player, c.var.playerKey, c.req.valid('json')), 201),
  )

  .delete('/me/push', requirePlayerKey, requireJson, vValidator('json', PushEndpointSchema, validationHook('body')), async (c) =>
    reply(c, await c.var.services.push.unsubscribePlayer(c.var.player, c.req.valid('json').endpoint)),
  )

  .get('/me/notify', requirePlayerKey, async (c) => c.json(await c.var.services.push.choices(c.var.player)))

  .patch('/me/notify', requirePlayerKey, requireJson, vValidator('json', NotifyChoicesSchema, validationHook('body')), async (c) =>
    c.json(await c.var.services.push.setChoices(c.var.player, c.req.valid('json'))),
  );

/** A seat's subscriptions, under /api/games/:id. */
export const seatPush = new Hono<GameEnv>()
  .post('/push', requirePlayer, requireJson, vValidator('json', PushSubscriptionSchema, validationHook('body')), async (c) =>
    reply(c, await c.var.services.push.subscribeSeat(c.var.gameId, c.var.token, c.req.valid('json')), 201),
  )

  .delete('/push', requirePlayer, requireJson, vValidator('json', PushEndpointSchema, validationHook('body')), async (c) =>
    reply(c, await c.var.services.push.unsubscribeSeat(c.var.gameId, c.var.token, c.req.valid('json').endpoint)),
  );

export const pushScripts = new Hono<AppEnv>()
  // The service worker's scope is the whole site (it sits at the root).
  .get('/sw.js', async (c) => c.body(await sideWorker(c.env).script('sw'), 200, script))

  .get('/static/push.js', async (c) => c.body(await sideWorker(c.env).script('push'), 200, { ...script, 'Cache-Control': 'public, max-age=300' }));
