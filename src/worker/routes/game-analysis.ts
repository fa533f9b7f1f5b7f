// The computer's post-game analysis and the players' analysis boards (variations and notes).
// Thin handlers: validate, call the service, translate its answer.
import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono/tiny';
import { ExploreQuerySchema, NotesSchema } from '../../service/notes-schemas.ts';
import type { GameEnv } from '../game-id.ts';
import { reply, fromFailure } from '../http.ts';
import { requirePlayer } from '../http-auth.ts';
import { requireJson } from '../http-body.ts';
import { limitNewGames } from '../http-limits.ts';
import { validationHook } from '../http-validation.ts';

export const gameAnalysis = new Hono<GameEnv>()
  // Anyone may ask for the analysis of a finished game; nobody gets one during a game (409). Asking
  // counts against the client's limit of new games: each asks for the computer's time (tester 11 S15).
  .post('/analysis', limitNewGames(undefined, 'new games and analyses asked for'), async (c) => {
    const asked = await c.var.services.analysis.request(c.var.gameId);
    if (!asked.ok) return fromFailure(c, asked);
    c.header('Location', `/api/games/${asked.value.id}/analysis`);
    return c.json(asked.value, 202);
  })

  .get('/analysis', async (c) => {
    const found = await c.var.services.analysis.get(c.var.gameId);
    // Running: it changes piece by piece; done: it no longer changes.
    c.header('Cache-Control', found.ok && found.value.status === 'done' ? 'public, max-age=60' : 'no-store');
    return reply(c, found);
  })

  // A seat's private variations: never cached, never shown to anyone else.
  .get('/notes', requirePlayer, async (c) => {
    c.header('Cache-Control', 'no-store');
    return reply(c, await c.var.services.notes.get(c.var.gameId, c.var.token));
  })

  .put('/notes', requirePlayer, requireJson, vValidator('json', NotesSchema, validationHook('body')), async (c) => {
    c.header('Cache-Control', 'no-store');
    return reply(c, await c.var.services.notes.put(c.var.gameId, c.var.token, c.req.valid('json').variations));
  })

  // The analysis board's step: the board and legal turns after a line from any ply. No evaluation.
  .get('/explore', vValidator('query', ExploreQuerySchema, validationHook('query')), async (c) => {
    const { from, line, orientation } = c.req.valid('query');
    const turns = (line ?? '').split(/\s+/).filter(Boolean);
    return reply(c, await c.var.services.notes.explore(c.var.gameId, from, turns, orientation));
  });
