// Ratings and tournaments (JSON API): the leaderboards and the tournaments. Thin: validate, call the services, translate.
import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono/tiny';
import { CreateTournamentSchema, LeaderboardQuerySchema, TournamentIdSchema } from '../../service/tournament-schemas.ts';
import { jsonError, linkBase, reply, type AppEnv } from '../http.ts';
import { requireJson } from '../http-body.ts';
import { validationHook } from '../http-validation.ts';
import { requirePlayerKey, type PlayerEnv } from './players.ts';

const tournamentId = vValidator('param', TournamentIdSchema, (result, c) => {
  if (!result.success) return jsonError(c, 404, 'unknown_tournament', `no tournament with id ${c.req.param('id')?.slice(0, 40) ?? ''}`);
});

/** The leaderboards, under /api/leaderboard. */
export const leaderboards = new Hono<AppEnv>().get('/:variant', vValidator('query', LeaderboardQuerySchema, validationHook('query')), async (c) => {
  c.header('Cache-Control', 'no-store');
  return reply(c, await c.var.services.ratings.leaderboard(c.req.param('variant') ?? '', c.req.valid('query').limit));
});

/** The tournaments, under /api/tournaments. */
export const tournaments = new Hono<PlayerEnv>()
  .get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ tournaments: await c.var.services.tournaments.list(linkBase(c)) });
  })

  .post('/', requirePlayerKey, requireJson, vValidator('json', CreateTournamentSchema, validationHook('body')), async (c) =>
    reply(c, await c.var.services.tournaments.create(c.var.player, c.req.valid('json'), linkBase(c)), 201),
  )

  .get('/:id', tournamentId, async (c) => {
    c.header('Cache-Control', 'no-store');
    return reply(c, await c.var.services.tournaments.get(c.req.valid('param').id, linkBase(c)));
  })

  .post('/:id/join', tournamentId, requirePlayerKey, async (c) =>
    reply(c, await c.var.services.tournaments.join(c.req.valid('param').id, c.var.player, linkBase(c))),
  )

  .post('/:id/leave', tournamentId, requirePlayerKey, async (c) =>
    reply(c, await c.var.services.tournaments.leave(c.req.valid('param').id, c.var.player, linkBase(c))),
  )

  .post('/:id/start', tournamentId, requirePlayerKey, async (c) =>
    reply(c, await c.var.services.tournaments.start(c.req.valid('param').id, c.var.player, linkBase(c))),
  )

  .post('/:id/cancel', tournamentId, requirePlayerKey, async (c) => reply(c, await c.var.services.tournaments.cancel(c.req.valid('param').id, c.var.player)));
