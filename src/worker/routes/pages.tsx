// The web pages (home, the links page, the game page for players and
// spectators), their no-JavaScript form posts, the game page's script, and the
// read-only helpers the pages and chat bots use: move preview and board images.
// Handlers validate with valibot, call the game service, render with hono/jsx.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { cache } from 'hono/cache';
import { csrf } from 'hono/csrf';
import * as v from 'valibot';
import { GameStore } from '../../db/store.ts';
import type { Failure } from '../../service/result.ts';
import { gameBoardSvg, MAX_SIZE, MIN_SIZE, positionSvg, previewMove } from '../../service/preview.ts';
import { CreateGameSchema, DAYS_PER_MOVE, GameIdSchema, MAX_MOVE_TEXT, MoveTextSchema, plyFromSuffix, splitPlySuffix, VARIANTS } from '../../service/schemas.ts';
import { getCookie } from 'hono/cookie';
import { describeIssues, KEY_COOKIE, limitNewGames, linkBase, readForm, type AppEnv } from '../http.ts';
import { boardPng } from '../board-png.ts';
import { checkTag, flashTag } from '../../notify/signing.ts';
import { gameService } from '../services.ts';
import { CLIENT_JS } from '../pages/client.ts';
import { aboutMove, GamePage, Live, type Flash, type GamePageProps } from '../pages/game.tsx';
import { CreatedPage, HomePage, VARIANT_CHOICES, type HomeValues } from '../pages/home.tsx';
import { ErrorPage } from '../pages/layout.tsx';

/** The same wiring as the API (moves made by form notify the players too). */
const service = (c: Context<AppEnv>) => gameService(c.env);
const store = (c: Context<AppEnv>) => new GameStore(c.env.DB);

/** Pages allow our own script and styles (the board's <style> is inline), nothing from elsewhere. */
const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";
/** A stand-alone picture needs nothing but its own style. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

// ---- input schemas ----------------------------------------------------------------

const TokenSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'is not a player token'));
const blank = (max: number, what: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max, `${what} must be at most ${max} characters`),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  );

const CreateFormSchema = v.object({
  variant: v.picklist(VARIANTS, `choose one of ${VARIANT_CHOICES.map((c) => c.title).join(', ')}`),
  white: blank(40, "White's name"),
  black: blank(40, "Black's name"),
  days: v.optional(v.picklist(['', ...DAYS_PER_MOVE.map(String)], `time per move must be none or ${DAYS_PER_MOVE.join(', ')} days`)),
  timeout: v.optional(v.picklist(['auto', 'claim'], 'choose what happens when a deadline passes')),
  platforms: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'the number of platforms must be 1 to 12'),
      v.transform(Number),
      v.minValue(1, 'the number of platforms must be 1 to 12'),
      v.maxValue(12, 'the number of platforms must be 1 to 12'),
    ),
  ),
  platformMoves: v.optional(v.picklist(['fixed', 'after-capture'], 'platform moves must be "fixed" or "after-capture"')),
});

const PageQuerySchema = v.object({
  token: v.optional(v.string()),
  move: blank(MAX_MOVE_TEXT, 'a move'),
  do: v.optional(v.string()),
  error: blank(300, 'a message'),
  ok: blank(300, 'a message'),
  sig: v.optional(v.string()),
  partial: v.optional(v.string()),
});

const MoveFormSchema = v.pipe(
  v.object({
    token: TokenSchema,
    move: MoveTextSchema,
    ply: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'ply must be a number'), v.transform(Number))),
    do: v.optional(v.string()),
  }),
  plyFromSuffix(),
);
const TokenFormSchema = v.object({ token: TokenSchema });
const DrawFormSchema = v.object({ token: TokenSchema, action: v.picklist(['offer', 'accept', 'decline'], 'choose offer, accept or decline') });

const SizeSchema = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,4}$/, `must be a width in pixels from ${MIN_SIZE} to ${MAX_SIZE}`),
    v.transform(Number),
    v.minValue(MIN_SIZE, `must be at least ${MIN_SIZE}`),
    v.maxValue(MAX_SIZE, `must be at most ${MAX_SIZE}`),
  ),
);
const GameImageQuerySchema = v.object({
  ply: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'ply must be a whole number (0 = the start)'), v.transform(Number))),
  size: SizeSchema,
});
const PositionImageQuerySchema = v.object({
  variant: v.picklist(VARIANTS, `variant must be one of ${VARIANTS.join(', ')}`),
  position: v.pipe(v.string('position is required: the position text'), v.minLength(1, 'position is empty'), v.maxLength(2000, 'position is too long')),
  options: v.optional(v.pipe(v.string(), v.maxLength(500, 'options are too long'))),
  last: v.optional(v.pipe(v.string(), v.maxLength(MAX_MOVE_TEXT, 'last is too long'))),
  size: SizeSchema,
});
/** A preview is of the turn alone; a `#<ply>` suffix (as typed for sending) is left out. */
const PreviewQuerySchema = v.object({ move: v.pipe(MoveTextSchema, v.transform((text) => splitPlySuffix(text).move)), size: SizeSchema });

