// The JSON API. Handlers only validate, call the game service and translate its
// answer to HTTP; the rules live in the engine and the service.
import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  ConditionalSchema,
  CreateGameSchema,
  DrawSchema,
  HistoryQuerySchema,
  ImportJsonSchema,
  ImportPlainSchema,
  MessageSchema,
  MessageVisibilitySchema,
  MoveJsonSchema,
  MovePlainSchema,
  TakebackSchema,
  PauseSchema,
  LeaveSchema,
} from '../../service/schemas.ts';
import {
  describeIssues,
  fromFailure,
  gameIdParam,
  isJson,
  limitNewGames,
  linkBase,
  mediaType,
  playerToken,
  readJson,
  reply,
  requireJson,
  requirePlayer,
  validationHook,
  type AppEnv,
  jsonError,
} from '../http.ts';
import { PreviewQuerySchema } from '../forms.ts';
import { sideWorker } from '../board-png.ts';

export const api = new Hono<AppEnv>()
  .get('/openapi.json', async (c) => c.json(await sideWorker(c.env).openapi(linkBase(c).origin)))

  .get('/api', (c) => c.json({ name: 'subspace', openapi: '/openapi.json', games: '/api/games' }))

  .post('/api/games', limitNewGames(), requireJson, vValidator('json', CreateGameSchema, validationHook('body')), async (c) => {
    const { side, ...input } = c.req.valid('json');
    if (!c.req.header('Authorization')) {
      if (side) return jsonError(c, 400, 'invalid_body', 'side: only with a player key (Authorization: Bearer <key>), to say which side you take');
      return reply(c, await c.var.services.games.create(input, linkBase(c)), 201);
    }
    // With a player key the caller takes a side, and the game shows under GET /api/me/games.
    const auth = playerToken(c, true);
    if (!auth.ok) return auth.response;
    const player = await c.var.services.players.authenticate(auth.token);
    if (!player) return jsonError(c, 403, 'bad_key', 'that is not a player key (create a player with POST /api/players)');
    const mine = side ?? 'white';
    const seat = { ...(player.name ? { name: player.name } : {}), ...(player.email ? { email: player.email } : {}), ...input[mine] };
    return reply(c, await c.var.services.games.create({ ...input, [mine]: seat }, linkBase(c), { players: { [mine]: player.id } }), 201);
  })

  .post('/api/games/import', limitNewGames(), async (c) => {
    const type = mediaType(c);
    if (type === 'text/plain') {
      const parsed = v.safeParse(ImportPlainSchema, await c.req.text());
      if (!parsed.success) return jsonError(c, 400, 'invalid_body', describeIssues(parsed.issues, 'record'));
      return reply(c, await c.var.services.games.import(parsed.output, {}, linkBase(c)), 201);
    }
    if (!isJson(type)) return jsonError(c, 415, 'unsupported_media_type', 'send the record as text/plain, or JSON {"record": "..."}');
    const body = await readJson(c);
    if (!body.ok) return body.response;
    const parsed = v.safeParse(ImportJsonSchema, body.value);
    if (!parsed.success) return jsonError(c, 400, 'invalid_body', describeIssues(parsed.issues));
    const { record, ...extra } = parsed.output;
    return reply(c, await c.var.services.games.import(record, extra, linkBase(c)), 201);
  })

  .get('/api/games/:id', gameIdParam, async (c) => {
    const auth = playerToken(c, false);
    if (!auth.ok) return auth.response;
    const id = c.req.valid('param').id;
    const loaded = await c.var.services.games.load(id, auth.token);
    // A token that is not this game's is a mistake to say, not a reason to answer as to a spectator.
    if (auth.token !== undefined && loaded.ok && !loaded.value.you) return jsonError(c, 403, 'bad_token', `that token is not a player's token for game ${id}`);
    return reply(c, loaded);
  })

  .get('/api/games/:id/preview', gameIdParam, vValidator('query', PreviewQuerySchema, validationHook('query')), async (c) => {
    const { move, size } = c.req.valid('query');
    const preview = await c.var.services.views.preview(c.req.valid('param').id, move, size);
    c.header('Cache-Control', 'no-store');
    return reply(c, preview);
  })

  .get('/api/games/:id/legal', gameIdParam, async (c) => reply(c, await c.var.services.games.legal(c.req.valid('param').id)))

  .get('/api/games/:id/hint', gameIdParam, async (c) => {
    const auth = playerToken(c, true);
    if (!auth.ok) return auth.response;
    c.header('Cache-Control', 'no-store');
    return reply(c, await c.var.services.computer.hint(c.req.valid('param').id, auth.token));
  })

  .get('/api/games/:id/moves', gameIdParam, vValidator('query', HistoryQuerySchema, validationHook('query')), async (c) =>
    reply(c, await c.var.services.games.history(c.req.valid('param').id, c.req.valid('query').since)),
  )

  .get('/api/games/:id/record', gameIdParam, async (c) => {
    const id = c.req.valid('param').id;
    // A finished game's record carries the computer's analysis, once done (glyphs and {[%eval …]}).
    const result = await c.var.services.games.record(id, linkBase(c), await c.var.services.analysis.annotations(id));
    if (!result.ok) return fromFailure(c, result);
    return c.text(result.value, 200, { 'Content-Type': 'text/plain; charset=utf-8' });
  })

  .post('/api/games/:id/moves', gameIdParam, requirePlayer, async (c) => {
    const type = mediaType(c);
    let parsed;
    if (type === 'text/plain') parsed = v.safeParse(MovePlainSchema, await c.req.text());
    else if (isJson(type)) {
      const body = await readJson(c);
      if (!body.ok) return body.response;
      parsed = v.safeParse(MoveJsonSchema, body.value);
    } else
      return jsonError(
        c,
        415,
        'unsupported_media_type',
        `send the move as text/plain (curl -H 'Content-Type: text/plain' --data-raw 'Wb2-Wb3') or as JSON {"move": "Wb2-Wb3", "ply": 1}`,
      );
    // A text body is the move itself; a JSON body's problems are named by field.
    if (!parsed.success) return jsonError(c, 400, 'invalid_body', describeIssues(parsed.issues, type === 'text/plain' ? 'move' : 'body'));
    return reply(c, await c.var.services.games.move(c.req.valid('param').id, c.var.token, parsed.output));
  })

  .get('/api/games/:id/messages', gameIdParam, async (c) => {
    const auth = playerToken(c, false);
    if (!auth.ok) return auth.response;
    c.header('Cache-Control', 'no-store');
    return reply(c, await c.var.services.games.messages(c.req.valid('param').id, auth.token));
  })

  .post('/api/games/:id/messages', gameIdParam, requireJson, vValidator('json', MessageSchema, validationHook('body')), requirePlayer, async (c) =>
    reply(c, await c.var.services.games.sendMessage(c.req.valid('param').id, c.var.token, c.req.valid('json').text), 201),
  )

  .put(
    '/api/games/:id/messages/visibility',
    gameIdParam,
    requireJson,
    vValidator('json', MessageVisibilitySchema, validationHook('body')),
    requirePlayer,
    async (c) => reply(c, await c.var.services.games.showMessages(c.req.valid('param').id, c.var.token, c.req.valid('json').spectators)),
  )

  .post('/api/games/:id/takeback', gameIdParam, requireJson, vValidator('json', TakebackSchema, validationHook('body')), requirePlayer, async (c) =>
    reply(c, await c.var.services.games.takeback(c.req.valid('param').id, c.var.token, c.req.valid('json').action)),
  )

  // A player's conditional moves: private, so never cached.
  .get('/api/games/:id/conditional', gameIdParam, requirePlayer, async (c) => {
    c.header('Cache-Control', 'no-store');
    return reply(c, await c.var.services.games.conditional(c.req.valid('param').id, c.var.token));
  })

  .put('/api/games/:id/conditional', gameIdParam, requireJson, vValidator('json', ConditionalSchema, validationHook('body')), requirePlayer, async (c) =>
    reply(c, await c.var.services.games.setConditional(c.req.valid('param').id, c.var.token, c.req.valid('json').lines)),
  )

  .delete('/api/games/:id/conditional', gameIdParam, requirePlayer, async (c) =>
    reply(c, await c.var.services.games.clearConditional(c.req.valid('param').id, c.var.token)),
  )

  .post('/api/games/:id/pause', gameIdParam, requireJson, vValidator('json', PauseSchema, validationHook('body')), requirePlayer, async (c) =>
    reply(c, await c.var.services.games.pause(c.req.valid('param').id, c.var.token, c.req.valid('json'))),
  )

  .post('/api/games/:id/leave', gameIdParam, requireJson, vValidator('json', LeaveSchema, validationHook('body')), requirePlayer, async (c) =>
    reply(c, await c.var.services.games.leave(c.req.valid('param').id, c.var.token, c.req.valid('json').days)),
  )

  .post('/api/games/:id/resign', gameIdParam, requirePlayer, async (c) => {
    return reply(c, await c.var.services.games.resign(c.req.valid('param').id, c.var.token));
  })

  .post('/api/games/:id/abort', gameIdParam, requirePlayer, async (c) => {
    return reply(c, await c.var.services.games.abort(c.req.valid('param').id, c.var.token));
  })

  .post('/api/games/:id/claim', gameIdParam, requirePlayer, async (c) => {
    return reply(c, await c.var.services.games.claim(c.req.valid('param').id, c.var.token));
  })

  .post('/api/games/:id/draw', gameIdParam, requireJson, vValidator('json', DrawSchema, validationHook('body')), requirePlayer, async (c) => {
    return reply(c, await c.var.services.games.draw(c.req.valid('param').id, c.var.token, c.req.valid('json').action));
  });
