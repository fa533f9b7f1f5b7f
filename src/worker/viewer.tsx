// Who is looking: the signed-in player of this browser (the /me cookie), read once per
// page request and handed to the layout's header through PageInfo (pages/site.tsx). Every HTML
// answer (c.html) renders inside that context, so no page has to pass it along.
import type { Context, MiddlewareHandler } from 'hono';
import type { PlayerRow } from '../db/schema.ts';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from './http.ts';
import { KEY_COOKIE } from './http-auth.ts';
import { PageInfo, type Viewer } from './pages/site.tsx';

/** Paths that never answer a page: no player lookup for them. */
const NOT_PAGES = /^\/(api|static)\/|^\/(favicon\.svg|favicon\.ico|manifest\.webmanifest|openapi\.json)$|\.(svg|png)$/;

export const withViewer: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = c.req.path;
  if (NOT_PAGES.test(path)) return next();
  const key = getCookie(c, KEY_COOKIE);
  let viewer: Viewer | undefined;
  if (key) {
    const players = c.var.services.players;
    const player = await players.authenticate(key);
    if (player) {
      const { games, challenges } = await players.waiting(player);
      viewer = { id: player.id, name: player.name, waiting: games, challenges };
    }
  }
  c.set('pageInfo', { path, ...(viewer ? { viewer } : {}) });
  const html = c.html.bind(c);
  c.html = ((body: unknown, ...rest: unknown[]) =>
    typeof body === 'string' || body instanceof Promise
      ? (html as (...a: unknown[]) => Response)(body, ...rest)
      : (html as (...a: unknown[]) => Response)(
          <PageInfo value={{ path, ...(viewer ? { viewer } : {}) }}>{body as never}</PageInfo>,
          ...rest,
        )) as typeof c.html;
  await next();
};

/** The signed-in player of this browser, if any (the pages that act for the player). */
export async function cookiePlayer<E extends AppEnv>(c: Context<E>): Promise<PlayerRow | undefined> {
  const key = getCookie(c, KEY_COOKIE);
  return key ? c.var.services.players.authenticate(key) : undefined;
}
