// Small HTTP helpers shared by the routes: validation errors in words, reading
// bodies by content type, the player token, mapping service failures.
import { vValidator } from '@hono/valibot-validator';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';
import type { ErrorCode } from '../service/error-codes.ts';
import type { Failure, ServiceResult } from '../service/result.ts';
import { linkOrigin } from '../service/links.ts';
import { GameIdSchema } from '../service/schemas.ts';
import { config } from './config.ts';
import type { Services } from './services.ts';

/** Every handler finds the services on `c.var.services` (services.ts, built from the bindings and the configuration). */
export type AppEnv = { Bindings: Cloudflare.Env; Variables: { services: Services } };

/** The cookie the personal page keeps the player key in (HttpOnly, Secure, SameSite=Lax). */
export const KEY_COOKIE = 'subspace_key';

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

/** The methods the app answers on `path` (for a 405's Allow): GET brings HEAD; middleware (ALL) does not count. */
export function allowedMethods(routes: readonly { method: string; path: string }[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) if (route.method !== 'ALL' && routePattern(route.path).test(path)) methods.add(route.method);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/**
 * JSON and text bodies must be UTF-8: decoding would otherwise turn bad bytes into U+FFFD and
 * store them. Read once here; the handlers' c.req.text() / json() reuse what was read.
 */
export const strictUtf8: MiddlewareHandler = async (c, next) => {
  const type = mediaType(c);
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && (isJson(type) || type.startsWith('text/'))) {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(await c.req.arrayBuffer());
    } catch {
      return jsonError(c, 400, 'invalid_encoding', 'body: is not valid UTF-8 text');
    }
    // Every JSON body we take is an object: `[]`, `"x"` or `1` is refused here, never read as `{}`
    // (valibot's object schemas let an array through).
    if (isJson(type)) {
      const kind = jsonKind(text);
      if (kind && kind !== 'object') return jsonError(c, 400, 'invalid_body', `body: must be a JSON object, not ${kind}`);
    }
  }
  await next();
};

/** What a JSON text holds at the top ('object', 'an array', 'a string', ...), or undefined when it does not parse (the route says so). */
function jsonKind(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : `a ${typeof value}`;
}

/** Request bodies above this are refused with 413 (moves, records and settings are far smaller). */
export const MAX_BODY_BYTES = 64 * 1024;

type AnyIssue = v.BaseIssue<unknown> & { readonly expected?: string | null };

/** Lists a player counts item by item, and what their items (and items' items) are called. */
const COUNTED_LISTS: Record<string, readonly string[]> = { lines: ['line', 'turn'] };

/**
 * The field an issue is about: its dot path ("clock.daysPerMove"), but the items of a list a
 * player counts are named and counted from 1 ("line 2, turn 1"), as the service's own refusals
 * count them.
 */
function fieldOf(issue: AnyIssue): string | null {
  const keys = issue.path?.map((p) => p.key) ?? [];
  const words = COUNTED_LISTS[String(keys[0])];
  if (!words || keys.length < 2 || !keys.slice(1).every((k) => typeof k === 'number')) return v.getDotPath(issue as v.BaseIssue<unknown>);
  return keys
    .slice(1)
    .map((k, i) => `${words[i] ?? 'item'} ${Number(k) + 1}`)
    .join(', ');
}

/** Valibot issues -> "<which field>: <what is wrong>" (the first few). */
export function describeIssues(issues: readonly AnyIssue[], where = 'body'): string {
  const words = issues.map((issue) => {
    const path = fieldOf(issue);
    const field = path ?? where;
    // valibot takes an array for an object and then misses its keys: say what type is wanted.
    const parent = issue.path?.at(-1);
    if (parent?.type === 'object' && Array.isArray(parent.input))
      return `${
        issue
          .path!.slice(0, -1)
          .map((p) => p.key)
          .join('.') || where
      }: must be a JSON object, not an array`;
    if (issue.type === 'strict_object' && issue.expected === 'never') return `${field}: is not a field we know`;
    if (issue.received === 'undefined' && path) return `${field}: is required`;
    if (!path && issue.type === 'strict_object') return `${field}: must be a JSON object`;
    return `${field}: ${issue.message}`;
  });
  return [...new Set(words)].slice(0, 3).join('; ');
}

/** The hook for @hono/valibot-validator: a 400 that says which field and why. */
export const validationHook = (where: string) => (result: { success: boolean; issues?: readonly AnyIssue[] }, c: Context) => {
  if (!result.success) return jsonError(c, 400, where === 'query' ? 'invalid_query' : 'invalid_body', describeIssues(result.issues ?? [], where));
};

