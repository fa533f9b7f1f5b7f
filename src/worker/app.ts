// The Hono app: shared middleware, one error handler, JSON 404s, the routes.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { allowedMethods, MALFORMED_JSON, MAX_BODY_BYTES, strictUtf8, type AppEnv } from './http.ts';
import { api } from './routes/api.ts';
import { images } from './routes/images.ts';
import { players } from './routes/players.ts';
import { lobby } from './routes/lobby.ts';
import { playerPages } from './routes/player-pages.tsx';
import { pages } from './routes/pages.tsx';
import { rules } from './routes/rules.tsx';
import { discord } from './bots/discord.ts';
import { telegram } from './bots/telegram.ts';
import { chatLinkPages } from './routes/chat-links.tsx';
import { withServices } from './services.ts';
import { requestLog } from './request-log.ts';
import { d1Session } from './d1-session.ts';

/** Records are the largest bodies: a long game is a few KiB. */

export const app = new Hono<AppEnv>();

app.use(requestLog);
app.use(d1Session);
app.use(secureHeaders());
app.use(
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ error: `the request body is larger than ${MAX_BODY_BYTES / 1024} KiB` }, 413),
  }),
);

app.use(withServices);
app.use(strictUtf8);
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
app.use('/openapi.json', apiCors);

app.route('/', api);
app.route('/', players);
app.route('/', lobby);
app.route('/', playerPages);
app.route('/', pages);
app.route('/', images);
app.route('/', rules);
app.route('/', discord);
app.route('/', telegram);
app.route('/', chatLinkPages);

app.notFound((c) => {
  const allowed = allowedMethods(app.routes, c.req.path);
  if (!allowed.length) return c.json({ error: `no such route: ${c.req.method} ${c.req.path}` }, 404);
  c.header('Allow', allowed.join(', '));
  return c.json({ error: `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(', ')}` }, 405);
});

app.onError((err, c) => {
  if (err instanceof HTTPException && err.status < 500)
    // Hono's JSON validator words a broken body its own way; say it as the other routes do.
    return c.json({ error: err.status === 400 && /malformed json/i.test(err.message) ? MALFORMED_JSON : err.message }, err.status);
  // Log the details for the operator; the client gets no stack trace.
  console.error(`${c.req.method} ${c.req.path}:`, err);
  return c.json({ error: 'internal error: the server failed; please try again later' }, 500);
});
