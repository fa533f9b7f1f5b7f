// Challenges (JSON API): open and personal challenges (/api/challenges) and rematches
// (/api/games/:id/rematch). Thin: validate, call the services, translate.
import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono/tiny';
import { ChallengeIdSchema, ChallengeListQuerySchema, CreateChallengeSchema } from '../../service/player-schemas.ts';
import type { GameEnv } from '../game-id.ts';
import { jsonError, linkBase, reply } from '../http.ts';
import { isJson, mediaType, readJson, requireJson } from '../http-body.ts';
import { CHALLENGE_LIMITED, challengeLimited, tooMany } from '../http-limits.ts';
import { describeIssues, validationHook } from '../http-validation.ts';
import type { Context } from 'hono';
import * as v from 'valibot';
import { askLinkRematch } from '../../service/link-rematch.ts';
import { RematchSchema, type RematchAction } from '../../service/schemas.ts';
import { playerToken, refuseKey } from '../http-auth.ts';
import { requirePlayerKey, type PlayerEnv } from './players.ts';

const challengeId = vValidator('param', ChallengeIdSchema, (result, c) => {
  if (!result.success) return jsonError(c, 404, 'unknown_challenge', `no challenge with id ${c.req.param('id')?.slice(0, 40) ?? ''}`);
});

/** Under /api/challenges. */
export const challenges = new Hono<PlayerEnv>()
  .post('/', requirePlayerKey, requireJson, vValidator('json', CreateChallengeSchema, validationHook('body')), async (c) => {
    if (await challengeLimited(c, c.var.player.id)) return tooMany(c, CHALLENGE_LIMITED);
    return reply(c, await c.var.services.challenges.create(c.var.player, c.req.valid('json'), linkBase(c)), 201);
  })

  .get('/', vValidator('query', ChallengeListQuerySchema, validationHook('query')), async (c) => {
    const { limit, before } = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    return c.json(await c.var.services.challenges.list(linkBase(c), limit, before));
  })

  .get('/:id', challengeId, async (c) => reply(c, await c.var.services.challenges.get(c.req.valid('param').id, linkBase(c))))

  .post('/:id/accept', challengeId, requirePlayerKey, async (c) =>
    reply(c, await c.var.services.challenges.accept(c.req.valid('param').id, c.var.player, linkBase(c)), 201),
  )

  .post('/:id/decline', challengeId, requirePlayerKey, async (c) =>
    reply(c, await c.var.services.challenges.decline(c.req.valid('param').id, c.var.player, linkBase(c))),
  )

  .delete('/:id', challengeId, requirePlayerKey, async (c) =>
    reply(c, await c.var.services.challenges.withdraw(c.req.valid('param').id, c.var.player, linkBase(c))),
  );

const started = (c: Context, id: string, gameId: string) =>
  jsonError(c, 409, 'rematch_started', `the rematch of game ${id} has started already: game ${gameId}, ${linkBase(c).origin}/games/${gameId}`);

/**
 * A rematch of a finished game, under /api/games/:id: with a player key, a challenge to the opponent;
 * with a game token (a game played by links), `{action}` (offer, the default; accept; decline) in the game itself.
 */
export const rematch = new Hono<GameEnv & PlayerEnv>().post('/rematch', async (c) => {
  const auth = playerToken(c, true, 'your game token or player key');
  if (!auth.ok) return auth.response;
  const id = c.var.gameId;
  const player = await c.var.services.players.authenticate(auth.token);
  if (!player) {
    let action: RematchAction = 'offer';
    if ((await c.req.text()).trim()) {
      if (!isJson(mediaType(c))) return jsonError(c, 415, 'unsupported_media_type', 'send a JSON body with Content-Type: application/json, or none');
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const input = v.safeParse(RematchSchema, body.value);
      if (!input.success) return jsonError(c, 400, 'invalid_body', describeIssues(input.issues, 'body'));
      action = input.output.action;
    }
    const asked = await askLinkRematch(c.var.services.games, id, auth.token, action, linkBase(c));
    // Neither a key nor a seat of a game that keys hold: the key's words (an ended key says so).
    if (!asked.ok) return asked.code === 'bad_key' ? refuseKey(c, auth.token) : reply(c, asked);
    const answer = asked.value;
    if (answer.kind === 'started') return started(c, id, answer.gameId);
    return answer.kind === 'made' ? c.json(answer.game, 201) : c.json(answer.state);
  }
  const game = await c.var.services.gameRecords.game(id);
  if (!game) return jsonError(c, 404, 'unknown_game', `no game with id ${id}`);
  if (await challengeLimited(c, player.id)) return tooMany(c, CHALLENGE_LIMITED);
  const asked = await c.var.services.challenges.rematch(game, player, linkBase(c));
  if (!asked.ok) return reply(c, asked);
  const answer = asked.value;
  if (answer.kind === 'started') return started(c, id, answer.gameId);
  // Against the computer the rematch is the new game itself, answered as POST /api/games answers.
  if (answer.kind === 'computer') return c.json(answer.game, 201);
  // A new offer is 201, the offer already open 200; meeting the opponent's offer starts the game (201, as accepting answers).
  return answer.kind === 'accepted' ? c.json(answer.game, 201) : c.json(answer.challenge, answer.kind === 'open' ? 200 : 201);
});

// ---- event streams (NDJSON) ----;
