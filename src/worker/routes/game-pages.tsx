// The web pages (home, the links page, the game page for players and
// spectators), their no-JavaScript form posts and the game page's script.
// Handlers validate with valibot, call the services, render with hono/jsx.
import { Hono } from 'hono/tiny';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { ratingLookup } from '../profile.ts';
import { checkTag, flashTag } from '../../notify/signing.ts';
import { opposite, plural, type Color, COLORS } from '../../engine/types.ts';
import { ConditionalSchema, CreateGameSchema, GameIdSchema, LeaveSchema, MAX_MOVE_TEXT, PauseSchema } from '../../service/schemas.ts';
import {
  ConditionalFormSchema,
  CreateFormSchema,
  DrawFormSchema,
  LeaveFormSchema,
  MAX_MESSAGE_QUERY,
  MAX_PLAN_CHARS,
  formPlayers,
  MessageFormSchema,
  PauseFormSchema,
  MessageVisibilityFormSchema,
  MoveFormSchema,
  PageQuerySchema,
  SettingsFormSchema,
  TokenSchema,
} from '../forms.ts';
import { linkBase, type AppEnv } from '../http.ts';
import { KEY_COOKIE } from '../http-auth.ts';
import { readForm } from '../http-body.ts';
import { limitNewGames } from '../http-limits.ts';
import { describeIssues } from '../http-validation.ts';
import { sideWorker } from '../board-png.ts';
import { aboutMove, GamePage, Live, type Flash, type GamePageProps } from '../pages/game.tsx';
import { SettingsPage } from '../pages/notification-settings.tsx';
import { CreatedPage, HomePage, type HomeValues } from '../pages/home.tsx';
import { betterTurn } from '../../service/analysis-words.ts';
import { cookiePlayer } from '../viewer.tsx';
import { lineTurns } from '../text/commands.ts';
import { playedWords } from '../../service/plan-outcome.ts';
import { playerSeat } from '../../service/players.ts';
import { errorPage, failureWords, ownPageForms, page } from '../pages/respond.tsx';

/** The tokens of a game just made, for its links page only (its path). */
const NEW_GAME_COOKIE = 'subspace_new_game';

const validId = (id: string) => v.is(GameIdSchema, { id });
const noSuchGame = (c: Context, id: string) => errorPage(c, 404, 'No such game', `There is no game with id ${id.slice(0, 40)}.`);

// ---- helpers ----------------------------------------------------------------------

/** Form fields as strings (files are ignored). */
async function formFields(c: Context): Promise<Record<string, string>> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return {};
  return readForm(c);
}

/** Page forms that act for a player: the id names a game, the form carries a player token (on `c.var`). */
const playerForm = createMiddleware<AppEnv & { Variables: { token: string; fields: Record<string, string> } }>(async (c, next) => {
  const id = c.req.param('id') ?? '';
  if (!validId(id)) return noSuchGame(c, id);
  const fields = withCookieKey(c, await formFields(c));
  const token = v.safeParse(TokenSchema, fields.token ?? '');
  if (!token.success) return errorPage(c, 403, 'Not your game', 'The form did not carry a valid player token. Open your player link again.');
  c.set('token', token.output);
  c.set('fields', fields);
  await next();
});

/** What a flash message's tag covers. */
const flashText = (flash: { error?: string | undefined; ok?: string | undefined }) => `${flash.error ?? ''}\n${flash.ok ?? ''}`;

/** Back to the player's page with a message (Post/Redirect/Get), tagged so only our own redirects show one. */
async function backToGame(c: Context, id: string, token: string, flash: { error?: string; ok?: string; move?: string; message?: string; plan?: string }) {
  // A key from the /me cookie never goes into an address.
  const q = new URLSearchParams(token === getCookie(c, KEY_COOKIE) ? {} : { token });
  const shown = { error: flash.error?.slice(0, 300).trim(), ok: flash.ok?.slice(0, 300).trim() };
  if (shown.error) q.set('error', shown.error);
  if (shown.ok) q.set('ok', shown.ok);
  if (shown.error || shown.ok) q.set('sig', await flashTag(token, flashText(shown)));
  if (flash.move) q.set('move', flash.move.slice(0, MAX_MOVE_TEXT));
  if (flash.message) q.set('message', flash.message.slice(0, MAX_MESSAGE_QUERY));
  if (flash.plan !== undefined) q.set('plan', flash.plan.slice(0, MAX_PLAN_CHARS));
  return c.redirect(`/games/${id}?${q}${flash.plan === undefined ? '' : '#plan-replies'}`, 303);
}

