// The per-minute limits of the rate-limiting bindings: new games per client address, emails asked
// for per address, challenges per player key; the 429s that say so.
import type { Context, MiddlewareHandler } from 'hono';
import { jsonError, type AppEnv } from './http.ts';

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
    /** What is counted, in the refusal's words (new players share the limit, and are told so in their own words). */
    what = 'new games',
  ): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const address = c.req.header('CF-Connecting-IP');
    const limiter = c.env.NEW_GAME_LIMITER;
    if (address && limiter && !(await limiter.limit({ key: address })).success) {
      c.header('Retry-After', '60');
      return refuse(c, `too many ${what} from your address in the last minute; try again in a minute`);
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
