// The web pages (home, the links page, the game page for players and
// spectators) and the game page's script; the game page's forms are game-forms.tsx.
// Handlers validate with valibot, call the services, render with hono/jsx.
import { Hono } from 'hono/tiny';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { ratingLookup } from '../profile.ts';
import { opposite, type Color, COLORS, VARIANT_NAMES } from '../../engine/types.ts';
import { CreateGameSchema } from '../../service/schemas.ts';
import { CreateFormSchema, curvedSpaceOptions, formPlayers, PageQuerySchema, TokenSchema, isGameId, isOwnFlash } from '../forms.ts';
import { checkTag, typingTag } from '../../notify/signing.ts';
import { linkBase, type AppEnv } from '../http.ts';
import { KEY_COOKIE } from '../http-auth.ts';
import { formFields } from '../http-body.ts';
import { limitNewGames } from '../http-limits.ts';
import { describeIssues } from '../http-validation.ts';
import { sideWorker } from '../board-png.ts';
import { GamePage, Live, type Flash, type GamePageProps } from '../pages/game.tsx';
import type { HomeValues } from '../pages/home.tsx';
import { betterTurn } from '../../service/analysis-words.ts';
import { cookiePlayer } from '../viewer.tsx';
import { lineTurns } from '../text/commands.ts';
import { playerSeat } from '../../service/players.ts';
import { errorPage, failureWords, noSuchGame, ownPageForms, page, rarePage, sentence } from '../pages/respond.tsx';

/** The tokens of a game just made, for its links page only (its path). */
const NEW_GAME_COOKIE = 'subspace_new_game';

// ---- helpers ----------------------------------------------------------------------

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
  'clock.timeout': 'When a deadline passes',
  'options.platforms': 'Number of platforms',
};

/** Where a finished game's rematch stands for the signed-in player whose page this is. */
async function rematchOf(c: Context<AppEnv>, id: string, key: string | undefined): Promise<GamePageProps['rematch']> {
  if (!key) return 'sign-in';
  const player = await cookiePlayer(c);
  if (!player) return 'sign-in';
  const state = await c.var.services.challenges.rematchState(id, player);
  if (state.kind === 'started') return { started: state.gameId };
  if (state.kind === 'offered') return { offered: state.challenge.id };
  return state.kind === 'waiting' ? { waiting: true } : 'offer';
}

// ---- routes -----------------------------------------------------------------------

