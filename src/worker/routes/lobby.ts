// Players across games (JSON API): player keys and sign-in, a player's games,
// open challenges, rematches, and the NDJSON event streams. Thin: validate, call
// the services, translate.
import { vValidator } from '@hono/valibot-validator';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { PlayerRow } from '../../db/schema.ts';
import { PlayerStore } from '../../db/player-store.ts';
import type { ServiceResult } from '../../service/result.ts';
import {
  ChallengeIdSchema,
  ChallengeListQuerySchema,
  CreateChallengeSchema,
  CreatePlayerSchema,
  MyGamesQuerySchema,
  PlayerIdSchema,
  PlayerSettingsSchema,
  SignInSchema,
} from '../../service/player-schemas.ts';
import { GameIdSchema } from '../../service/schemas.ts';
import { selfOf } from '../../service/players.ts';
import { playerProfile } from './profile.ts';
import { eventStream, hubOf } from '../event-hub.ts';
import { gameObject } from '../game-object.ts';
import { GameStore } from '../../db/store.ts';
import { parsePlayerCommand, runPlayerCommand } from '../text/player-commands.ts';
import { chatAnswer, chatText, commandLine } from './players.ts';
import { slackSignature } from '../slack-signature.ts';
import {
  CHALLENGE_LIMITED,
  challengeLimited,
  fromFailure,
  limitNewGames,
  linkBase,
  MAIL_LIMITED,
  mailLimited,
  playerToken,
  requireJson,
  tooMany,
  validationHook,
  type AppEnv,
  jsonError,
} from '../http.ts';
import * as v from 'valibot';

export type PlayerEnv = AppEnv & { Variables: { player: PlayerRow } };

/**
 * The caller's player key: `Authorization: Bearer <key>`, or the personal page's cookie.
 * None is a 401; a key that is not one (or not any more) is a 403.
 */
export const requirePlayerKey: MiddlewareHandler<PlayerEnv> = async (c, next) => {
  const auth = playerToken(c, true);
  if (!auth.ok) return auth.response;
  const player = await c.var.services.players.authenticate(auth.token);
  if (!player) return jsonError(c, 403, 'bad_key', 'that is not a player key (create a player with POST /api/players)');
  c.set('player', player);
  await next();
};

const challengeId = vValidator('param', ChallengeIdSchema, (result, c) => {
  if (!result.success) return jsonError(c, 404, 'unknown_challenge', `no challenge with id ${c.req.param('id')?.slice(0, 40) ?? ''}`);
});
const gameId = vValidator('param', GameIdSchema, (result, c) => {
  if (!result.success) return jsonError(c, 404, 'unknown_game', `no game with id ${c.req.param('id')?.slice(0, 40) ?? ''}`);
});

function reply<T>(c: Context, result: ServiceResult<T>, status: 200 | 201 = 200) {
  return result.ok ? c.json(result.value as object, status) : fromFailure(c, result);
}

