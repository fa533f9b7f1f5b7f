// The games' JSON API: new games (POST /api/games, /api/games/import) and everything about one game
// (/api/games/:id/...). Handlers only validate, call the game service and translate its answer to
// HTTP; the rules live in the engine and the service.
import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono/tiny';
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
import { fromFailure, linkBase, reply, type AppEnv, jsonError } from '../http.ts';
import { playerToken, readsAsSpectator, refuseKey, requirePlayer, strangerRefusal } from '../http-auth.ts';
import { requireJson, readTextOrJson } from '../http-body.ts';
import { limitNewGames } from '../http-limits.ts';
import { validationHook } from '../http-validation.ts';
import { playerSeat } from '../../service/players.ts';
import { PreviewQuerySchema } from '../forms.ts';
import type { GameEnv } from '../game-id.ts';

/** POST /api/games and /api/games/import: new games. */
export const games = new Hono<AppEnv>()
  .post('/', limitNewGames(), requireJson, vValidator('json', CreateGameSchema, validationHook('body')), async (c) => {
    const { side, ...input } = c.req.valid('json');
    if (!c.req.header('Authorization')) {
      if (side) return jsonError(c, 400, 'invalid_body', 'side: only with a player key (Authorization: Bearer <key>), to say which side you take');
      return reply(c, await c.var.services.games.create(input, linkBase(c)), 201);
    }
    // With a player key the caller takes a side, and the game shows under GET /api/me/games.
    const auth = playerToken(c, true);
    if (!auth.ok) return auth.response;
    const player = await c.var.services.players.authenticate(auth.token);
    if (!player) return refuseKey(c, auth.token);
    // The caller's seat: the one asked for, else White unless the computer sits there. Never the
    // computer's: a key there would play (and resign, and chat) for the computer.
    const mine = side ?? (input.white?.computer !== undefined ? 'black' : 'white');
    if (input[mine]?.computer !== undefined)
      return jsonError(c, 400, 'invalid_body', `side: the computer plays ${mine}; with a player key you take the other side (or leave side out)`);
    // Their name and confirmed address on the seat, unless the request gave the seat its own.
    const seat = { ...playerSeat(player), ...input[mine] };
    return reply(c, await c.var.services.games.create({ ...input, [mine]: seat }, linkBase(c), { players: { [mine]: player.id } }), 201);
  })

  .post('/import', limitNewGames(), async (c) => {
    const body = await readTextOrJson(
      c,
      { schema: ImportPlainSchema, name: 'record' },
      ImportJsonSchema,
      'send the record as text/plain, or JSON {"record": "..."}',
    );
    if (!body.ok) return body.response;
    const { record, ...extra } = body.text ? { record: body.value } : body.value;
    // A record of a game already over is analysed when someone asks (POST …/analysis), not by itself:
    // each anonymous import bought a whole analysis of the computer's time (tester 11 S15).
    return reply(c, await c.var.services.games.import(record, extra, linkBase(c)), 201);
  });

