// The HTTP core every route shares: the app's environment type, JSON error answers, a service
// answer as HTTP, the links' base, and the methods a path answers (the 405's Allow). By concern
// beside it: http-auth.ts (player tokens, keys, own-pages-only), http-body.ts (reading bodies),
// http-validation.ts (valibot issues in words), http-limits.ts (per-minute limits).
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../service/error-codes.ts';
import type { Failure, ServiceResult } from '../service/result.ts';
import { linkOrigin } from '../service/links.ts';
import { config } from './config.ts';
import type { AppEnv } from './services.ts';

/** The app's environment (services.ts): the bindings, and the services on `c.var.services`. */
export type { AppEnv } from './services.ts';
/**
 * Every JSON error answer goes out here: `{ code, error }`, the code from the one list
 * (service/error-codes.ts) for bots to switch on, the words for people, and `at` where a notation
 * error says where reading stopped (issue 31).
 */
export const jsonError = (c: Context, status: ContentfulStatusCode, code: ErrorCode, error: string, at?: number) =>
  c.json(at === undefined ? { code, error } : { code, error, at }, status);

/** A route path (`/api/games/:id`, `/rules/:variant/:file{[a-z0-9-]+\\.svg}`, `/static/*`) as a RegExp. */
function routePattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    if (segment === '*') return '.*';
    const param = /^:\w+(?:\{(.+)\})?(\?)?$/.exec(segment);
    if (param) return `(?:${param[1] ?? '[^/]+'})`;
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${segments.join('/')}/?$`);
}

/**
 * The methods the app answers on `path` (for a 405's Allow): GET brings HEAD; middleware (ALL) does
 * not count. A named path outranks a parameter: `/api/games/import` is the import's path (POST), not
 * a game id, though `GET /api/games/:id` would take it and answer "no game with id import".
 */
export function allowedMethods(routes: readonly { method: string; path: string }[], path: string): string[] {
  const matching = routes.filter((route) => route.method !== 'ALL' && routePattern(route.path).test(path));
  const isParam = (segment: string | undefined) => segment === '*' || segment?.startsWith(':') === true;
  const segmentsOf = matching.map((route) => route.path.split('/'));
  const named = new Set(segmentsOf.flatMap((segments) => segments.flatMap((segment, i) => (isParam(segment) ? [] : [i]))));
  const methods = new Set<string>();
  matching.forEach((route, r) => {
    if (!segmentsOf[r]!.some((segment, i) => isParam(segment) && named.has(i))) methods.add(route.method);
  });
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/**
 * Does a route answer this request (not only middleware, which is registered for ALL methods)?
 * With `prefix`, only a route under it counts.
 */
export const routeAnswers = (c: Context, prefix = ''): boolean => matchedRoutes(c).some((route) => route.method !== 'ALL' && route.path.startsWith(prefix));

export function fromFailure(c: Context, f: Failure) {
  if (f.retryAfter !== undefined) c.header('Retry-After', String(f.retryAfter));
  return jsonError(c, f.status, f.code, f.error, f.at);
}

/** A service answer as HTTP: the value as JSON, or the failure's status and `{ code, error }`. */
export function reply<T>(c: Context, result: ServiceResult<T>, status: 200 | 201 = 200) {
  return result.ok ? c.json(result.value as object, status) : fromFailure(c, result);
}
/** The base of the links we hand out. */
export const linkBase = (c: Pick<Context<AppEnv>, 'env'> & { req: { url: string } }) => ({
  origin: linkOrigin(config(c.env).publicUrl, new URL(c.req.url).origin),
});