export const lobby = new Hono<PlayerEnv>()
  .post('/api/players', limitNewGames(), requireJson, vValidator('json', CreatePlayerSchema, validationHook('body')), async (c) => {
    const input = c.req.valid('json');
    // An address gets a confirmation link, and nothing else until it is opened: limited like sign-in mail.
    if (input.email && (await mailLimited(c))) return tooMany(c, MAIL_LIMITED);
    return reply(c, await c.var.services.players.create(input, linkBase(c)), 201);
  })

  .post('/api/players/sign-in', requireJson, vValidator('json', SignInSchema, validationHook('body')), async (c) => {
    if (await mailLimited(c)) return tooMany(c, MAIL_LIMITED);
    const sent = await c.var.services.players.requestSignIn(c.req.valid('json').email, linkBase(c));
    if (!sent.ok) return fromFailure(c, sent);
    // The same answer either way: it must not tell who has an account here.
    return c.json({ ok: true, message: 'If a player has this address, a sign-in link is on its way. It works once, for 15 minutes.' }, 202);
  })

  .get('/api/players/:id', async (c) => {
    const id = c.req.param('id');
    const player = v.is(PlayerIdSchema, id) ? await c.var.services.players.find(id) : undefined;
    if (!player) return jsonError(c, 404, 'unknown_player', `no player with id ${id.slice(0, 40)}`);
    return c.json(await playerProfile(c.var.services, player, linkBase(c)));
  })

  .get('/api/me', requirePlayerKey, (c) => c.json(selfOf(c.var.player)))

  .patch('/api/me', requirePlayerKey, requireJson, vValidator('json', PlayerSettingsSchema, validationHook('body')), async (c) => {
    const input = c.req.valid('json');
    if (input.email && input.email.toLowerCase() !== c.var.player.email && (await mailLimited(c))) return tooMany(c, MAIL_LIMITED);
    return reply(c, await c.var.services.players.updateSettings(c.var.player, input, linkBase(c)));
  })

  .get('/api/me/games', requirePlayerKey, vValidator('query', MyGamesQuerySchema, validationHook('query')), async (c) =>
    c.json({ games: await c.var.services.players.games(c.var.player, c.req.valid('query').status, linkBase(c)) }),
  )

  .post('/api/me/chat', slackSignature, requirePlayerKey, async (c) => {
    const body = await chatText(c);
    if (!body.ok) return body.response;
    const command = parsePlayerCommand(commandLine(body.text)) ?? { kind: 'help' as const };
    const result = await runPlayerCommand({ players: c.var.services.players, challenges: c.var.services.challenges }, c.var.player, command, linkBase(c));
    return chatAnswer(c, body.form, result, result.state ? { state: result.state } : {});
  })

  .get('/api/me/challenges', requirePlayerKey, async (c) => c.json({ challenges: await c.var.services.challenges.mine(c.var.player, linkBase(c)) }))

  .post('/api/challenges', requirePlayerKey, requireJson, vValidator('json', CreateChallengeSchema, validationHook('body')), async (c) => {
    if (await challengeLimited(c, c.var.player.id)) return tooMany(c, CHALLENGE_LIMITED);
    return reply(c, await c.var.services.challenges.create(c.var.player, c.req.valid('json'), linkBase(c)), 201);
  })

  .get('/api/challenges', vValidator('query', ChallengeListQuerySchema, validationHook('query')), async (c) => {
    const { limit, before } = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    return c.json(await c.var.services.challenges.list(linkBase(c), limit, before));
  })

  .get('/api/challenges/:id', challengeId, async (c) => reply(c, await c.var.services.challenges.get(c.req.valid('param').id, linkBase(c))))

  .post('/api/challenges/:id/accept', challengeId, requirePlayerKey, async (c) =>
    reply(c, await c.var.services.challenges.accept(c.req.valid('param').id, c.var.player, linkBase(c)), 201),
  )

  .post('/api/challenges/:id/decline', challengeId, requirePlayerKey, async (c) =>
    reply(c, await c.var.services.challenges.decline(c.req.valid('param').id, c.var.player, linkBase(c))),
  )

  .delete('/api/challenges/:id', challengeId, requirePlayerKey, async (c) =>
    reply(c, await c.var.services.challenges.withdraw(c.req.valid('param').id, c.var.player, linkBase(c))),
  )

  .post('/api/games/:id/rematch', gameId, requirePlayerKey, async (c) => {
    const id = c.req.valid('param').id;
    const game = await c.var.services.stores.players.game(id);
    if (!game) return jsonError(c, 404, 'unknown_game', `no game with id ${id}`);
    if (await challengeLimited(c, c.var.player.id)) return tooMany(c, CHALLENGE_LIMITED);
    return reply(c, await c.var.services.challenges.rematch(game, c.var.player, linkBase(c)), 201);
  })

  // ---- event streams (NDJSON) ----

  .get('/api/stream/events', requirePlayerKey, async (c) => {
    const player = c.var.player;
    const base = linkBase(c);
    return eventStream(hubOf(c.env, `player:${player.id}`), async () => {
      // On (re)opening: the games waiting for the player, then the challenges sent to them.
      const waiting = (await c.var.services.players.games(player, 'active', base)).filter((g) => g.yourTurn);
      const challenges = (await c.var.services.challenges.mine(player, base)).filter((ch) => ch.to?.id === player.id);
      return [...waiting.map((game) => ({ type: 'yourTurn', game })), ...challenges.map((challenge) => ({ type: 'challenge', challenge }))];
    });
  })

  // The game page's live updates: a WebSocket held by the game's own object (hibernating while
  // quiet). Public lines, as the stream's without a token; the id is checked against the
  // directory first, so an unknown game touches no object.
  .get('/api/games/:id/socket', gameId, async (c) => {
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket')
      return jsonError(c, 426, 'websocket_required', 'this is a WebSocket: open it with Upgrade: websocket (or read GET /api/games/{id}/stream)');
    const id = c.req.valid('param').id;
    if (!(await c.var.services.stores.games.game(id))) return jsonError(c, 404, 'unknown_game', `no game with id ${id}`);
    return gameObject(c.env, id).fetch(`https://game/socket?game=${id}`, { headers: { Upgrade: 'websocket' } });
  })

  // The lobby and challenge pages' stream: a `challenges` line whenever a challenge is made,
  // accepted, withdrawn or declined (no more: the pages fetch what they show).
  .get('/api/stream/lobby', async (c) => eventStream(hubOf(c.env, 'lobby'), async () => []))

  .get('/api/games/:id/stream', gameId, async (c) => {
    const id = c.req.valid('param').id;
    const auth = playerToken(c, false);
    if (!auth.ok) return auth.response;
    const service = c.var.services.games;
    const first = await service.load(id, auth.token);
    if (!first.ok) return fromFailure(c, first);
    if (auth.token && !first.value.you) return jsonError(c, 403, 'bad_token', `that token is not a player's token for game ${id}`);
    return eventStream(
      hubOf(c.env, `game:${id}`),
      async () => {
        // Read again after subscribing, so no move can fall in between.
        const state = await service.load(id, auth.token);
        return state.ok ? [{ type: 'gameFull', state: state.value }] : [];
      },
      first.value.you,
    );
  });
