// The computer's post-game analysis and the players' analysis boards (variations and notes).
// Thin handlers: validate, call the service, translate its answer.
import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { ExploreQuerySchema, NotesSchema } from '../../service/notes-schemas.ts';
import { gameIdParam, reply, requireJson, requirePlayer, validationHook, fromFailure, type AppEnv } from '../http.ts';

export const analysis = new Hono<AppEnv>()
  // Anyone may ask for the analysis of a finished game; nobody gets one during a game (409).
  .post('/api/games/:id/analysis', gameIdParam, async (c) => {
    const asked = await c.var.services.analysis.request(c.req.valid('param').id);
    if (!asked.ok) return fromFailure(c, asked);
    c.header('Location', `/api/games/${asked.value.id}/analysis`);
    return c.json(asked.value, 202);
  })

  .get('/api/games/:id/analysis', gameIdParam, async (c) => {
    const found = await c.var.services.analysis.get(c.req.valid('param').id);
    // Running: it changes piece by piece; done: it no longer changes.
    c.header('Cache-Control', found.ok && found.value.status === 'done' ? 'public, max-age=60' : 'no-store');
    return reply(c, found);
  })

  // A seat's private variations: never cached, never shown to anyone else.
  .get('/api/games/:id/notes', gameIdParam, requirePlayer, async (c) => {
    c.header('Cache-Control', 'no-store');
    return reply(c, await c.var.services.notes.get(c.req.valid('param').id, c.var.token));
  })

  .put('/api/games/:id/notes', gameIdParam, requireJson, vValidator('json', NotesSchema, validationHook('body')), requirePlayer, async (c) => {
    c.header('Cache-Control', 'no-store');
    return reply(c, await c.var.services.notes.put(c.req.valid('param').id, c.var.token, c.req.valid('json').variations));
  })

  // The analysis board's step: the board and legal turns after a line from any ply. No evaluation.
  .get('/api/games/:id/explore', gameIdParam, vValidator('query', ExploreQuerySchema, validationHook('query')), async (c) => {
    const { from, line } = c.req.valid('query');
    const turns = (line ?? '').split(/\s+/).filter(Boolean);
    return reply(c, await c.var.services.notes.explore(c.req.valid('param').id, from, turns));
  });
