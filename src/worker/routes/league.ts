// Ratings and tournaments (JSON API): a player's public profile, the leaderboards, and the
// tournaments. Thin: validate, call the services, translate.
import { vValidator } from '@hono/valibot-validator';
import { Hono, type Context } from 'hono';
import type { ServiceResult } from '../../service/result.ts';
import { CreateTournamentSchema, LeaderboardQuerySchema, TournamentIdSchema } from '../../service/tournament-schemas.ts';
import { fromFailure, jsonError, linkBase, requireJson, validationHook } from '../http.ts';
import { requirePlayerKey, type PlayerEnv } from './lobby.ts';

const tournamentId = vValidator('param', TournamentIdSchema, (result, c) => {
  if (!result.success) return jsonError(c, 404, 'unknown_tournament', `no tournament with id ${c.req.param('id')?.slice(0, 40) ?? ''}`);
});

function reply<T>(c: Context, result: ServiceResult<T>, status: 200 | 201 = 200) {
  return result.ok ? c.json(result.value as object, status) : fromFailure(c, result);
}

export const league = new Hono<PlayerEnv>()
  .get('/api/leaderboard/:variant', vValidator('query', LeaderboardQuerySchema, validationHook('query')), async (c) => {
    c.header('Cache-Control', 'no-store');
    return reply(c, await c.var.services.ratings.leaderboard(c.req.param('variant') ?? '', c.req.valid('query').limit));
  })

  .get('/api/tournaments', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ tournaments: await c.var.services.tournaments.list(linkBase(c)) });
  })

  .post('/api/tournaments', requirePlayerKey, requireJson, vValidator('json', CreateTournamentSchema, validationHook('body')), async (c) =>
    reply(c, await c.var.services.tournaments.create(c.var.player, c.req.valid('json'), linkBase(c)), 201),
  )

  .get('/api/tournaments/:id', tournamentId, async (c) => {
    c.header('Cache-Control', 'no-store');
    return reply(c, await c.var.services.tournaments.get(c.req.valid('param').id, linkBase(c)));
  })

  .post('/api/tournaments/:id/join', tournamentId, requirePlayerKey, async (c) =>
    reply(c, await c.var.services.tournaments.join(c.req.valid('param').id, c.var.player, linkBase(c))),
  )

  .post('/api/tournaments/:id/leave', tournamentId, requirePlayerKey, async (c) =>
    reply(c, await c.var.services.tournaments.leave(c.req.valid('param').id, c.var.player, linkBase(c))),
  )

  .post('/api/tournaments/:id/start', tournamentId, requirePlayerKey, async (c) =>
    reply(c, await c.var.services.tournaments.start(c.req.valid('param').id, c.var.player, linkBase(c))),
  );