export const gamePages = new Hono<AppEnv>()
  // `?variant=`: a rules page's "Start a game" comes with its variant chosen (tester 9 U12).
  .get('/', (c) => {
    const variant = c.req.query('variant');
    return rarePage(c, { name: 'home', props: variant && (VARIANT_NAMES as readonly string[]).includes(variant) ? { values: { variant } } : {} });
  })

  .post(
    '/games',
    ownPageForms,
    // Refused, the form comes back as sent, as for any other refusal (tester 17 X2).
    limitNewGames(async (c, error) => rarePage(c, { name: 'home', props: { error: sentence(error), values: await formFields(c) } }, 429)),
    async (c) => {
      const fields = await formFields(c);
      const values: HomeValues = fields;
      const form = v.safeParse(CreateFormSchema, fields);
      if (!form.success) return rarePage(c, { name: 'home', props: { error: describeIssues(form.issues, 'form', HOME_FORM_LABELS), values } }, 400);
      const f = form.output;
      // Leave days are days off a clock: without one they would be dropped without a word.
      if (!f.days && f.leave)
        return rarePage(c, { name: 'home', props: { error: 'Leave days need a clock: choose a time per move, or set leave days to 0.', values } }, 400);
      const input = {
        variant: f.variant,
        ...curvedSpaceOptions(f),
        ...formPlayers(f),
        // Against the computer the timeout is "auto", the only one it can have (it never claims a win on time): the form hides the choice
        // then (CSS :has), and one sent anyway (a browser without :has, a form drawn before) is not taken (tester 18 Y7).
        ...(f.days
          ? {
              clock: {
                daysPerMove: Number(f.days),
                timeout: f.opponent === 'computer' ? 'auto' : (f.timeout ?? 'auto'),
                ...(f.leave !== undefined ? { leaveDays: f.leave } : {}),
              },
            }
          : {}),
        ...(f.position ? { position: f.position } : {}),
      };
      const parsed = v.safeParse(CreateGameSchema, input);
      if (!parsed.success) return rarePage(c, { name: 'home', props: { error: describeIssues(parsed.issues, 'form', HOME_FORM_LABELS), values } }, 400);
      // Signed in (the /me cookie): the creator's seat is the player's, so the game is on /me.
      const player = await cookiePlayer(c);
      const mine: Color = f.side ?? 'white';
      // The player's name and confirmed address on their seat, unless the form gave the seat its own (as POST /api/games with a key does).
      const seated = player ? { ...parsed.output, [mine]: { ...playerSeat(player), ...parsed.output[mine] } } : parsed.output;
      const created = await c.var.services.games.create(seated, linkBase(c), player ? { players: { [mine]: player.id } } : undefined);
      if (!created.ok) return rarePage(c, { name: 'home', props: { error: failureWords(created), values } }, 400);
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
    if (!isGameId(id)) return noSuchGame(c, id);
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
    return rarePage(c, { name: 'created', props: { id, title, links, me, owned } });
  })

  // "Next game": the game waiting for the signed-in player (their turn or an offer to answer) with
  // the nearest deadline (not the one just left); none waiting: /me says so.
  .get('/next', async (c) => {
    const player = await cookiePlayer(c);
    if (!player) return c.redirect('/me', 303);
    const after = c.req.query('after');
    const games = await c.var.services.players.games(player, 'active', linkBase(c));
    const next = games.find((g) => g.waiting && g.id !== after);
    return c.redirect(next ? `/games/${next.id}` : '/me?waiting=none', 303);
  })

  .get('/static/game.js', async (c) =>
    c.body(await sideWorker(c.env).script('game'), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' }),
  )

  .get('/games/:id', async (c) => {
    const id = c.req.param('id');
    if (!isGameId(id)) return noSuchGame(c, id);
    const query = v.safeParse(PageQuerySchema, c.req.query());
    if (!query.success) return errorPage(c, 400, 'Bad address', describeIssues(query.issues, 'query'));
    const q = query.output;
    let token: string | undefined;
    if (q.token !== undefined) {
      if (!v.is(TokenSchema, q.token))
        return errorPage(c, 403, 'Not your game', 'That link does not hold a valid player token. Check that you copied the whole link.');
      token = q.token;
      // This browser's own key (the /me cookie) in the address: it is taken out (tester 11 S6), so it
      // is never written into the page, its links, or the history; the cookie signs the page in.
      if (token === getCookie(c, KEY_COOKIE)) {
        const url = new URL(c.req.url);
        url.searchParams.delete('token');
        return c.redirect(`${url.pathname}${url.search}`, 303);
      }
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
        `The token in this link holds no seat in game ${id}. Use the link you were given, or watch as a spectator.`,
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
    // A player's seat settings (a signed-in player's too: whether this game's emails are off).
    const settings = state.you ? await c.var.services.notify.get(id, (token ?? key)!) : undefined;
    const said = await c.var.services.games.messages(id, state.you ? (token ?? key) : undefined);
    // A tournament game has no rematch (the tournament pairs its games); a game played by links has its own (state.rematch, LinkRematch).
    const rematch = state.you && state.status !== 'active' && !state.tournamentId && !state.rematch ? await rematchOf(c, id, key) : undefined;
    const tournament = state.tournamentId ? await c.var.services.tournaments.roundOfGame(id) : undefined;
    // Messages come only from our own form redirects (tagged under the player's token), so a
    // link made elsewhere cannot put words such as "re-enter your password" on the page.
    const signer = token ?? (state.you ? key : undefined);
    const signed = signer !== undefined && q.sig !== undefined && (q.error || q.ok) && (await isOwnFlash(signer, q, q.sig));
    const flash: Flash = signed ? { ...(q.error ? { error: q.error } : {}), ...(q.ok ? { ok: q.ok } : {}) } : {};
    // What an address puts in the boxes (a turn, its message, conditional lines) or previews is taken
    // only from the page's own forms and redirects, which carry the typing tag (tester 11 S4: a link
    // from the opponent filled the message box with words the player would send under their name).
    const typing = state.you && signer !== undefined ? await typingTag(signer, id) : undefined;
    const typed = typing !== undefined && q.typed !== undefined && (await checkTag(Promise.resolve(typing), q.typed));
    const doing = typed ? q.do : undefined;
    let preview: GamePageProps['preview'];
    let hint: GamePageProps['hint'];
    let moveText = typed ? q.move : undefined;
    if (state.you && doing === 'hint' && state.hints) {
      // The Hint button without JavaScript: the engine's suggestion in the box, previewed on the board.
      const suggested = await c.var.services.computer.hint(id, (token ?? key)!);
      hint = suggested.ok ? { move: suggested.value.move } : { error: failureWords(suggested) };
      if (suggested.ok) moveText = suggested.value.move;
    }
    const previewed = doing === 'preview' ? moveText : hint && 'move' in hint ? hint.move : undefined;
    if (state.you && previewed) {
      const r = await c.var.services.views.preview(id, previewed, undefined, from);
      preview = { move: previewed, result: r.ok ? r.value : { ok: false, error: failureWords(r) } };
    }
    // Planning replies (conditional moves): on the opponent's turn; what became of the last ones, on either turn.
    const planning = state.you && state.status === 'active' ? await c.var.services.games.conditional(id, (token ?? key)!) : undefined;
    // The last row of the box is previewed (an empty one: the game as it stands, the opponent to move).
    const plan = typed ? q.plan : undefined;
    const planPreview =
      planning?.ok && state.sideToMove !== state.you && plan !== undefined
        ? await c.var.services.views.previewLine(id, lineTurns(plan.split('\n').at(-1)!), from)
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
    // The game's row, from its object (no D1 read): who holds each side (the names link to their
    // profiles), and for a rated game not yet rated, the players' ratings now beside their names.
    const row = await c.var.services.gameRecords.game(id);
    const lookup =
      row && state.rated && !state.ratings
        ? await ratingLookup(c.var.services.ratings, [
            [row.whitePlayerId, row.variant],
            [row.blackPlayerId, row.variant],
          ])
        : undefined;
    const ratings = row && lookup ? { white: lookup(row.whitePlayerId, row.variant), black: lookup(row.blackPlayerId, row.variant) } : undefined;
    const props: GamePageProps = {
      ...(row ? { playerIds: { white: row.whitePlayerId, black: row.blackPlayerId } } : {}),
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
      ...(typing ? { typingTag: typing } : {}),
      ...(q.message && typed ? { moveMessage: q.message } : {}),
      spectatorUrl: `${linkBase(c).origin}/games/${id}`,
      ...(rematch ? { rematch } : {}),
      ...(tournament ? { tournament } : {}),
      ...(invitation ? { invitation } : {}),
      ...(claim ? { claim } : {}),
      from,
      ...(replaying ? { viewPly: q.ply! } : {}),
      ...(settings?.ok ? { settings: settings.value } : {}),
      ...(said.ok ? { messages: said.value.messages } : {}),
      takebacks,
      ...(planning?.ok ? { conditional: planning.value } : {}),
      ...(planning?.ok && plan !== undefined ? { plan } : {}),
      ...(planPreview ? { planPreview: planPreview.ok ? planPreview.value : { error: planPreview.error } } : {}),
    };
    if (q.partial) return page(c).html(<Live {...props} />);
    return page(c).html(<GamePage {...props} />);
  });