export const mediaType = (c: Context): string => (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
export const isJson = (type: string) => /^application\/([\w.-]+\+)?json$/.test(type);

export function fromFailure(c: Context, f: Failure) {
  if (f.retryAfter !== undefined) c.header('Retry-After', String(f.retryAfter));
  return jsonError(c, f.status, f.code, f.error, f.at);
}

/** A service answer as HTTP: the value as JSON, or the failure's status and `{ code, error }`. */
export function reply<T>(c: Context, result: ServiceResult<T>, status: 200 | 201 = 200) {
  return result.ok ? c.json(result.value as object, status) : fromFailure(c, result);
}

/** The `:id` of a game route; a malformed id cannot name a game: the same 404 as an unknown one. */
export const gameIdParam = vValidator('param', GameIdSchema, (result, c) => {
  if (!result.success) return jsonError(c, 404, 'unknown_game', `no game with id ${c.req.param('id')?.slice(0, 40) ?? ''}`);
});

export const MALFORMED_JSON = 'body: malformed JSON';

/** Read JSON ourselves where a body may be JSON or text (so a bad one is a clear 400). */
export async function readJson(c: Context): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  try {
    return { ok: true, value: JSON.parse(await c.req.text()) };
  } catch {
    return { ok: false, response: jsonError(c, 400, 'malformed_json', MALFORMED_JSON) };
  }
}

/**
 * A form body (urlencoded or multipart) as text fields; a body that does not parse as its
 * Content-Type says (a multipart without its boundary, say) is a 400, never a 500.
 */
export async function readForm(c: Context): Promise<Record<string, string>> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch (e) {
    throw new HTTPException(400, { message: `body: the form cannot be read as ${mediaType(c)} (${e instanceof Error ? e.message : String(e)})` });
  }
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(body)) if (typeof val === 'string') out[k] = val;
  return out;
}

/** JSON bodies only: anything else is a 415 that says what to send. */
export async function requireJson(c: Context, next: () => Promise<void>) {
  if (!isJson(mediaType(c))) return jsonError(c, 415, 'unsupported_media_type', 'send a JSON body with Content-Type: application/json');
  await next();
}

export type Token = { ok: true; token: string } | { ok: false; response: Response };

/** `Bearer <credentials>`; the scheme is case-insensitive (RFC 9110). */
const BEARER = /^bearer[ \t]+(.*\S)[ \t]*$/i;

/**
 * The player token: `Authorization: Bearer <token>`, or `?token=` for clients that cannot set
 * headers (chat slash commands, links). Where a token is required, a missing one or another
 * scheme is a 401; any credential is otherwise passed on, so a wrong or mangled token is the
 * game's 403 (or 404). Where it is optional (public state), an unusable header is ignored.
 */
export function playerToken(c: Context, required: true): Token;
export function playerToken(c: Context, required: false): Token | { ok: true; token: undefined };
export function playerToken(c: Context, required: boolean): Token | { ok: true; token: undefined } {
  const header = c.req.header('Authorization');
  if (header === undefined) {
    const query = c.req.query('token');
    if (query) return { ok: true, token: query };
    // The personal page's key cookie (HttpOnly, SameSite=Lax), for this site's own pages only: a
    // request from another origin (or one that does not say where it comes from, on a method that
    // acts) never acts on it, so a cookie cannot be ridden across sites (issue 26).
    const key = getCookie(c, KEY_COOKIE);
    if (key) {
      const why = crossOrigin(c);
      if (!why) return { ok: true, token: key };
      if (required)
        return {
          ok: false,
          response: jsonError(
            c,
            403,
            'cross_origin',
            `the ${KEY_COOKIE} cookie is only taken from this site's own pages (${why}); send your key as Authorization: Bearer <key>`,
          ),
        };
    }
    if (!required) return { ok: true, token: undefined };
    c.header('WWW-Authenticate', 'Bearer');
    return { ok: false, response: jsonError(c, 401, 'token_required', 'send your player token as Authorization: Bearer <token>') };
  }
  const credentials = BEARER.exec(header)?.[1];
  if (credentials === undefined && !required) return { ok: true, token: undefined };
  if (credentials === undefined) {
    c.header('WWW-Authenticate', 'Bearer');
    return { ok: false, response: jsonError(c, 401, 'bad_authorization', 'Authorization: must be "Bearer <your player token>"') };
  }
  return { ok: true, token: credentials };
}

const SAFE_METHOD = /^(GET|HEAD|OPTIONS)$/;