// ---- helpers ----------------------------------------------------------------------

const validId = (id: string) => v.is(GameIdSchema, { id });

export function page(c: Context<AppEnv>, status: 200 | 201 | 400 | 403 | 404 | 429 = 200) {
  c.header('Content-Security-Policy', PAGE_CSP);
  c.header('Cache-Control', 'no-store');
  c.status(status);
  return c;
}

export const errorPage = (c: Context<AppEnv>, status: 400 | 403 | 404, title: string, message: string, back?: string) =>
  page(c, status).html(<ErrorPage status={status} title={title} message={message} {...(back ? { back } : {})} />);

/** Form fields as strings (files are ignored). */
async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return {};
  return readForm(c);
}

/** Forms only from our own pages (Origin / Sec-Fetch-Site), answered in words. */
const sameOriginForms: MiddlewareHandler<AppEnv> = async (c, next) => {
  const check = csrf();
  try {
    await check(c, async () => {});
  } catch {
    return errorPage(c, 403, 'Form refused', 'This form was sent from another site, so it was refused. Open the game page and use its buttons.');
  }
  await next();
};

/** What a flash message's tag covers. */
const flashText = (flash: { error?: string | undefined; ok?: string | undefined }) => `${flash.error ?? ''}\n${flash.ok ?? ''}`;

/** Back to the player's page with a message (Post/Redirect/Get), tagged so only our own redirects show one. */
async function backToGame(c: Context<AppEnv>, id: string, token: string, flash: { error?: string; ok?: string; move?: string }) {
  // A key from the /me cookie never goes into an address.
  const q = new URLSearchParams(token === getCookie(c, KEY_COOKIE) ? {} : { token });
  const shown = { error: flash.error?.slice(0, 300).trim(), ok: flash.ok?.slice(0, 300).trim() };
  if (shown.error) q.set('error', shown.error);
  if (shown.ok) q.set('ok', shown.ok);
  if (shown.error || shown.ok) q.set('sig', await flashTag(token, flashText(shown)));
  if (flash.move) q.set('move', flash.move.slice(0, MAX_MOVE_TEXT));
  return c.redirect(`/games/${id}?${q}`, 303);
}

/** A form without a token from a signed-in player's page acts with the key in the /me cookie. */
const withCookieKey = (c: Context<AppEnv>, fields: Record<string, string>) => {
  const key = fields.token ? undefined : getCookie(c, KEY_COOKIE);
  return key ? { ...fields, token: key } : fields;
};

const failureWords = (f: Failure) => f.error.charAt(0).toUpperCase() + f.error.slice(1);

type ImageFormat = 'svg' | 'png';

/** Drawing a PNG costs tens of milliseconds of CPU: keep each one in the Workers cache for as
 * long as its Cache-Control allows (a past ply for good, the current position briefly). */
const pngCache = cache({ cacheName: 'board-png', onCacheNotAvailable: false });

async function imageResponse(c: Context<AppEnv>, svg: string, format: ImageFormat, cache: string) {
  if (format === 'png') return c.body(await boardPng(c.env, svg), 200, { 'Content-Type': 'image/png', 'Cache-Control': cache });
  return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': cache, 'Content-Security-Policy': SVG_CSP });
}

// ---- routes -----------------------------------------------------------------------

