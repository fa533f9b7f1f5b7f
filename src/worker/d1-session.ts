// D1 read replicas without stale reads for the player: every HTTP request runs its queries
// in one D1 session (Sessions API). A client that sends back the bookmark of its last
// response (header x-d1-bookmark, or the d1b cookie the pages set) is served a database
// state at least that new, so a player always reads their own move; a request without one
// may be served by any replica. Requests that write start at the primary, so the state a
// move is checked against is the latest. Without read replication, every query goes to the
// primary anyway. docs/deploy.md, "Reading from D1 replicas".
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from './http.ts';

const BOOKMARK_HEADER = 'x-d1-bookmark';
const BOOKMARK_COOKIE = 'd1b';
/** D1 bookmarks are short strings of hex groups; anything else is ignored (never a 500). */
const BOOKMARK = /^[0-9a-f]{1,64}(-[0-9a-f]{1,64}){0,7}$/i;
const READS = new Set(['GET', 'HEAD']);

/** The database seen through one session: the stores keep taking a D1Database. */
function sessionDatabase(db: D1Database, session: D1DatabaseSession): D1Database {
  return {
    prepare: (query) => session.prepare(query),
    batch: (statements) => session.batch(statements),
    exec: (query) => db.exec(query),
    withSession: (constraint) => db.withSession(constraint),
    dump: () => db.dump(),
  };
}

export const d1Session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const sent = c.req.header(BOOKMARK_HEADER) ?? getCookie(c, BOOKMARK_COOKIE);
  const bookmark = sent && BOOKMARK.test(sent) ? sent : undefined;
  const session = c.env.DB.withSession(bookmark ?? (READS.has(c.req.method) ? 'first-unconstrained' : 'first-primary'));
  c.env = { ...c.env, DB: sessionDatabase(c.env.DB, session) };
  await next();
  const latest = session.getBookmark();
  if (!latest) return;
  c.res = new Response(c.res.body, c.res); // responses from the cache have immutable headers
  c.res.headers.set(BOOKMARK_HEADER, latest);
  // Browsers: the pages and the form redirects carry it as a cookie (never a cached picture).
  const type = c.res.headers.get('Content-Type') ?? '';
  if (type.startsWith('text/html') || (c.res.status >= 300 && c.res.status < 400))
    setCookie(c, BOOKMARK_COOKIE, latest, { path: '/', httpOnly: true, sameSite: 'Lax', secure: new URL(c.req.url).protocol === 'https:', maxAge: 3600 });
};
