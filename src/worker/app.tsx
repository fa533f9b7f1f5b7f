// The Hono app: shared middleware, the routers under their prefixes, JSON or HTML 404s and 405s, one error handler.
import { Hono } from 'hono/tiny';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { allowedMethods, jsonError, type AppEnv } from './http.ts';
import { bodyLimitOf, MAX_BODY_BYTES, MAX_RECORD_BYTES, strictUtf8, UnreadableForm, unreadJson } from './http-body.ts';
import { apiIndex } from './routes/api-index.ts';
import { game, games } from './routes/games.ts';
import { gameAnalysis } from './routes/game-analysis.ts';
import { boards, gameBoards } from './routes/boards.ts';
import { confirmAddress, seat, unsubscribe } from './routes/seats.ts';
import { me, players } from './routes/players.ts';
import { challenges, rematch } from './routes/challenges.ts';
import { gameStreams, streams } from './routes/streams.ts';
import { admin } from './routes/admin.ts';
import { leaderboards, tournaments } from './routes/tournaments.ts';
import { push, pushScripts, seatPush } from './routes/push.ts';
import { leaguePages } from './routes/league-pages.tsx';
import { playerPages } from './routes/player-pages.tsx';
import { gamePages } from './routes/game-pages.tsx';
import { gameForms } from './routes/game-forms.tsx';
import { rules } from './routes/rules.tsx';
import { discord } from './bots/discord.ts';
import { telegram } from './bots/telegram.ts';
import { chatLinkPages } from './routes/chat-links.tsx';
import { withServices } from './services.ts';
import { requestLog } from './request-log.ts';
import { d1Session } from './d1-session.ts';
import { siteFiles } from './routes/site-files.ts';
import { withViewer } from './viewer.tsx';
import { gameIdOnce, type GameEnv } from './game-id.ts';
import { ErrorPage } from './pages/layout.tsx';
import { PAGE_CSP } from './pages/respond.tsx';
import { getCookie } from 'hono/cookie';
import { KEY_COOKIE } from './http-auth.ts';

export const app = new Hono<AppEnv>();

app.use(requestLog);
app.use(d1Session);
// Headers a route sets itself stay (overwrite: false): board pictures are for other sites' <img> too.
app.use(secureHeaders({ overwrite: false }));
const bodyLimits = new Map(
  [MAX_BODY_BYTES, MAX_RECORD_BYTES].map((maxSize) => [
    maxSize,
    bodyLimit({
      maxSize,
      // A page form's browser gets a page, as for a missing page (tester 11 S14); the API keeps its JSON.
      onError: (c) =>
        wantsPage(c)
          ? noRoutePage(
              c,
              413,
              'Form too large',
              `The form sent more than ${maxSize / 1024} KiB: nothing was done. Go back, shorten what you wrote and send it again.`,
            )
          : jsonError(c, 413, 'body_too_large', `the request body is larger than ${maxSize / 1024} KiB`),
    }),
  ]),
);
app.use((c, next) => bodyLimits.get(bodyLimitOf(c.req.path))!(c, next));

app.use(withServices);
app.use(strictUtf8);
app.use(withViewer);
// The API is for bots and other sites' scripts too: any origin, the player token in the
// Authorization header. Never with credentials, so nothing that rides on cookies works across
// origins (the page forms are same-origin only, and get no CORS headers at all).
const apiCors = cors({
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowHeaders: ['Authorization', 'Content-Type'],
  exposeHeaders: ['Retry-After', 'WWW-Authenticate'],
  maxAge: 86_400,
});
app.use('/api/*', apiCors);
app.use('/api', apiCors);
// An answer read with a credential, or to a write (a new game's tokens, a new key), is its reader's
// own: no cache keeps it, unless the route says otherwise (tester 11 S20).
app.use('/api/*', async (c, next) => {
  await next();
  if (c.res.headers.has('Cache-Control')) return;
  const read = c.req.method === 'GET' || c.req.method === 'HEAD';
  const credential = c.req.header('Authorization') || c.req.query('token') || getCookie(c, KEY_COOKIE);
  if (c.res.status === 101 || (read && !credential)) return;
  try {
    c.res.headers.set('Cache-Control', 'private, no-store');
  } catch {
    // An answer passed on whole from a game's object (a stream) keeps the headers it was made with.
  }
});
app.use('/openapi.json', apiCors);

// hono/tiny's router takes "/x/" for "/x"; here, as under Hono's default routers, a path with a
// trailing slash names no route, and unknownRoute answers it (a read is sent to the path without).
app.use(async (c, next) => (c.req.path.length > 1 && c.req.path.endsWith('/') ? unknownRoute(c) : next()));

