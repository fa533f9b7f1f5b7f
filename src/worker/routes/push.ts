// Web Push routes: the server's public key, a browser's subscription for a player (key) or a
// seat (token), a player's own choices of what goes where, the service worker and the button's
// script. Thin: validate, call the services, translate.
import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { NotifyChoicesSchema, PushEndpointSchema, PushSubscriptionSchema } from '../../notify/schemas.ts';
import { gameIdParam, jsonError, reply, requireJson, requirePlayer, validationHook } from '../http.ts';
import { PUSH_JS, SW_JS } from '../pages/push-scripts.ts';
import { requirePlayerKey, type PlayerEnv } from './lobby.ts';

const script = { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' };

export const push = new Hono<PlayerEnv & { Variables: { token: string } }>()
  .get('/api/push/key', (c) => {
    const keys = c.var.services.config.vapid;
    if (!keys) return jsonError(c, 503, 'not_set_up', 'Web Push is not set up on this server (no VAPID keys)');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json({ publicKey: keys.publicKey });
  })

  .post('/api/me/push', requireJson, vValidator('json', PushSubscriptionSchema, validationHook('body')), requirePlayerKey, async (c) =>
    reply(c, await c.var.services.push.subscribePlayer(c.var.player, c.req.valid('json')), 201),
  )

  .delete('/api/me/push', requireJson, vValidator('json', PushEndpointSchema, validationHook('body')), requirePlayerKey, async (c) =>
    reply(c, await c.var.services.push.unsubscribePlayer(c.var.player, c.req.valid('json').endpoint)),
  )

  .get('/api/me/notify', requirePlayerKey, async (c) => c.json(await c.var.services.push.choices(c.var.player)))

  .patch('/api/me/notify', requireJson, vValidator('json', NotifyChoicesSchema, validationHook('body')), requirePlayerKey, async (c) =>
    c.json(await c.var.services.push.setChoices(c.var.player, c.req.valid('json'))),
  )

  .post('/api/games/:id/push', gameIdParam, requireJson, vValidator('json', PushSubscriptionSchema, validationHook('body')), requirePlayer, async (c) =>
    reply(c, await c.var.services.push.subscribeSeat(c.req.valid('param').id, c.var.token, c.req.valid('json')), 201),
  )

  .delete('/api/games/:id/push', gameIdParam, requireJson, vValidator('json', PushEndpointSchema, validationHook('body')), requirePlayer, async (c) =>
    reply(c, await c.var.services.push.unsubscribeSeat(c.req.valid('param').id, c.var.token, c.req.valid('json').endpoint)),
  )

  // The service worker's scope is the whole site (it sits at the root).
  .get('/sw.js', (c) => c.body(SW_JS, 200, script))
  .get('/static/push.js', (c) => c.body(PUSH_JS, 200, { ...script, 'Cache-Control': 'public, max-age=300' }));