/**
 * Why a request is not from this site's own pages, or undefined when it is: Sec-Fetch-Site
 * (browsers send it) must be same-origin (or none: typed in the address bar), else the Origin
 * must be this site's. A method that acts needs one of the two; a read only must not name another
 * site. The same test as hono/csrf, in words.
 */
export function crossOrigin(c: Context): string | undefined {
  const site = c.req.header('Sec-Fetch-Site');
  const origin = c.req.header('Origin');
  const own = new Set([new URL(c.req.url).origin]);
  const publicUrl = c.env && config(c.env).publicUrl;
  if (publicUrl) own.add(new URL(publicUrl).origin);
  if (site === 'same-origin' || (site === 'none' && SAFE_METHOD.test(c.req.method))) return undefined;
  if (origin !== undefined && origin !== 'null' && own.has(origin)) return undefined;
  if (origin !== undefined) return `it was sent from ${origin.slice(0, 100)}, another site`;
  if (site !== undefined) return `it was sent from another site (Sec-Fetch-Site: ${site.slice(0, 20)})`;
  return SAFE_METHOD.test(c.req.method) ? undefined : 'it does not say which site sent it (no Origin header)';
}

/**
 * Page forms and the cookie: only from this site's own pages (Origin / Sec-Fetch-Site, as
 * hono/csrf checks them), else a 403 whose `error` says why.
 */
export const ownPagesOnly: MiddlewareHandler = async (c, next) => {
  if (!SAFE_METHOD.test(c.req.method)) {
    const why = crossOrigin(c);
    if (why) return jsonError(c, 403, 'cross_origin', `this form is only taken from this site's own pages, and ${why}; open the page and use its form`);
  }
  await next();
};

/** Routes that act for a player: the token (as playerToken reads it) on `c.var.token`, or the 401. */
export const requirePlayer = createMiddleware<AppEnv & { Variables: { token: string } }>(async (c, next) => {
  const auth = playerToken(c, true);
  if (!auth.ok) return auth.response;
  c.set('token', auth.token);
  await next();
});

/**
 * New games (create, import, the home page form) per client address, through the Workers
 * rate-limiting binding: enough for any player, not enough to fill D1 by script. The key is
 * CF-Connecting-IP alone, which Cloudflare's edge sets (overwriting what a client sent); other
 * address headers (X-Forwarded-For, ...) are anyone's to write and are ignored. Under wrangler dev
 * miniflare sets it from the connection unless the request has one (docs/local-server.md); a
 * request without it (the workerd tests) is not counted.
 */
export const limitNewGames =
  (
    refuse: (c: Context<AppEnv>, error: string) => Response | Promise<Response> = (c, error) => jsonError(c, 429, 'rate_limited', error),
  ): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const address = c.req.header('CF-Connecting-IP');
    const limiter = c.env.NEW_GAME_LIMITER;
    if (address && limiter && !(await limiter.limit({ key: address })).success) {
      c.header('Retry-After', '60');
      return refuse(c, 'too many new games from your address in the last minute; try again in a minute');
    }
    await next();
  };

/** Is this key over the binding's limit? Counted only with a key and a binding (no client address: not counted, as above). */
export async function overLimit(limiter: RateLimit | undefined, key: string | undefined): Promise<boolean> {
  return Boolean(key && limiter && !(await limiter.limit({ key })).success);
}

/** The 429 of a per-minute binding limit. */
export function tooMany(c: Context, error: string) {
  c.header('Retry-After', '60');
  return jsonError(c, 429, 'rate_limited', error);
}

/** Sign-in and confirmation emails asked for, per client address (MAIL_LIMITER, 10 a minute); each address also has its hourly limit in D1 (PlayerService). */
export const mailLimited = (c: Pick<Context<AppEnv>, 'env'> & { req: { header(name: string): string | undefined } }) =>
  overLimit(c.env.MAIL_LIMITER, c.req.header('CF-Connecting-IP'));
export const MAIL_LIMITED = 'too many emails asked for from your address in the last minute; try again in a minute';

/** Challenges and rematch offers per player (CHALLENGE_LIMITER, 30 a minute). */
export const challengeLimited = (c: Pick<Context<AppEnv>, 'env'>, playerId: string) => overLimit(c.env.CHALLENGE_LIMITER, playerId);
export const CHALLENGE_LIMITED = 'too many challenges from your player key in the last minute; try again in a minute';

/** The base of the links we hand out. */
export const linkBase = (c: Pick<Context<AppEnv>, 'env'> & { req: { url: string } }) => ({
  origin: linkOrigin(config(c.env).publicUrl, new URL(c.req.url).origin),
});
