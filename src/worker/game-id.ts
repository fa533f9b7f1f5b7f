// The routes of one game, /api/games/:id/...: the id checked once, for all of them, before any
// route of the game runs, and handed on as `c.var.gameId`.
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { GameIdSchema } from '../service/schemas.ts';
import { jsonError, routeAnswers, type AppEnv } from './http.ts';

export const GAME_PREFIX = '/api/games/:id';

export type GameEnv = AppEnv & { Variables: { gameId: string } };

/**
 * A malformed id cannot name a game: the same 404 as an unknown one. Nor can an id that was not made
 * here and that the directory does not know (no object is touched): that 404 comes before anything
 * else is read of the request, its body or its token, so a bot with a wrong id is told that first.
 * Only where a route of the game answers the request (POST /api/games/import matches the prefix too,
 * and an unknown path goes on to the app's 404 or 405).
 */
export const gameIdOnce = createMiddleware<GameEnv>(async (c, next) => {
  if (routeAnswers(c, GAME_PREFIX)) {
    const id = c.req.param('id') ?? '';
    if (!v.is(GameIdSchema, { id }) || !(await c.var.services.gameRecords.mayBeGame(id)))
      return jsonError(c, 404, 'unknown_game', `no game with id ${id.slice(0, 40)}`);
    c.set('gameId', id);
  }
  await next();
});