/** A form without a token from a signed-in player's page acts with the key in the /me cookie. */
const withCookieKey = (c: Context, fields: Record<string, string>) => {
  const key = fields.token ? undefined : getCookie(c, KEY_COOKIE);
  return key ? { ...fields, token: key } : fields;
};

/** The home form's labels, for its errors. */
const HOME_FORM_LABELS = {
  variant: 'Variant',
  white: "White's name",
  black: "Black's name",
  days: 'Time per move',
  timeout: 'When a deadline passes',
  leave: 'Leave days',
  platforms: 'Number of platforms',
  platformMoves: 'Platform moves',
  opponent: 'Opponent',
  level: "Computer's level",
  side: 'You play',
  position: 'Start position',
  // The same fields once the form is read into a new game's body.
  'white.name': "White's name",
  'black.name': "Black's name",
  'clock.daysPerMove': 'Time per move',
  'clock.leaveDays': 'Leave days',
  'options.platforms': 'Number of platforms',
};

// ---- routes -----------------------------------------------------------------------

export const gamePages = new Hono<AppEnv>()
  .get('/', (c) => page(c).html(<HomePage />))

  .post(
    '/games',
    ownPageForms,
    limitNewGames((c, error) => page(c, 429).html(<HomePage error={error} />)),
    async (c) => {
      const fields = await formFields(c);
      const values: HomeValues = fields;
      const form = v.safeParse(CreateFormSchema, fields);
      if (!form.success) return page(c, 400).html(<HomePage error={describeIssues(form.issues, 'form', HOME_FORM_LABELS)} values={values} />);
      const f = form.output;
      // Leave days are days off a clock: without one they would be dropped without a word.
      if (!f.days && f.leave)
        return page(c, 400).html(<HomePage error="Leave days need a clock: choose a time per move, or set leave days to 0." values={values} />);
      const input = {
        variant: f.variant,
        ...(f.variant === 'curved-space' ? { options: { platforms: f.platforms ?? 4, platformMoves: f.platformMoves ?? 'fixed' } } : {}),
        ...formPlayers(f),
        ...(f.days ? { clock: { daysPerMove: Number(f.days), timeout: f.timeout ?? 'auto', ...(f.leave !== undefined ? { leaveDays: f.leave } : {}) } } : {}),
        ...(f.position ? { position: f.position } : {}),
      };
      const parsed = v.safeParse(CreateGameSchema, input);
      if (!parsed.success) return page(c, 400).html(<HomePage error={describeIssues(parsed.issues, 'form', HOME_FORM_LABELS)} values={values} />);
      // Signed in (the /me cookie): the creator's seat is the player's, so the game is on /me.
      const player = await cookiePlayer(c);
      const mine: Color = f.side ?? 'white';
      // The player's name and confirmed address on their seat, unless the form gave the seat its own (as POST /api/games with a key does).
      const seated = player ? { ...parsed.output, [mine]: { ...playerSeat(player), ...parsed.output[mine] } } : parsed.output;
      const created = await c.var.services.games.create(seated, linkBase(c), player ? { players: { [mine]: player.id } } : undefined);
      if (!created.ok) return page(c, 400).html(<HomePage error={failureWords(created)} values={values} />);
      const { id, tokens } = created.value;
      const theirs = tokens[opposite(mine)];
      // The opponent's link stays on the creator's game page until the opponent opens it.
      if (player && theirs) await c.var.services.gameRecords.addInvitation(id, opposite(mine), theirs, Date.now());
      // Post/redirect/get: the links page is an address, so Back and reload do not make a second game.
      // Its tokens travel in a cookie for that one address, not in it: an address bar copied and
      // sent to the opponent (or kept in the history) holds no seat.
      const q = new URLSearchParams({ ...(tokens.white ? { white: tokens.white } : {}), ...(tokens.black ? { black: tokens.black } : {}), me: mine });
      setCookie(c, NEW_GAME_COOKIE, q.toString(), { path: `/games/${id}/new`, httpOnly: true, secure: true, sameSite: 'Lax', maxAge: 7 * 86_400 });
      return c.redirect(`/games/${id}/new`, 303);
    },
  )

  // The links of a game just made: each token is checked against its side, so this page shows
  // only links that work (and cannot be made to show anything else).
  .get('/games/:id/new', async (c) => {
    const id = c.req.param('id');
    if (!validId(id)) return noSuchGame(c, id);
    // The links from the cookie the form set (addresses made before it held them in the query).
    const query = c.req.query();
    const q = query.white || query.black ? query : Object.fromEntries(new URLSearchParams(getCookie(c, NEW_GAME_COOKIE) ?? ''));
    const links: { white?: string; black?: string; spectator: string } = { spectator: `${linkBase(c).origin}/games/${id}` };
    let title: string | undefined;
    for (const side of COLORS) {
      const token = q[side];
      if (!token || !v.is(TokenSchema, token)) continue;
      const loaded = await c.var.services.games.load(id, token);
      if (!loaded.ok) return errorPage(c, loaded.status === 404 ? 404 : 400, 'No such game', failureWords(loaded));
      if (loaded.value.you !== side) return errorPage(c, 403, 'Not your game', `That is not ${side === 'white' ? "White's" : "Black's"} link of game ${id}.`);
      links[side] = `${links.spectator}?token=${token}`;
      title = loaded.value.title ?? loaded.value.variant;
    }
    if (!title)
      return errorPage(c, 403, 'Not your game', "A new game's links are shown only in the browser that made it, for a week. Use the links you were given.");
    const me = q.me === 'black' ? 'black' : 'white';
    const row = await c.var.services.stores.players.game(id);
    const owned = Boolean(row && (me === 'white' ? row.whitePlayerId : row.blackPlayerId));
    return page(c).html(<CreatedPage id={id} title={title} links={links} me={me} owned={owned} />);
  })

  // "Next game": the game waiting for the signed-in player with the nearest deadline (not the one
  // just left); none waiting: /me says so.
  .get('/next', async (c) => {
    const player = await cookiePlayer(c);
    if (!player) return c.redirect('/me', 303);
    const after = c.req.query('after');
    const games = await c.var.services.players.games(player, 'active', linkBase(c));
    const next = games.find((g) => g.yourTurn && g.id !== after);
    return c.redirect(next ? `/games/${next.id}` : '/me?waiting=none', 303);
  })

  .get('/static/game.js', async (c) =>
    c.body(await sideWorker(c.env).script('game'), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' }),
  )

  .get('/games/:id', async (c) => {
    const id = c.req.param('id');
    if (!validId(id)) return noSuchGame(c, id);
    const query = v.safeParse(PageQuerySchema, c.req.query());
    if (!query.success) return errorPage(c, 400, 'Bad address', describeIssues(query.issues, 'query'));
    const q = query.output;
    let token: string | undefined;
    if (q.token !== undefined) {
      if (!v.is(TokenSchema, q.token))
        return errorPage(c, 403, 'Not your game', 'That link does not hold a valid player token. Check that you copied the whole link.');
      token = q.token;
    }
    // A signed-in player (the /me cookie) sees the game as its player; the key stays in the cookie.
    const key = token === undefined ? getCookie(c, KEY_COOKIE) : undefined;
    const loaded = await c.var.services.games.load(id, token ?? key);
    if (!loaded.ok) return errorPage(c, loaded.status === 404 ? 404 : 400, 'No such game', failureWords(loaded));
    const state = loaded.value;
    if (token && !state.you)
      return errorPage(
        c,
        403,
        'Not your game',
        `That token is not a player's token for game ${id}. Use the link you were given, or watch as a spectator.`,
        `/games/${id}`,
      );
    // Seats and invitations: the opponent's link shows on the creator's page until the opponent
    // opens it; a seat link opened while signed in offers to put the game on /me.
    let invitation: string | undefined;
    let claim = false;
    if (state.you) {
      const store = c.var.services.stores.players;
      const seats = c.var.services.gameRecords;
      if (token) {
        await seats.dropInvitation(id, state.you);
        const viewer = key ?? getCookie(c, KEY_COOKIE);
        const row = viewer ? await store.game(id) : undefined;
        const player = row && viewer ? (await c.var.services.players.authenticate(viewer))?.id : undefined;
        const seat = (side: Color) => (side === 'white' ? row?.whitePlayerId : row?.blackPlayerId);
        claim = Boolean(player && row && !seat(state.you) && seat(opposite(state.you)) !== player);
      } else {
        const theirs = await seats.invitation(id, opposite(state.you));
        if (theirs) invitation = `${linkBase(c).origin}/games/${id}?token=${theirs}`;
      }
    }
    const history = await c.var.services.games.history(id);
    const moves = history.ok ? history.value.moves : [];
    const takebacks = history.ok ? history.value.takebacks : [];
    const from = q.from ?? state.you ?? 'white';
    const replaying = q.ply !== undefined && q.ply < state.ply;
    const board = await c.var.services.views.board(id, {
      interactive: !replaying && Boolean(state.you) && state.status === 'active',
      from,
      ...(replaying ? { ply: q.ply } : {}),
    });
    const settings = token && state.you ? await c.var.services.notify.get(id, token) : undefined;
    const said = await c.var.services.games.messages(id, state.you ? (token ?? key) : undefined);
    const rematch = state.you && state.status !== 'active' ? (key ? 'offer' : 'sign-in') : undefined;
    // Messages come only from our own form redirects (tagged under the player's token), so a
    // link made elsewhere cannot put words such as "re-enter your password" on the page.
    const signer = token ?? (state.you ? key : undefined);
    const signed = signer !== undefined && q.sig !== undefined && (q.error || q.ok) && (await checkTag(flashTag(signer, flashText(q)), q.sig));
    const flash: Flash = signed ? { ...(q.error ? { error: q.error } : {}), ...(q.ok ? { ok: q.ok } : {}) } : {};
    let preview: GamePageProps['preview'];
    let hint: GamePageProps['hint'];
    let moveText = q.move;
    if (state.you && q.do === 'hint' && state.hints) {
      // The Hint button without JavaScript: the engine's suggestion in the box, previewed on the board.
      const suggested = await c.var.services.computer.hint(id, (token ?? key)!);
      hint = suggested.ok ? { move: suggested.value.move } : { error: failureWords(suggested) };
      if (suggested.ok) moveText = suggested.value.move;
    }
    const previewed = q.do === 'preview' ? q.move : hint && 'move' in hint ? hint.move : undefined;
    if (state.you && previewed) {
      const r = await c.var.services.views.preview(id, previewed, undefined, from);
      preview = { move: previewed, result: r.ok ? r.value : { ok: false, error: failureWords(r) } };
    }
    // Planning replies (conditional moves): on the opponent's turn; what became of the last ones, on either turn.
    const planning = state.you && state.status === 'active' ? await c.var.services.games.conditional(id, (token ?? key)!) : undefined;
    // The last row of the box is previewed (an empty one: the game as it stands, the opponent to move).
    const planPreview =
      planning?.ok && state.sideToMove !== state.you && q.plan !== undefined
        ? await c.var.services.views.previewLine(id, lineTurns(q.plan.split('\n').at(-1)!), from)
        : undefined;
    // A finished game: the computer's analysis and, for the ply shown, the board after its better turn.
    // A player: their own analysis board variations (their seat's only).
    const viewed = replaying ? q.ply! : state.ply;
    const analysed = state.status !== 'active' ? await c.var.services.analysis.get(id) : undefined;
    const analysis = analysed ? (analysed.ok ? analysed.value : null) : undefined;
    const plyAnalysis = analysis?.status === 'done' ? analysis.plies.find((m) => m.ply === viewed) : undefined;
    const best = plyAnalysis ? betterTurn(plyAnalysis) : undefined;
    const bestBoard = best ? await c.var.services.notes.explore(id, viewed - 1, [best], from) : undefined;
    const notes = state.you ? await c.var.services.notes.get(id, (token ?? key)!) : undefined;
    // A rated game not yet rated: the players' ratings now, beside their names (one read of the row, one of the ratings).
    const row = state.rated && !state.ratings ? await c.var.services.stores.players.game(id) : undefined;
    const lookup = row
      ? await ratingLookup(c.var.services.ratings, [
          [row.whitePlayerId, row.variant],
          [row.blackPlayerId, row.variant],
        ])
      : undefined;
    const ratings = row && lookup ? { white: lookup(row.whitePlayerId, row.variant), black: lookup(row.blackPlayerId, row.variant) } : undefined;
    const props: GamePageProps = {
      ...(ratings?.white && ratings.black ? { ratings: { white: ratings.white, black: ratings.black } } : {}),
      state,
      ...(analysis !== undefined ? { analysis } : {}),
      ...(bestBoard?.ok ? { bestSvg: bestBoard.value.svg } : {}),
      ...(notes?.ok ? { variations: notes.value.variations } : {}),
      boardSvg: board.ok ? board.value.svg : `<p>${'The board cannot be drawn: ' + board.error.replace(/</g, '&lt;')}</p>`,
      moves,
      ...(token ? { token } : {}),
      flash,
      ...(preview ? { preview } : {}),
      ...(hint ? { hint } : {}),
      ...(moveText ? { moveText } : {}),
      ...(q.message && state.you ? { moveMessage: q.message } : {}),
      spectatorUrl: `${linkBase(c).origin}/games/${id}`,
      ...(rematch ? { rematch } : {}),
      ...(invitation ? { invitation } : {}),
      ...(claim ? { claim } : {}),
      from,
      ...(replaying ? { viewPly: q.ply! } : {}),
      ...(settings?.ok ? { settings: settings.value } : {}),
      ...(said.ok ? { messages: said.value.messages } : {}),
      takebacks,
      ...(planning?.ok ? { conditional: planning.value } : {}),
      ...(planning?.ok && q.plan !== undefined ? { plan: q.plan } : {}),
      ...(planPreview ? { planPreview: planPreview.ok ? planPreview.value : { error: planPreview.error } } : {}),
    };
    if (q.partial) return page(c).html(<Live {...props} />);
    return page(c).html(<GamePage {...props} />);
  })

  // "Add this game to my games": the seat of this link goes to the signed-in player, if nobody has it.
  // (Not `…/claim`: that is the no-JavaScript form claiming the win on time, below.)
  .post('/games/:id/add-to-my-games', ownPageForms, playerForm, async (c) => {
    const id = c.req.param('id');
    const player = await cookiePlayer(c);
    if (!player) return errorPage(c, 403, 'Not signed in', 'Sign in on /me first (your player key), then open your game link again.', '/me');
    const loaded = await c.var.services.games.load(id, c.var.token);
    if (!loaded.ok) return errorPage(c, 404, 'No such game', failureWords(loaded));
    const side = loaded.value.you;
    if (!side) return errorPage(c, 403, 'Not your game', `That token is not a player's token for game ${id}.`, `/games/${id}`);
    const store = c.var.services.stores.players;
    const row = await store.game(id);
    if ((side === 'white' ? row?.blackPlayerId : row?.whitePlayerId) === player.id)
      return backToGame(c, id, c.var.token, { error: 'You hold the other seat of this game already.' });
    // The seat is the game's: changed in its object, which copies the row to the directory.
    if (!(await c.var.services.gameRecords.claimSeat(id, side, player.id, player.name ?? undefined)))
      return backToGame(c, id, c.var.token, { error: 'This seat belongs to a player already, so it was not added to your games.' });
    await c.var.services.gameRecords.dropInvitation(id, side);
    return backToGame(c, id, getCookie(c, KEY_COOKIE)!, { ok: 'This game is now in your games (My games).' });
  })

  .post('/games/:id/move', ownPageForms, playerForm, async (c) => {
    const id = c.req.param('id');
    const form = v.safeParse(MoveFormSchema, c.var.fields);
    if (!form.success) return backToGame(c, id, c.var.token, { error: describeIssues(form.issues, 'move').replace(/^[\w.]+: /, '') });
    const f = form.output;
    if (f.do === 'preview') {
      const q = new URLSearchParams({ token: f.token, do: 'preview', move: f.move, ...(f.message ? { message: f.message } : {}) });
      return c.redirect(`/games/${id}?${q}`, 303);
    }
    const played = await c.var.services.games.move(id, f.token, {
      move: f.move,
      ...(f.ply ? { ply: f.ply } : {}),
      ...(f.message ? { message: f.message } : {}),
    });
    if (!played.ok) {
      if (played.status === 404) return errorPage(c, 404, 'No such game', failureWords(played));
      // The turn and the message typed with it stay in their boxes, to be mended and sent again.
      return backToGame(c, id, f.token, { error: aboutMove(f.move, played.error), move: f.move, ...(f.message ? { message: f.message } : {}) });
    }
    return backToGame(c, id, f.token, { ok: playedWords(played.value.move, played.value.answer) });
  })

  .post('/games/:id/message', ownPageForms, playerForm, async (c) => {
    const id = c.req.param('id');
    const form = v.safeParse(MessageFormSchema, c.var.fields);
    if (!form.success) return backToGame(c, id, c.var.token, { error: `Message not sent: ${describeIssues(form.issues, 'message').replace(/^[\w.]+: /, '')}` });
    const sent = await c.var.services.games.sendMessage(id, form.output.token, form.output.text);
    if (!sent.ok) {
      if (sent.status === 404) return errorPage(c, 404, 'No such game', failureWords(sent));
      return backToGame(c, id, c.var.token, { error: `Message not sent: ${sent.error}` });
    }
    return backToGame(c, id, c.var.token, { ok: 'Message sent.' });
  })

  .post('/games/:id/message-visibility', ownPageForms, playerForm, async (c) => {
    const id = c.req.param('id');
    const form = v.safeParse(MessageVisibilityFormSchema, c.var.fields);
    if (!form.success) return backToGame(c, id, c.var.token, { error: describeIssues(form.issues, 'form').replace(/^[\w.]+: /, '') });
    const shown = await c.var.services.games.showMessages(id, form.output.token, form.output.spectators === 'yes');
    if (!shown.ok) {
      if (shown.status === 404) return errorPage(c, 404, 'No such game', failureWords(shown));
      return backToGame(c, id, c.var.token, { error: shown.error });
    }
    return backToGame(c, id, c.var.token, {
      ok: form.output.spectators === 'yes' ? 'Spectators may read the messages once both of you allow it.' : 'The messages are private to the two players.',
    });
  })

  .post('/games/:id/settings', ownPageForms, playerForm, async (c) => {
    const id = c.req.param('id');
    const form = v.safeParse(SettingsFormSchema, c.var.fields);
    if (!form.success) return backToGame(c, id, c.var.token, { error: describeIssues(form.issues, 'form').replace(/^[\w.]+: /, '') });
    const f = form.output;
    const saved = await c.var.services.notify.patch(id, f.token, { email: f.email ?? null, webhook: f.webhook ?? null });
    if (!saved.ok) {
      if (saved.status === 404) return errorPage(c, 404, 'No such game', failureWords(saved));
      return backToGame(c, id, f.token, { error: `Notifications not saved: ${saved.error}` });
    }
    // A new webhook secret is shown once, on its own page, never put in a link.
    if (saved.value.webhookSecret)
      return page(c).html(<SettingsPage id={id} token={f.token} secret={saved.value.webhookSecret} webhook={saved.value.webhook ?? ''} />);
    const words = [
      f.email ? `emails go to ${f.email} (an address new to Subspace is first mailed once, to confirm it)` : 'no emails',
      f.webhook ? 'the webhook is kept' : 'no webhook',
    ];
    return backToGame(c, id, f.token, { ok: `Notifications saved: ${words.join(', ')}.` });
  })

  .post('/games/:id/conditional', ownPageForms, playerForm, async (c) => {
    const id = c.req.param('id');
    const form = v.safeParse(ConditionalFormSchema, c.var.fields);
    if (!form.success) return backToGame(c, id, c.var.token, { error: describeIssues(form.issues, 'form').replace(/^[\w.]+: /, '') });
    const f = form.output;
    // Playing a line on the preview board: the picked turn goes on the last row; `new` starts a row.
    const box = f.lines.replace(/\r\n?/g, '\n');
    if (f.do === 'preview') return backToGame(c, id, f.token, { plan: box });
    if (f.do === 'new') return backToGame(c, id, f.token, { plan: box.trim() ? `${box.trimEnd()}\n` : '' });
    if (f.do === 'play') {
      if (!f.next) return backToGame(c, id, f.token, { error: 'Pick a turn to play on the preview board.', plan: box });
      const rows = box.split('\n');
      const last = rows.pop()!.trim();
      return backToGame(c, id, f.token, { plan: [...rows, last ? `${last} ${f.next}` : f.next].join('\n') });
    }
    const lines =
      f.do === 'clear'
        ? []
        : box
            .split('\n')
            .map(lineTurns)
            .filter((l) => l.length);
    const parsed = v.safeParse(ConditionalSchema, { lines });
    if (!parsed.success) return backToGame(c, id, f.token, { error: `Replies not stored: ${describeIssues(parsed.issues, 'form')}`, plan: f.lines });
    const stored = await c.var.services.games.setConditional(id, f.token, parsed.output.lines);
    if (!stored.ok) {
      if (stored.status === 404) return errorPage(c, 404, 'No such game', failureWords(stored));
      return backToGame(c, id, f.token, { error: `Replies not stored: ${stored.error}`, plan: f.lines });
    }
    const n = stored.value.lines.length;
    return backToGame(c, id, f.token, { ok: n ? `Stored ${plural(n, 'planned line')}.` : 'No replies planned now.' });
  })

  // "Analyse this game" without JavaScript: ask, then back to the page it was pressed on (its script
  // asks the same way and fills the analysis in without leaving).
  .post('/games/:id/analysis', ownPageForms, async (c) => {
    const id = c.req.param('id');
    const asked = v.is(GameIdSchema, { id }) ? await c.var.services.analysis.request(id) : undefined;
    if (!asked?.ok)
      return errorPage(c, asked?.status === 409 ? 409 : 404, 'No analysis', asked ? failureWords(asked) : `There is no game with id ${id.slice(0, 40)}.`);
    const back = (await readForm(c)).back ?? '';
    const sameGame = back === `/games/${id}` || back.startsWith(`/games/${id}?`);
    return c.redirect(`${sameGame ? back : `/games/${id}`}#analysis`, 303);
  })

  .post('/games/:id/:action{resign|abort|claim|draw|takeback|pause|leave}', ownPageForms, playerForm, async (c) => {
    const id = c.req.param('id');
    const action = c.req.param('action') as 'resign' | 'abort' | 'claim' | 'draw' | 'takeback' | 'pause' | 'leave';
    const games = c.var.services.games;
    const t = c.var.token;
    let result;
    // What the player did, in the flash, unless the status lines above it already say so (an offer
    // made, a pause running): each is shown once.
    let done: string | undefined;
    if (action === 'draw') {
      const form = v.safeParse(DrawFormSchema, c.var.fields);
      if (!form.success) return backToGame(c, id, t, { error: describeIssues(form.issues, 'form') });
      result = await games.draw(id, t, form.output.action);
      done = { offer: undefined, accept: 'You accepted the draw.', decline: 'You declined the draw.' }[form.output.action];
      if (result.ok && result.value.status !== 'active') done = 'The game is drawn by agreement.';
    } else if (action === 'takeback') {
      // The same three answers as a draw.
      const form = v.safeParse(DrawFormSchema, c.var.fields);
      if (!form.success) return backToGame(c, id, t, { error: describeIssues(form.issues, 'form') });
      result = await games.takeback(id, t, form.output.action);
      done = { offer: undefined, accept: 'You accepted the takeback.', decline: 'You declined the takeback.' }[form.output.action];
      if (result.ok && form.output.action === 'offer' && result.value.takebackOffer === null) done = 'Your last turn was taken back.';
    } else if (action === 'pause') {
      // The form's days go through the API's own schema, so the page says what the API says.
      const form = v.safeParse(PauseFormSchema, c.var.fields);
      if (!form.success) return backToGame(c, id, t, { error: describeIssues(form.issues, 'form') });
      const input = v.safeParse(PauseSchema, form.output.action === 'offer' ? { action: 'offer', days: form.output.days } : { action: form.output.action });
      if (!input.success) return backToGame(c, id, t, { error: describeIssues(input.issues, 'form') });
      result = await games.pause(id, t, input.output);
      done = { offer: undefined, accept: undefined, decline: 'You declined the pause.', cancel: 'You took your request for a pause back.' }[
        input.output.action
      ];
    } else if (action === 'leave') {
      const form = v.safeParse(LeaveFormSchema, c.var.fields);
      if (!form.success) return backToGame(c, id, t, { error: describeIssues(form.issues, 'form') });
      const input = v.safeParse(LeaveSchema, { days: form.output.days });
      if (!input.success) return backToGame(c, id, t, { error: describeIssues(input.issues, 'form') });
      result = await games.leave(id, t, input.output.days);
      done = `You took ${plural(input.output.days, 'day')} of leave.`;
    } else {
      result = await games[action](id, t);
      done = { resign: 'You resigned.', abort: 'You aborted the game.', claim: 'You claimed the win on time.' }[action];
    }
    if (!result.ok) {
      if (result.status === 404) return errorPage(c, 404, 'No such game', failureWords(result));
      return backToGame(c, id, t, { error: failureWords(result) });
    }
    return backToGame(c, id, t, done ? { ok: done } : {});
  });