// The JSON API, each part under its prefix; everything about one game under /api/games/:id, whose
// id is checked once (gameIdOnce) before any of its routes.
app.route('/', apiIndex);
app.route('/api/games', games);
// The import's path is no game id: another method there is its 405 (Allow: POST), not "no game with
// id import" from GET /api/games/:id (tester 8 K2).
app.use('/api/games/import', async (c, next) => (c.req.method === 'POST' ? next() : unknownRoute(c)));
app.route(
  '/api/games/:id',
  new Hono<GameEnv>()
    .use(gameIdOnce)
    .route('/', game)
    .route('/', gameAnalysis)
    .route('/', gameBoards)
    .route('/', seat)
    .route('/', seatPush)
    .route('/', rematch)
    .route('/', gameStreams),
);
app.route('/api/players', players);
app.route('/api/me', me);
app.route('/api/challenges', challenges);
app.route('/api/stream', streams);
app.route('/api/tournaments', tournaments);
app.route('/api/leaderboard', leaderboards);
app.route('/api', push);
app.route('/api', boards);
app.route('/unsubscribe', unsubscribe);
app.route('/confirm-address', confirmAddress);
app.route('/admin', admin);
app.route('/discord', discord);
app.route('/telegram', telegram);

// The pages and the site's own files.
app.route('/', siteFiles);
app.route('/', pushScripts);
app.route('/', gamePages);
app.route('/', gameForms);
app.route('/', playerPages);
app.route('/', leaguePages);
app.route('/', chatLinkPages);
app.route('/rules', rules);

/**
 * A browser (its Accept names text/html) gets a page in the site's layout with a way on; the API
 * (/api/*, /openapi.json) and every other client keep the JSON `{ error }`.
 */
const wantsPage = (c: Context) => !/^\/(api\/|api$|openapi\.json$)/.test(c.req.path) && /\btext\/html\b/.test(c.req.header('Accept') ?? '');

/** The page a browser gets where no route answers (404), not its method (405), or its form is too large (413). */
function noRoutePage(c: Context, status: 400 | 404 | 405 | 413, title: string, message: string) {
  c.header('Content-Security-Policy', PAGE_CSP);
  // A game's form that was refused (too large, not readable) leads back to that game (tester 17 X10).
  const game = status === 400 || status === 413 ? /^\/games\/([a-z0-9]{4,32})\/./.exec(c.req.path)?.[1] : undefined;
  const back = game ? { href: `/games/${game}`, words: 'Back to the game' } : undefined;
  return c.html(<ErrorPage status={status} title={title} message={message} back={back?.href} backWords={back?.words} />, status);
}

function unknownRoute(c: Context) {
  // "/x/" where "/x" is an address: a read goes there (308); anything else is told the address.
  const bare = c.req.path.replace(/(.)\/+$/, '$1');
  const bareAllows = bare === c.req.path ? [] : allowedMethods(app.routes, bare);
  if (bareAllows.length) {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return c.redirect(bare + new URL(c.req.url).search, 308);
    // Told of the address without the slash, and of what it answers when that is not this method either.
    const answers = bareAllows.includes(c.req.method) ? '' : `, which answers ${bareAllows.join(', ')}`;
    if (wantsPage(c))
      return noRoutePage(
        c,
        404,
        'Page not found',
        `There is no page at ${c.req.path.slice(0, 80)}: the address is ${bare.slice(0, 80)}${answers}, without the trailing slash.`,
      );
    return jsonError(c, 404, 'unknown_route', `no such route: ${c.req.method} ${c.req.path} (without the trailing slash: ${bare}${answers})`);
  }
  const allowed = allowedMethods(app.routes, c.req.path);
  if (!allowed.length) {
    if (wantsPage(c)) return noRoutePage(c, 404, 'Page not found', `There is no page at ${c.req.path.slice(0, 80)}. Check the address, or go on from here.`);
    // Under /api, where to look: the index and the whole API (a bot author tried /api/openapi.json).
    const where = /^\/api(\/|$)/.test(c.req.path) ? '; the routes: GET /api (an index) and GET /openapi.json (all of them)' : '';
    return jsonError(c, 404, 'unknown_route', `no such route: ${c.req.method} ${c.req.path}${where}`);
  }
  c.header('Allow', allowed.join(', '));
  if (wantsPage(c))
    return noRoutePage(
      c,
      405,
      'Not allowed here',
      `${c.req.method} is not allowed on ${c.req.path.slice(0, 80)}; this address answers ${allowed.join(', ')}. Open it as a link instead.`,
    );
  return jsonError(c, 405, 'method_not_allowed', `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(', ')}`);
}
app.notFound(unknownRoute);

app.onError((err, c) => {
  if (err instanceof HTTPException && err.status < 500) {
    // Hono's JSON validator words a broken body its own way; say it as the other routes do.
    if (err.status === 400 && /malformed json/i.test(err.message)) return unreadJson(c);
    // A page form's browser gets a page (a multipart body without its boundary, a field sent twice: tester 11 S14),
    // in its own words and with a way back to the game whose form it was (tester 17 X10).
    if (err.status === 400 && wantsPage(c)) {
      const words = err instanceof UnreadableForm ? err.pageWords : 'The form could not be read.';
      return noRoutePage(c, 400, 'Form not readable', `${words} Nothing was done: go back and send the form again.`);
    }
    return jsonError(c, err.status, err.status === 400 ? 'invalid_body' : 'bad_request', err.message);
  }
  // Log the details for the operator; the client gets no stack trace.
  console.error(`${c.req.method} ${c.req.path}:`, err);
  return jsonError(c, 500, 'internal_error', 'internal error: the server failed; please try again later');
});
