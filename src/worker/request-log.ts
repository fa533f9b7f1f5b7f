// One JSON line per request, as Workers Logs indexes it: the route pattern (never the
// URL, whose query may hold a player token), the game id, the status and the time taken.
// Nothing else from the request is logged: no header (tokens), no body (emails, webhook
// URLs and secrets). test/service/request-log.test.ts checks that none of them leaks.
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './http.ts';

const GAME_ID = /^[a-z0-9]{4,32}$/;

interface RequestLine {
  readonly event: 'request';
  readonly method: string;
  /** The matched route pattern, e.g. /api/games/:id/moves; "(no route)" for a 404 of the router. */
  readonly route: string;
  readonly game?: string;
  readonly status: number;
  readonly ms: number;
}

export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  try {
    await next();
  } finally {
    // The handler's route: the last one matched that is not a middleware over a whole prefix ('*', '/api/*', '/api/games/:id/*').
    const route = matchedRoutes(c).findLast((r) => !(r.method === 'ALL' && r.path.endsWith('*')))?.path ?? '(no route)';
    const at = route.split('/').indexOf(':id');
    const id = at > 0 ? c.req.path.split('/')[at] : undefined;
    const line: RequestLine = {
      event: 'request',
      method: c.req.method,
      route,
      ...(id && GAME_ID.test(id) ? { game: id } : {}),
      // By now a thrown error has become onError's response.
      status: c.res.status,
      // Workers' clock moves on I/O only: this is the time spent waiting (D1, the picture Worker).
      ms: Date.now() - started,
    };
    console.log(JSON.stringify(line));
  }
};
