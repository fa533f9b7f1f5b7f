// Who is asking: the player token (Authorization: Bearer, ?token=, the personal page's key
// cookie), and whether a request comes from this site's own pages.
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { noSeatWords } from '../service/seat-holder.ts';
import { config } from './config.ts';
import { jsonError, routeAnswers, type AppEnv } from './http.ts';

/** The cookie the personal page keeps the player key in (HttpOnly, Secure, SameSite=Lax). */
export const KEY_COOKIE = 'subspace_key';
/** `fromCookie`: the key came from the /me cookie, not from the caller's own choice of credentials. */
export type Token = { ok: true; token: string; fromCookie?: true } | { ok: false; response: Response };

/**
 * The 403 for a player key that is no player's: an ended one (signed out, or replaced) is told so,
 * not sent to make a second player (tester 18 Y6).
 */
export async function refuseKey<E extends AppEnv>(c: Context<E>, key: string): Promise<Response> {
  const ended = await c.var.services.players.endedKey(key);
  return jsonError(
    c,
    403,
    'bad_key',
    ended
      ? "this player key was ended (signed out, or replaced by a new key): use the player's new key, or sign in again at /me"
      : 'that is not a player key: check that you copied all of it (create a player with POST /api/players if you have none)',
  );
}

/**
 * Whether a credential that holds no seat of the game reads it as a spectator would: the /me cookie
 * (it goes with every request), or the key of a real player (one key for all of a player's games, so
 * a bot sets it on every request, its own games or others'). A game token of another game, or a
 * key that is no one's, stays a mistake to say (403).
 */
export async function readsAsSpectator<E extends AppEnv>(c: Context<E>, auth: { token: string; fromCookie?: true }): Promise<boolean> {
  return auth.fromCookie === true || (await c.var.services.players.authenticate(auth.token)) !== undefined;
}

/**
 * The 403 of a read of game `id` (its state, its stream) whose credential holds no seat there
 * (`you` unset) and does not read as a spectator's; undefined when the read goes on.
 */
export async function strangerRefusal<E extends AppEnv>(
  c: Context<E>,
  auth: { token: string | undefined; fromCookie?: true },
  you: unknown,
  id: string,
): Promise<Response | undefined> {
  if (auth.token === undefined || you || (await readsAsSpectator(c, { ...auth, token: auth.token }))) return undefined;
  return jsonError(c, 403, 'bad_token', noSeatWords(id));
}

/** `Bearer <credentials>`; the scheme is case-insensitive (RFC 9110). */
const BEARER = /^bearer[ \t]+(.*\S)[ \t]*$/i;

/**
 * The player token: `Authorization: Bearer <token>`, or `?token=` for clients that cannot set
 * headers (chat slash commands, links). Where a token is required, a missing one or another
 * scheme is a 401; any credential is otherwise passed on, so a wrong or mangled token is the
 * game's 403 (or 404). Where it is optional (public state), an unusable header is ignored.
 */
export function playerToken(c: Context, required: true, what?: string): Token;
export function playerToken(c: Context, required: false): Token | { ok: true; token: undefined };
/** `what` the route takes, as its 401 says it ("your game token or player key" unless told). */
export function playerToken(c: Context, required: boolean, what = 'your game token or player key'): Token | { ok: true; token: undefined } {
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
      if (!why) return { ok: true, token: key, fromCookie: true };
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
    return { ok: false, response: jsonError(c, 401, 'token_required', `send ${what} as Authorization: Bearer <token>`) };
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
 * hono/csrf checks them), else a 403 that says why: `refuse`'s answer (a page), or where it gives
 * none, the JSON whose `error` says it. A request no route answers goes on to the 404 or 405: there
 * is no form there to guard.
 */
export const ownPagesOnly =
  (refuse: (c: Context, why: string) => Response | Promise<Response> | undefined = () => undefined): MiddlewareHandler =>
  async (c, next) => {
    if (!SAFE_METHOD.test(c.req.method) && routeAnswers(c)) {
      const why = crossOrigin(c);
      if (why)
        return (
          (await refuse(c, why)) ??
          jsonError(c, 403, 'cross_origin', `this form is only taken from this site's own pages, and ${why}; open the page and use its form`)
        );
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
