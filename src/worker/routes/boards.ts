// Board pictures: a game at any ply, and a position given as text, as SVG or PNG
// (both drawn by the picture Worker; PNGs cached).
import { Hono } from 'hono/tiny';
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { positionSvg } from '../../service/preview.ts';
import { positionKey } from '../../service/public-state.ts';
import { boardPng } from '../board-png.ts';
import { GameImageQuerySchema, PositionImageQuerySchema } from '../forms.ts';
import type { GameEnv } from '../game-id.ts';
import { fromFailure, jsonError, type AppEnv } from '../http.ts';
import { describeIssues } from '../http-validation.ts';
import { SVG_CSP } from '../pages/respond.tsx';

type ImageFormat = 'svg' | 'png';

/** Drawing a PNG costs tens of milliseconds of CPU: keep each one in the Workers cache for as
 * long as its Cache-Control allows (a past ply named with its position's key, or any ply of a
 * finished game, for good; others briefly). A new name: 'board-png' held past plies for good, which a takeback changes;
 * 'board-png-3': the keys became canonical and Curved Space's start draws both worm-hole links. */
const pngCache: MiddlewareHandler = async (c, next) => {
  // The Cache API by hand, as hono/cache does it (its middleware cost the main Worker 1 KiB of its 200).
  const cache = typeof caches === 'undefined' ? undefined : await caches.open('board-png-3');
  const key = cacheKey(c.req.url);
  const hit = await cache?.match(key);
  if (hit) return new Response(hit.body, hit);
  await next();
  // Kept as hono/cache keeps: a 200 its Cache-Control lets anyone keep.
  if (cache && c.res.status === 200 && !/private|no-store|no-cache/i.test(c.res.headers.get('Cache-Control') ?? ''))
    c.executionCtx.waitUntil(cache.put(key, c.res.clone()));
};

/** The parameters a picture is drawn from (GameImageQuerySchema, PositionImageQuerySchema). */
const PICTURE_PARAMS = ['ply', 'size', 'from', 'at', 'variant', 'position', 'options', 'last'];

/**
 * A picture's cache key: its address with only the parameters it is drawn from, in one order
 * (tester 11 S17: other parameters or another order drew the same picture again, for anyone).
 */
function cacheKey(url: string): string {
  const u = new URL(url);
  const kept = new URLSearchParams([...u.searchParams].filter(([k]) => PICTURE_PARAMS.includes(k)));
  kept.sort();
  u.search = kept.toString();
  return u.href;
}

/**
 * Pictures are public (a spectator sees the same) and meant for other sites' pages, forums and
 * bots' dashboards: an <img> there is a no-cors load, which the default same-origin
 * Cross-Origin-Resource-Policy would block.
 */
const EMBEDDABLE = { 'Cross-Origin-Resource-Policy': 'cross-origin' };

async function imageResponse<E extends AppEnv>(c: Context<E>, svg: string, format: ImageFormat, cache: string) {
  if (format === 'png') return c.body(await boardPng(c.env, svg), 200, { 'Content-Type': 'image/png', 'Cache-Control': cache, ...EMBEDDABLE });
  return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': cache, 'Content-Security-Policy': SVG_CSP, ...EMBEDDABLE });
}

/** A game's board at any ply, under /api/games/:id. */
export const gameBoards = new Hono<GameEnv>()
  .get('/board.svg', (c) => gameImage(c, c.var.gameId, 'svg'))

  .get('/board.png', pngCache, (c) => gameImage(c, c.var.gameId, 'png'));

/** A position given as text, under /api. */
export const boards = new Hono<AppEnv>()
  .get('/board.svg', (c) => positionImage(c, 'svg'))

  .get('/board.png', pngCache, (c) => positionImage(c, 'png'));
async function gameImage(c: Context<GameEnv>, id: string, format: ImageFormat) {
  const query = v.safeParse(GameImageQuerySchema, c.req.query());
  if (!query.success) return jsonError(c, 400, 'invalid_query', describeIssues(query.issues, 'query'));
  const { ply, size, from, at } = query.output;
  const r = await c.var.services.views.board(id, { ...(ply === undefined ? {} : { ply }), ...(size ? { size } : {}), ...(from ? { from } : {}) });
  if (!r.ok) return fromFailure(c, r);
  // A ply of a game going on can change: turns taken back and played again put another position
  // there. So a past ply is kept for good only under an address that names its position (`at`, its
  // key), and any ply of a finished game. "Now", the latest ply of a game going on (an ending off the
  // board adds its caption) and a ply without its key are cached briefly.
  const over = r.value.row.status !== 'active';
  const settled = ply !== undefined && (over || (ply < r.value.row.ply && at === positionKey(r.value.position)));
  return imageResponse(c, r.value.svg, format, settled ? 'public, max-age=31536000, immutable' : 'public, max-age=10');
}

async function positionImage(c: Context<AppEnv>, format: ImageFormat) {
  const query = v.safeParse(PositionImageQuerySchema, c.req.query());
  if (!query.success) return jsonError(c, 400, 'invalid_query', describeIssues(query.issues, 'query'));
  const q = query.output;
  let options: unknown = {};
  if (q.options) {
    try {
      options = JSON.parse(q.options);
    } catch {
      return jsonError(c, 400, 'invalid_options', 'options: not valid JSON (e.g. {"platforms":4})');
    }
  }
  const r = await positionSvg(c.var.services.drawing, q.variant, q.position, {
    options,
    ...(q.size ? { size: q.size } : {}),
    ...(q.last ? { lastMove: q.last } : {}),
  });
  if (!r.ok) return fromFailure(c, { ...r, status: 400 });
  return imageResponse(c, r.value.svg, format, 'public, max-age=86400');
}