/** One game, under /api/games/:id (its id checked once: game-id.ts). */
export const game = new Hono<GameEnv>()
  .get('/', async (c) => {
    const auth = playerToken(c, false);
    if (!auth.ok) return auth.response;
    const id = c.var.gameId;
    const loaded = await c.var.services.games.load(id, auth.token);
    // A token that is not this game's is a mistake to say, not a reason to answer as to a spectator;
    // but a player's key (the /me cookie, or a bot's) watching another game is a spectator.
    const stranger = loaded.ok ? await strangerRefusal(c, auth, loaded.value.you, id) : undefined;
    return stranger ?? reply(c, loaded);
  })

  .get('/preview', vValidator('query', PreviewQuerySchema, validationHook('query')), async (c) => {
    const { move, size, from } = c.req.valid('query');
    const preview = await c.var.services.views.preview(c.var.gameId, move.move, size, from, move.ply);
    c.header('Cache-Control', 'no-store');
    return reply(c, preview);
  })

  .get('/legal', async (c) => reply(c, await c.var.services.games.legal(c.var.gameId)))

  .get('/hint', async (c) => {
    const auth = playerToken(c, true);
    if (!auth.ok) return auth.response;
    c.header('Cache-Control', 'no-store');
    return reply(c, await c.var.services.computer.hint(c.var.gameId, auth.token));
  })

  .get('/moves', vValidator('query', HistoryQuerySchema, validationHook('query')), async (c) =>
    reply(c, await c.var.services.games.history(c.var.gameId, c.req.valid('query').since)),
  )

  .get('/record', async (c) => {
    const id = c.var.gameId;
    // A finished game's record carries the computer's analysis, once done (glyphs and {[%eval …]}).
    // A tournament's game names it and the round ([Event], [Round]).
    const [annotations, round] = await Promise.all([c.var.services.analysis.annotations(id), c.var.services.tournaments.roundOfGame(id)]);
    const result = await c.var.services.games.record(id, linkBase(c), annotations, round);
    if (!result.ok) return fromFailure(c, result);
    return c.text(result.value, 200, { 'Content-Type': 'text/plain; charset=utf-8' });
  })

  .post('/moves', requirePlayer, async (c) => {
    const body = await readTextOrJson(
      c,
      { schema: MovePlainSchema, name: 'move' },
      MoveJsonSchema,
      `send the move as text/plain (curl -H 'Content-Type: text/plain' --data-raw 'Wb2-Wb3') or as JSON {"move": "Wb2-Wb3", "ply": 1}`,
    );
    if (!body.ok) return body.response;
    return reply(c, await c.var.services.games.move(c.var.gameId, c.var.token, body.value));
  })

  .get('/messages', async (c) => {
    const auth = playerToken(c, false);
    if (!auth.ok) return auth.response;
    c.header('Cache-Control', 'no-store');
    const read = await c.var.services.games.messages(c.var.gameId, auth.token);
    // A player watching someone else's game (signed in, or a bot with its key) reads what any spectator may.
    if (!read.ok && read.code === 'bad_token' && auth.token !== undefined && (await readsAsSpectator(c, auth)))
      return reply(c, await c.var.services.games.messages(c.var.gameId, undefined));
    return reply(c, read);
  })

  .post('/messages', requirePlayer, requireJson, vValidator('json', MessageSchema, validationHook('body')), async (c) =>
    reply(c, await c.var.services.games.sendMessage(c.var.gameId, c.var.token, c.req.valid('json').text), 201),
  )

  .put('/messages/visibility', requirePlayer, requireJson, vValidator('json', MessageVisibilitySchema, validationHook('body')), async (c) =>
    reply(c, await c.var.services.games.showMessages(c.var.gameId, c.var.token, c.req.valid('json').spectators)),
  )

  .post('/takeback', requirePlayer, requireJson, vValidator('json', TakebackSchema, validationHook('body')), async (c) =>
    reply(c, await c.var.services.games.takeback(c.var.gameId, c.var.token, c.req.valid('json').action, c.req.valid('json').ply)),
  )

  // A player's conditional moves: private, so never cached.
  .get('/conditional', requirePlayer, async (c) => {
    c.header('Cache-Control', 'no-store');
    return reply(c, await c.var.services.games.conditional(c.var.gameId, c.var.token));
  })

  .put('/conditional', requirePlayer, requireJson, vValidator('json', ConditionalSchema, validationHook('body')), async (c) =>
    reply(c, await c.var.services.games.setConditional(c.var.gameId, c.var.token, c.req.valid('json').lines, c.req.valid('json'))),
  )

  .delete('/conditional', requirePlayer, async (c) => reply(c, await c.var.services.games.clearConditional(c.var.gameId, c.var.token)))

  .post('/pause', requirePlayer, requireJson, vValidator('json', PauseSchema, validationHook('body')), async (c) =>
    reply(c, await c.var.services.games.pause(c.var.gameId, c.var.token, c.req.valid('json'))),
  )

  .post('/leave', requirePlayer, requireJson, vValidator('json', LeaveSchema, validationHook('body')), async (c) =>
    reply(c, await c.var.services.games.leave(c.var.gameId, c.var.token, c.req.valid('json').days, c.req.valid('json').deadline)),
  )

  .post('/resign', requirePlayer, async (c) => {
    return reply(c, await c.var.services.games.resign(c.var.gameId, c.var.token));
  })

  .post('/abort', requirePlayer, async (c) => {
    return reply(c, await c.var.services.games.abort(c.var.gameId, c.var.token));
  })

  .post('/claim', requirePlayer, async (c) => {
    return reply(c, await c.var.services.games.claim(c.var.gameId, c.var.token));
  })

  .post('/draw', requirePlayer, requireJson, vValidator('json', DrawSchema, validationHook('body')), async (c) => {
    return reply(c, await c.var.services.games.draw(c.var.gameId, c.var.token, c.req.valid('json').action));
  });
