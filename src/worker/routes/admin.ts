// The operator's routes, under /admin (not part of the public API): only with the ADMIN_TOKEN
// secret (npm run deploy makes it; npm start sets a local one); without it they do not exist (404).
import { Hono } from 'hono/tiny';
import { timingSafeEqualText } from '../../service/crypto.ts';
import { migrateGames } from '../game-objects.ts';
import { jsonError, type AppEnv } from '../http.ts';

/** Games copied per call: each is one RPC to its object and a few D1 statements. */
const MIGRATE_BATCH = 50;

export const admin = new Hono<AppEnv>()
  .use(async (c, next) => {
    const token = c.var.services.config.adminToken;
    if (!token) return jsonError(c, 404, 'unknown_route', `no route ${c.req.method} ${new URL(c.req.url).pathname}`);
    const header = c.req.header('Authorization');
    if (!header) return jsonError(c, 401, 'token_required', 'send the admin token: Authorization: Bearer <ADMIN_TOKEN>');
    const sent = /^Bearer (\S+)$/.exec(header)?.[1];
    if (!sent) return jsonError(c, 401, 'bad_authorization', 'the Authorization header is not "Bearer <token>"');
    if (!timingSafeEqualText(sent, token)) return jsonError(c, 403, 'bad_token', 'that is not the admin token');
    await next();
  })
  // `npm run migrate:games`: copy the next games from before the objects into their objects (issue 28). Safe to repeat.
  .post('/migrate-games', async (c) => {
    const { copied, failed, remaining } = await migrateGames(c.env, MIGRATE_BATCH);
    return c.json({ copied: copied.length, failed: failed.length, remaining });
  });