export const pages = new Hono<AppEnv>()
  .get('/', (c) => page(c).html(<HomePage />))

  .post('/games', sameOriginForms, limitNewGames((c, error) => page(c, 429).html(<HomePage error={error} />)), async (c) => {
    const fields = await formFields(c);
    const values: HomeValues = fields;
    const form = v.safeParse(CreateFormSchema, fields);
    if (!form.success) return page(c, 400).html(<HomePage error={describeIssues(form.issues, 'form').replace(/^[\w.]+: /, '')} values={values} />);
    const f = form.output;
    const input = {
      variant: f.variant,
      ...(f.variant === 'curved-space' ? { options: { platforms: f.platforms ?? 4, platformMoves: f.platformMoves ?? 'fixed' } } : {}),
      ...(f.white ? { white: { name: f.white } } : {}),
      ...(f.black ? { black: { name: f.black } } : {}),
      ...(f.days ? { clock: { daysPerMove: Number(f.days), timeout: f.timeout ?? 'auto' } } : {}),
    };
    const parsed = v.safeParse(CreateGameSchema, input);
    if (!parsed.success) return page(c, 400).html(<HomePage error={describeIssues(parsed.issues, 'form')} values={values} />);
    const created = await service(c).create(parsed.output, linkBase(c));
    if (!created.ok) return page(c, 400).html(<HomePage error={failureWords(created)} values={values} />);
    const title = created.value.state.title ?? f.variant;
    return page(c, 201).html(<CreatedPage id={created.value.id} title={title} links={created.value.links} />);
  })

  .get('/static/game.js', (c) =>
    c.body(CLIENT_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' }),
  )

  .get('/games/:id', async (c) => {
    const id = c.req.param('id');
    if (!validId(id)) return errorPage(c, 404, 'No such game', `There is no game with id ${id.slice(0, 40)}.`);
    const query = v.safeParse(PageQuerySchema, c.req.query());
    if (!query.success) return errorPage(c, 400, 'Bad address', describeIssues(query.issues, 'query'));
    const q = query.output;
    let token: string | undefined;
    if (q.token !== undefined) {
      if (!v.is(TokenSchema, q.token)) return errorPage(c, 403, 'Not your game', 'That link does not hold a valid player token. Check that you copied the whole link.');
      token = q.token;
    }
    // A signed-in player (the /me cookie) sees the game as its player; the key stays in the cookie.
    const key = token === undefined ? getCookie(c, KEY_COOKIE) : undefined;
    const loaded = await service(c).load(id, token ?? key);
    if (!loaded.ok) return errorPage(c, loaded.status === 404 ? 404 : 400, 'No such game', failureWords(loaded));
    const state = loaded.value;
    if (token && !state.you)
      return errorPage(c, 403, 'Not your game', `That token is not a player's token for game ${id}. Use the link you were given, or watch as a spectator.`, `/games/${id}`);
    const history = await service(c).history(id);
    const moves = history.ok ? history.value.moves : [];
    const board = await gameBoardSvg(store(c), id, { interactive: Boolean(state.you) && state.status === 'active' });
    const rematch = Boolean(key && state.you && state.status !== 'active');
    // Messages come only from our own form redirects (tagged under the player's token), so a
    // link made elsewhere cannot put words such as "re-enter your password" on the page.
    const signer = token ?? (state.you ? key : undefined);
    const signed = signer !== undefined && q.sig !== undefined && (q.error || q.ok) && (await checkTag(flashTag(signer, flashText(q)), q.sig));
    const flash: Flash = signed ? { ...(q.error ? { error: q.error } : {}), ...(q.ok ? { ok: q.ok } : {}) } : {};
    let preview: GamePageProps['preview'];
    if (state.you && q.do === 'preview' && q.move) {
      const r = await previewMove(store(c), id, q.move);
      preview = { move: q.move, result: r.ok ? r.value : { ok: false, error: failureWords(r) } };
    }
    const props: GamePageProps = {
      state,
      boardSvg: board.ok ? board.value.svg : `<p>${'The board cannot be drawn: ' + board.error.replace(/</g, '&lt;')}</p>`,
      moves,
      ...(token ? { token } : {}),
      flash,
      ...(preview ? { preview } : {}),
      ...(q.move ? { moveText: q.move } : {}),
      spectatorUrl: `${linkBase(c).origin}/games/${id}`,
      ...(rematch ? { rematch } : {}),
    };
    if (q.partial) return page(c).html(<Live {...props} />);
    return page(c).html(<GamePage {...props} />);
  })

  .post('/games/:id/move', sameOriginForms, async (c) => {
    const id = c.req.param('id');
    if (!validId(id)) return errorPage(c, 404, 'No such game', `There is no game with id ${id.slice(0, 40)}.`);
    const fields = withCookieKey(c, await formFields(c));
    const token = v.safeParse(TokenSchema, fields.token ?? '');
    if (!token.success) return errorPage(c, 403, 'Not your game', 'The form did not carry a valid player token. Open your player link again.');
    const form = v.safeParse(MoveFormSchema, fields);
    if (!form.success) return backToGame(c, id, token.output, { error: describeIssues(form.issues, 'move').replace(/^[\w.]+: /, '') });
    const f = form.output;
    if (f.do === 'preview') {
      const q = new URLSearchParams({ token: f.token, do: 'preview', move: f.move });
      return c.redirect(`/games/${id}?${q}`, 303);
    }
    const played = await service(c).move(id, f.token, { move: f.move, ...(f.ply ? { ply: f.ply } : {}) });
    if (!played.ok) {
      if (played.status === 404) return errorPage(c, 404, 'No such game', failureWords(played));
      return backToGame(c, id, f.token, { error: aboutMove(f.move, played.error), move: f.move });
    }
    return backToGame(c, id, f.token, { ok: `You played ${played.value.move.text}.` });
  })

  .post('/games/:id/:action{resign|abort|claim|draw}', sameOriginForms, async (c) => {
    const id = c.req.param('id');
    const action = c.req.param('action') as 'resign' | 'abort' | 'claim' | 'draw';
    if (!validId(id)) return errorPage(c, 404, 'No such game', `There is no game with id ${id.slice(0, 40)}.`);
    const fields = withCookieKey(c, await formFields(c));
    const token = v.safeParse(TokenFormSchema, fields);
    if (!token.success) return errorPage(c, 403, 'Not your game', 'The form did not carry a valid player token. Open your player link again.');
    const games = service(c);
    const t = token.output.token;
    let result;
    let done: string;
    if (action === 'draw') {
      const form = v.safeParse(DrawFormSchema, fields);
      if (!form.success) return backToGame(c, id, t, { error: describeIssues(form.issues, 'form') });
      result = await games.draw(id, t, form.output.action);
      done = { offer: 'You offered a draw.', accept: 'You accepted the draw.', decline: 'You declined the draw.' }[form.output.action];
      if (result.ok && result.value.status !== 'active') done = 'The game is drawn by agreement.';
    } else {
      result = await games[action](id, t);
      done = { resign: 'You resigned.', abort: 'You aborted the game.', claim: 'You claimed the win on time.' }[action];
    }
    if (!result.ok) {
      if (result.status === 404) return errorPage(c, 404, 'No such game', failureWords(result));
      return backToGame(c, id, t, { error: failureWords(result) });
    }
    return backToGame(c, id, t, { ok: done });
  })

  // ---- read-only JSON and pictures ----

  .get('/api/games/:id/preview', async (c) => {
    const id = c.req.param('id');
    if (!validId(id)) return c.json({ error: `no game with id ${id.slice(0, 40)}` }, 404);
    const query = v.safeParse(PreviewQuerySchema, c.req.query());
    if (!query.success) return c.json({ error: describeIssues(query.issues, 'query') }, 400);
    const r = await previewMove(store(c), id, query.output.move, query.output.size);
    c.header('Cache-Control', 'no-store');
    if (!r.ok) return c.json({ error: r.error, ...(r.at === undefined ? {} : { at: r.at }) }, r.status);
    return c.json(r.value);
  })

  .get('/api/games/:id/board.svg', (c) => gameImage(c, 'svg'))
  .get('/api/games/:id/board.png', pngCache, (c) => gameImage(c, 'png'))
  .get('/api/board.svg', (c) => positionImage(c, 'svg'))
  .get('/api/board.png', pngCache, (c) => positionImage(c, 'png'));

async function gameImage(c: Context<AppEnv>, format: ImageFormat) {
  const id = c.req.param('id') ?? '';
  if (!validId(id)) return c.json({ error: `no game with id ${id.slice(0, 40)}` }, 404);
  const query = v.safeParse(GameImageQuerySchema, c.req.query());
  if (!query.success) return c.json({ error: describeIssues(query.issues, 'query') }, 400);
  const { ply, size } = query.output;
  const r = await gameBoardSvg(store(c), id, { ...(ply === undefined ? {} : { ply }), ...(size ? { size } : {}) });
  if (!r.ok) return c.json({ error: r.error }, r.status);
  // A past ply never changes, nor does the last one of a finished game. "Now" does, and so does the
  // latest ply of a game still going (an ending off the board adds its caption): cached briefly.
  const settled = ply !== undefined && (ply < r.value.row.ply || r.value.row.status !== 'active');
  return imageResponse(c, r.value.svg, format, settled ? 'public, max-age=31536000, immutable' : 'public, max-age=10');
}

function positionImage(c: Context<AppEnv>, format: ImageFormat) {
  const query = v.safeParse(PositionImageQuerySchema, c.req.query());
  if (!query.success) return c.json({ error: describeIssues(query.issues, 'query') }, 400);
  const q = query.output;
  let options: unknown = {};
  if (q.options) {
    try {
      options = JSON.parse(q.options);
    } catch {
      return c.json({ error: 'options: not valid JSON (e.g. {"platforms":4})' }, 400);
    }
  }
  const r = positionSvg(q.variant, q.position, { options, ...(q.size ? { size: q.size } : {}), ...(q.last ? { lastMove: q.last } : {}) });
  if (!r.ok) return c.json({ error: r.error, ...(r.at === undefined ? {} : { at: r.at }) }, 400);
  return imageResponse(c, r.value.svg, format, 'public, max-age=86400');
}
