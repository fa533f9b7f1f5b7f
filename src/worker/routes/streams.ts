// The live streams (NDJSON): a player's events and the lobby's (/api/stream), and one game's stream
// and the game page's WebSocket (/api/games/:id/stream, .../socket).
import { Hono } from 'hono/tiny';
import { eventStream, hubOf } from '../event-hub.ts';
import type { GameEnv } from '../game-id.ts';
import { gameObject } from '../game-objects.ts';
import { fromFailure, jsonError, linkBase } from '../http.ts';
import { playerToken, strangerRefusal } from '../http-auth.ts';
import { requirePlayerKey, type PlayerEnv } from './players.ts';

/** How many games a player stream's opening lines may name. */
const OPENING_GAMES = 2000;

/** Under /api/stream. */
export const streams = new Hono<PlayerEnv>()
  .get('/events', requirePlayerKey, async (c) => {
    const player = c.var.player;
    const base = linkBase(c);
    return eventStream(hubOf(c.env, `player:${player.id}`), async () => {
      // On (re)opening: the games waiting for the player (their turn, or an offer of the other
      // side's to answer), then the challenges sent to them.
      // The store lists the waiting games first, so the cap (far above any list's) reaches them all.
      const waiting = (await c.var.services.players.games(player, 'active', base, OPENING_GAMES)).filter((g) => g.waiting);
      const challenges = (await c.var.services.challenges.mine(player, base)).filter((ch) => ch.to?.id === player.id);
      return [
        ...waiting.map((game) => ({ type: game.yourTurn ? 'yourTurn' : 'offer', game })),
        ...challenges.map((challenge) => ({ type: 'challenge', challenge })),
      ];
    });
  })

  // The lobby and challenge pages' stream: a `challenges` line whenever a challenge is made,
  // accepted, withdrawn or declined (no more: the pages fetch what they show).
  .get('/lobby', async (c) => eventStream(hubOf(c.env, 'lobby'), async () => []));

/** One game, under /api/games/:id. */
export const gameStreams = new Hono<GameEnv>()
  // The game page's live updates: a WebSocket held by the game's own object (hibernating while
  // quiet). Public lines, as the stream's without a token; the id is checked against the
  // directory first, so an unknown game touches no object.
  .get('/socket', async (c) => {
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket')
      return jsonError(c, 426, 'websocket_required', 'this is a WebSocket: open it with Upgrade: websocket (or read GET /api/games/{id}/stream)');
    const id = c.var.gameId;
    if (!(await c.var.services.stores.games.game(id))) return jsonError(c, 404, 'unknown_game', `no game with id ${id}`);
    return gameObject(c.env, id).fetch(`https://game/socket?game=${id}`, { headers: { Upgrade: 'websocket' } });
  })

  .get('/stream', async (c) => {
    const id = c.var.gameId;
    const auth = playerToken(c, false);
    if (!auth.ok) return auth.response;
    const service = c.var.services.games;
    const first = await service.load(id, auth.token);
    if (!first.ok) return fromFailure(c, first);
    // A player's key (the /me cookie, or a bot's) of someone not in this game: a spectator's stream (as GET /api/games/:id).
    const stranger = await strangerRefusal(c, auth, first.value.you, id);
    if (stranger) return stranger;
    // The game's own object holds its stream's readers (and its sockets).
    return eventStream(
      gameObject(c.env, id),
      async () => {
        // Read again after subscribing, so no move can fall in between.
        const state = await service.load(id, auth.token);
        return state.ok ? [{ type: 'gameFull', state: state.value }] : [];
      },
      first.value.you,
      { game: id },
    );
  });
