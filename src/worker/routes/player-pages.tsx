// A player's pages and their forms: /me with the key kept in an HttpOnly cookie,
// sign-in by email link, the lobby, challenge pages, accept / decline / withdraw,
// and the rematch button of a finished game. Forms post back here (no JavaScript needed).
import type { PlayerRow } from '../../db/schema.ts';
import { Hono } from 'hono/tiny';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import {
  ChallengeIdSchema,
  ChallengeListQuerySchema,
  CreateChallengeSchema,
  CreatePlayerSchema,
  PlayerSettingsSchema,
  SignInQuerySchema,
  SignInSchema,
} from '../../service/player-schemas.ts';
import { keyInText, selfOf, SIGN_IN_SENT } from '../../service/players.ts';
import { GameIdSchema } from '../../service/schemas.ts';
import { linkBase, type AppEnv } from '../http.ts';
import { sideWorker } from '../board-png.ts';
import { KEY_COOKIE } from '../http-auth.ts';
import { readForm } from '../http-body.ts';
import { CHALLENGE_LIMITED, challengeLimited, limitNewGames, MAIL_LIMITED, mailLimited } from '../http-limits.ts';
import { describeIssues, labelled } from '../http-validation.ts';
import { failureWords, meErrorPage as errorPage, ownPageForms, rarePage, sentence } from '../pages/respond.tsx';
import { emailConfirmedWords } from '../pages/me-rare.tsx';
import { OFFER_FIELDS, type OfferField, type OfferRefused } from '../pages/offer-game-form.tsx';
import { CHALLENGE_FORM_LABELS, ChallengeFormSchema, challengeClock, refusedField } from './offer-form.ts';
import { profilePage } from './league-pages.tsx';
import { cookiePlayer } from '../viewer.tsx';
import type { MeSettingsRefused } from '../pages/me.tsx';
import { ratingTable } from '../profile.ts';
import { chatLinksOf } from './chat-links.tsx';
import { linkRematchForm } from './game-forms.tsx';
import { endKeys } from './players.ts';
import { NotifyChoicesSchema } from '../../notify/schemas.ts';
import { NOTIFY_EVENTS } from '../../service/ports.ts';
import { curvedSpaceOptions, isGameId, wholeOrTyped } from '../forms.ts';

/** The key lives in an HttpOnly cookie: scripts cannot read it, other sites' forms do not send it. */
function keepKey(c: Context<AppEnv>, key: string) {
  setCookie(c, KEY_COOKIE, key, { httpOnly: true, secure: true, sameSite: 'Lax', path: '/', maxAge: 400 * 86_400 });
}

/** The cookie that carries a key just made to the page that shows it (GET /me/key), for an hour. */
const NEW_KEY_COOKIE = 'subspace_new_key';

/**
 * Post/redirect/get for a key just made: a reload or Back shows the same key and makes no other
 * player or key (tester 9 U1). The key travels in a cookie for that one address, not in it.
 */
function showNewKey(c: Context<AppEnv>, key: string, ended = false) {
  const shown = new URLSearchParams({ key, ...(ended ? { ended: '1' } : {}) });
  setCookie(c, NEW_KEY_COOKIE, shown.toString(), { path: '/me/key', httpOnly: true, secure: true, sameSite: 'Lax', maxAge: 3600 });
  return c.redirect('/me/key', 303);
}

/** A game's page to go back to after signing in: only an address of ours of that one shape. */
const gameAfterSignIn = (next: string | undefined) => (next?.startsWith('/games/') && isGameId(next.slice(7)) ? next : undefined);

/** A limit reached, as a page: 429 with Retry-After. */
function tooManyPage(c: Context<AppEnv>, error: string, retryAfter = 60) {
  c.header('Retry-After', String(retryAfter));
  return errorPage(c, 429, 'Please wait', sentence(error));
}

/** Finished games on /me (all of them: /me?status=finished). */
const RECENT_FINISHED = 10;

/** The /me forms' labels, for their errors (the API's field names mean nothing on the page). */
const ME_FORM_LABELS = { name: 'Name', email: 'Email', webhook: 'Webhook URL' };

/** The token of a mailed link (`?t=`: sign-in, address confirmation), or the 403 page saying what is wrong with it. */
function linkToken(c: Context<AppEnv>, title: string): { ok: true; t: string } | { ok: false; page: Response | Promise<Response> } {
  // No token at all: the address was typed or restored from history, not a mailed link: /me (tester 9 U15).
  if (c.req.query('t') === undefined) return { ok: false, page: c.redirect('/me', 303) };
  const q = v.safeParse(SignInQuerySchema, c.req.query());
  const kind = title.includes('sign-in') ? 'sign-in' : 'confirmation';
  return q.success
    ? { ok: true, t: q.output.t }
    : { ok: false, page: errorPage(c, 403, title, `That is not a whole ${kind} link (was it cut short?): open it from the mail again.`) };
}

/**
 * The player's /me page; `settings`: the settings form refused (a 400), `offer`: the offer form
 * refused (its status), each shown again as typed with why.
 */
async function mePage(c: Context<AppEnv>, player: PlayerRow, settings?: MeSettingsRefused, offer?: { refused: OfferRefused; status: 400 | 404 | 409 | 429 }) {
  const base = linkBase(c);
  const [{ games, more }, finished, challenges, chat, own, choices, tournaments] = await Promise.all([
    c.var.services.players.gameList(player, 'active', base),
    c.var.services.players.games(player, 'finished', base, RECENT_FINISHED),
    c.var.services.challenges.mine(player, base),
    chatLinksOf(c, player),
    c.var.services.ratings.profile(player.id),
    c.var.services.push.choices(player),
    c.var.services.tournaments.current(player),
  ]);
  const ratings = await ratingTable(c.var.services.ratings, [
    ...games.map((g) => [g.opponent.id, g.variant] as const),
    ...challenges.map((ch) => [ch.from.id, ch.variant] as const),
  ]);
  // Drawn by the picture Worker (a rare page's way): the data goes, the HTML comes back.
  return rarePage(
    c,
    {
      name: 'me',
      props: {
        player: selfOf(player),
        games,
        more,
        challenges,
        ratings,
        own: own.ratings,
        finished,
        tournaments,
        offer: offer?.refused,
        noneWaiting: c.req.query('waiting') === 'none',
        ...(settings ? { settings } : {}),
        notify: { choices, saved: c.req.query('notify') === 'saved' },
        chat,
      },
    },
    settings ? 400 : (offer?.status ?? 200),
  );
}

/**
 * The sign-in page's notice for a browser not signed in: signed out here (`?out=1`), or its cookie's
 * key ended elsewhere ("Sign out everywhere else", a new key): said once, the dead cookie goes.
 */
async function signedOutWords(c: Context<AppEnv>): Promise<{ ok?: string }> {
  const key = getCookie(c, KEY_COOKIE);
  if (key) deleteCookie(c, KEY_COOKIE, { path: '/', secure: true });
  if (key && (await c.var.services.players.endedKey(key)))
    return {
      ok: 'This browser was signed out: its key was ended (signed out everywhere else from another device, or replaced by a new key). Sign in again below.',
    };
  return c.req.query('out') === '1' ? { ok: 'You are signed out in this browser.' } : {};
}

export const playerPages = new Hono<AppEnv>()
  .get('/static/me.js', async (c) =>
    c.body(await sideWorker(c.env).script('me'), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' }),
  )

  .get('/me', async (c) => {
    const player = await cookiePlayer(c);
    if (!player) return rarePage(c, { name: 'sign-in', props: { next: gameAfterSignIn(c.req.query('next')), ...(await signedOutWords(c)) } });
    if (c.req.query('status') === 'finished')
      return rarePage(c, { name: 'finished', props: { games: await c.var.services.players.games(player, 'finished', linkBase(c)) } });
    return mePage(c, player);
  })

  // The mailed links (sign-in, and confirming a player's address) show a button and act on its
  // POST (below): a mail scanner that opens links uses up nothing.
  .get('/me/sign-in', async (c) => {
    const link = linkToken(c, 'Not a sign-in link');
    if (!link.ok) return link.page;
    const open = await c.var.services.players.checkSignIn(link.t);
    if (!open.ok) return errorPage(c, 403, 'Sign-in link not valid', failureWords(open));
    return rarePage(c, { name: 'link-button', props: { kind: 'sign-in', action: `/me/sign-in?${new URLSearchParams({ t: link.t })}` } });
  })

  // The link mailed to a new address: from now on mail may go there (issue 26).
  .get('/me/confirm-email', async (c) => {
    const link = linkToken(c, 'Not a confirmation link');
    if (!link.ok) return link.page;
    const open = await c.var.services.players.checkEmailConfirmation(link.t);
    if (!open.ok) return errorPage(c, 403, 'Confirmation link not valid', failureWords(open));
    return rarePage(c, {
      name: 'link-button',
      props: { kind: 'confirm', email: open.value.email, action: `/me/confirm-email?${new URLSearchParams({ t: link.t })}` },
    });
  })

  // The key just made (POST /me/new, /me/keys), in the browser that made it, while it still works.
  .get('/me/key', async (c) => {
    const made = new URLSearchParams(getCookie(c, NEW_KEY_COOKIE) ?? '');
    const key = made.get('key');
    if (!key || !(await c.var.services.players.authenticate(key)))
      return errorPage(
        c,
        404,
        'No new key to show',
        'A new player key is shown only in the browser that made it, for an hour. Lost it? "Sign out everywhere else" on your page makes a new one.',
      );
    return rarePage(c, { name: 'new-key', props: { playerKey: key, link: `${linkBase(c).origin}/me#key=${key}`, ended: made.get('ended') === '1' } });
  })

  .get('/lobby', async (c) => {
    const q = v.safeParse(ChallengeListQuerySchema, c.req.query());
    if (!q.success) return errorPage(c, 400, 'Bad address', describeIssues(q.issues, 'query'), '/lobby');
    const [list, player] = await Promise.all([c.var.services.challenges.list(linkBase(c), q.output.limit, q.output.before), cookiePlayer(c)]);
    const ratings = await ratingTable(
      c.var.services.ratings,
      list.challenges.map((ch) => [ch.from.id, ch.variant] as const),
    );
    return rarePage(c, { name: 'lobby', props: { challenges: list.challenges, next: list.next, ratings, ...(player ? { me: player.id } : {}) } });
  })

  .get('/challenges/:id', async (c) => {
    const id = c.req.param('id');
    const found = v.is(ChallengeIdSchema, { id }) ? await c.var.services.challenges.get(id, linkBase(c)) : undefined;
    if (!found?.ok) return errorPage(c, 404, 'No such challenge', `There is no challenge with id ${id.slice(0, 40)}.`, '/lobby');
    const player = await cookiePlayer(c);
    return rarePage(c, { name: 'challenge', props: { c: found.value, ...(player ? { me: player.id } : {}) } });
  })

  // The forms' own addresses, opened again (the address bar after a form, a restored tab): /me, not a 405 (tester 9 U15).
  .get('/me/:form{new|keys|settings|session}', (c) => c.redirect('/me', 303))

  // ---- forms (only from our own pages) ----

  .use('/me/*', ownPageForms)
  .use('/challenges', ownPageForms)
  .use('/challenges/*', ownPageForms)
  .use('/games/:id/rematch', ownPageForms)

  .post('/me/session', async (c) => {
    const form = await readForm(c);
    const key = keyInText(form.key ?? '');
    const player = key ? await c.var.services.players.authenticate(key) : undefined;
    const next = gameAfterSignIn(form.next);
    if (!player) {
      const ended = key && (await c.var.services.players.endedKey(key));
      const error = ended
        ? 'That key was ended (signed out, or replaced by a new key): use the newer key, or get a sign-in link by email.'
        : 'That is not a player key (nor a link with one). Check that you copied all of it.';
      return rarePage(c, { name: 'sign-in', props: { error, next } }, 403);
    }
    // The browser gets a key of its own, which signing out there ends; the key typed in stays.
    keepKey(c, await c.var.services.players.browserKey(player));
    // Back to the game the player came from to sign in (tester 9 U9), else their games.
    return c.redirect(next ?? '/me', 303);
  })

  .post(
    '/me/new',
    limitNewGames((c, error) => rarePage(c, { name: 'sign-in', props: { error } }, 429), 'new player keys'),
    async (c) => {
      const name = (await readForm(c)).name?.trim();
      const input = v.safeParse(CreatePlayerSchema, name ? { name } : {});
      if (!input.success) return rarePage(c, { name: 'sign-in', props: { error: describeIssues(input.issues, 'name', ME_FORM_LABELS) } }, 400);
      const created = await c.var.services.players.create(input.output, linkBase(c));
      if (!created.ok) return rarePage(c, { name: 'sign-in', props: { error: failureWords(created) } }, 400);
      keepKey(c, await c.var.services.players.browserKey(created.value));
      return showNewKey(c, created.value.key);
    },
  )

  .post('/me/sign-in', async (c) => {
    // The sign-in link's button (the token in the address); without one, the form asking for a link.
    if (c.req.query('t') !== undefined) {
      const link = linkToken(c, 'Not a sign-in link');
      if (!link.ok) return link.page;
      const signed = await c.var.services.players.signIn(link.t);
      if (!signed.ok) return errorPage(c, 403, 'Sign-in link not valid', failureWords(signed));
      keepKey(c, signed.value.key);
      return c.redirect('/me', 303);
    }
    const input = v.safeParse(SignInSchema, { email: (await readForm(c)).email ?? '' });
    if (!input.success) return rarePage(c, { name: 'sign-in', props: { error: describeIssues(input.issues, 'form', ME_FORM_LABELS) } }, 400);
    if (await mailLimited(c)) return tooManyPage(c, MAIL_LIMITED);
    const sent = await c.var.services.players.requestSignIn(input.output.email, linkBase(c));
    if (!sent.ok) return tooManyPage(c, sent.error, sent.retryAfter);
    return rarePage(c, { name: 'sign-in', props: { ok: SIGN_IN_SENT } });
  })

  .post('/me/confirm-email', async (c) => {
    const link = linkToken(c, 'Not a confirmation link');
    if (!link.ok) return link.page;
    const confirmed = await c.var.services.players.confirmEmail(link.t);
    if (!confirmed.ok) return errorPage(c, 403, 'Confirmation link not valid', failureWords(confirmed));
    // Signed in to the player whose address it is: the way on is its games, not the sign-in forms (tester 18 Y3).
    const email = confirmed.value.email ?? 'the address';
    if ((await cookiePlayer(c))?.id === confirmed.value.id) return rarePage(c, { name: 'email-confirmed', props: { email } });
    return rarePage(c, { name: 'sign-in', props: { ok: emailConfirmedWords(email) } });
  })

  .post('/me/settings', async (c) => {
    const player = await cookiePlayer(c);
    if (!player) return errorPage(c, 403, 'Not signed in', 'Open your personal link first, then change your settings.');
    const form = await readForm(c);
    const field = (name: 'name' | 'email' | 'webhook') => (form[name] === undefined ? {} : { [name]: form[name].trim() || null });
    // The same call as PATCH /api/me: a new name reaches the games in progress too.
    const input = v.safeParse(PlayerSettingsSchema, { ...field('name'), ...field('email'), ...field('webhook') });
    // Refused: /me again, the form as typed and why beside it (not a page of its own that loses them).
    const typed = { name: form.name, email: form.email, webhook: form.webhook };
    // The field the refusal names gets the focus (its raw name, before the label replaces it).
    const focus = (raw: string) => (raw.startsWith('webhook') ? 'webhook' : raw.startsWith('name') ? 'name' : 'email');
    const refused = (raw: string, error: string) => mePage(c, player, { error, focus: focus(raw), ...typed });
    if (!input.success) return refused(describeIssues(input.issues, 'form'), describeIssues(input.issues, 'form', ME_FORM_LABELS));
    if (input.output.email && input.output.email.toLowerCase() !== player.email && (await mailLimited(c))) return tooManyPage(c, MAIL_LIMITED);
    const saved = await c.var.services.players.updateSettings(player, input.output, linkBase(c));
    if (!saved.ok) return saved.status === 429 ? tooManyPage(c, saved.error, saved.retryAfter) : refused(saved.error, labelled(saved.error, ME_FORM_LABELS));
    // The header says the name just saved (it was read before the save: tester 17 X5).
    const info = c.get('pageInfo');
    if (info?.viewer) c.set('pageInfo', { ...info, viewer: { ...info.viewer, name: saved.value.name } });
    return rarePage(c, { name: 'settings-saved', props: { player: saved.value } });
  })

  // /me's "What you are told" form: the same call as PATCH /api/me/notify (every box is on the
  // form, so an unticked one is off). The event lists per channel stay the API's.
  .post('/me/notify', async (c) => {
    const player = await cookiePlayer(c);
    if (!player) return errorPage(c, 403, 'Not signed in', 'Open your personal link first, then change your notifications.');
    const f = await readForm(c);
    const input = v.safeParse(NotifyChoicesSchema, {
      email: f.email === '1',
      webhook: f.webhook === '1',
      push: f.push === '1',
      events: NOTIFY_EVENTS.filter((e) => f[`event-${e}`] === '1'),
      digestHours: wholeOrTyped(f.digest) ?? null,
    });
    if (!input.success) return errorPage(c, 400, 'Notifications not saved', describeIssues(input.issues, 'form', { digestHours: 'Emails' }), '/me');
    await c.var.services.push.setChoices(player, input.output);
    return c.redirect('/me?notify=saved#notify-form', 303);
  })

  // The browser's own key ends with it (a key typed in, or a cookie from before browsers had keys of their own, stays).
  .post('/me/sign-out', async (c) => {
    const key = getCookie(c, KEY_COOKIE);
    if (key) await c.var.services.players.signOut(key);
    deleteCookie(c, KEY_COOKIE, { path: '/', secure: true });
    // The key shown at sign-up (kept an hour for /me/key) goes too: the next person at this browser
    // must not find a key there (tester 11 S10).
    deleteCookie(c, NEW_KEY_COOKIE, { path: '/me/key', secure: true });
    return c.redirect('/me?out=1', 303);
  })

  // Sign out everywhere else: every other key ends (browsers, bots, one shown before, this cookie's
  // too, which may be one shown); this browser stays signed in with a new key of its own, and a new
  // key is shown once for whatever needs one (as POST /api/me/key).
  .post('/me/keys', async (c) => {
    const key = getCookie(c, KEY_COOKIE);
    const player = key ? await c.var.services.players.authenticate(key) : undefined;
    if (player && (await readForm(c)).understood !== '1')
      return errorPage(c, 400, 'Nothing was changed', 'Tick "every other device, bot and linked chat is signed out" to sign out everywhere else.');
    const made = player && (await endKeys(c, player, key!, [false, true]));
    if (!made?.ok) return errorPage(c, 403, 'Not signed in', 'Open your personal link first.');
    const [shown, own] = made.value.keys as [string, string];
    keepKey(c, own);
    return showNewKey(c, shown, true);
  })

  .post('/challenges', async (c) => {
    const player = await cookiePlayer(c);
    if (!player) return errorPage(c, 403, 'Not signed in', 'Open your personal link first, then offer a game.');
    if (await challengeLimited(c, player.id)) return tooManyPage(c, CHALLENGE_LIMITED);
    const sent = await readForm(c);
    // Refused: the form comes back where it was sent from (/me, or the profile), as sent, with why (tester 14 P10).
    const refused = async (status: 400 | 404 | 409 | 429, error: string, field: OfferField | undefined) => {
      const offer = { error, field, typed: Object.fromEntries(OFFER_FIELDS.flatMap((k) => (sent[k] === undefined ? [] : [[k, sent[k]]]))) };
      const to = sent.on === 'profile' && sent.to ? await c.var.services.players.find(sent.to) : undefined;
      return to ? profilePage(c, to, { refused: offer, status }) : mePage(c, player, undefined, { refused: offer, status });
    };
    const form = v.safeParse(ChallengeFormSchema, sent);
    if (!form.success) return refused(400, describeIssues(form.issues, 'form'), refusedField(form));
    const f = form.output;
    // Leave days are days off a clock: without one they would be dropped without a word, as the home form says (tester 17 X13).
    if (!f.days && f.leave && f.leave !== '0')
      return refused(400, 'Leave days for each player need a clock: choose days per move, or set leave days to 0.', 'leave');
    const input = v.safeParse(CreateChallengeSchema, {
      variant: f.variant,
      ...curvedSpaceOptions(f),
      ...(f.color ? { color: f.color } : {}),
      ...(f.days ? { clock: challengeClock(f.days, f.timeout, f.leave) } : {}),
      ...(f.to ? { to: f.to } : {}),
      // Rated as ticked, but never without a clock: "no clock" says "not rated" beside it (tester 14 P1).
      rated: Boolean(f.days) && (f.ratedShown ? f.rated === '1' : true),
    });
    if (!input.success) return refused(400, describeIssues(input.issues, 'form', CHALLENGE_FORM_LABELS), refusedField(input));
    const made = await c.var.services.challenges.create(player, input.output, linkBase(c));
    if (!made.ok) {
      if (made.retryAfter !== undefined) c.header('Retry-After', String(made.retryAfter));
      return refused(made.status === 404 || made.status === 409 || made.status === 429 ? made.status : 400, failureWords(made), refusedField(made));
    }
    return c.redirect(`/challenges/${made.value.id}`, 303);
  })

  .post('/challenges/:id/:action{accept|decline|withdraw}', async (c) => {
    const id = c.req.param('id');
    const action = c.req.param('action') as 'accept' | 'decline' | 'withdraw';
    if (!v.is(ChallengeIdSchema, { id })) return errorPage(c, 404, 'No such challenge', `There is no challenge with id ${id.slice(0, 40)}.`, '/lobby');
    const player = await cookiePlayer(c);
    if (!player) return errorPage(c, 403, 'Not signed in', 'Open your personal link first, then accept.', `/challenges/${id}`);
    const service = c.var.services.challenges;
    if (action === 'accept') {
      const game = await service.accept(id, player, linkBase(c));
      // Pressed twice: the second press opens the game the first made (tester 20 T13).
      const made = game.ok ? undefined : await service.acceptedBy(id, player);
      if (made) return c.redirect(`/games/${made}`, 303);
      if (!game.ok)
        return errorPage(c, game.status === 403 || game.status === 404 ? game.status : 409, 'Could not accept', failureWords(game), `/challenges/${id}`);
      return c.redirect(`/games/${game.value.id}`, 303);
    }
    const closed = action === 'decline' ? await service.decline(id, player, linkBase(c)) : await service.withdraw(id, player, linkBase(c));
    if (!closed.ok)
      return errorPage(
        c,
        closed.status === 403 || closed.status === 404 ? closed.status : 409,
        `Could not ${action}`,
        failureWords(closed),
        `/challenges/${id}`,
      );
    return c.redirect(`/challenges/${id}`, 303);
  })

  .post('/games/:id/rematch', async (c) => {
    const id = c.req.param('id');
    const game = v.is(GameIdSchema, { id }) ? await c.var.services.gameRecords.game(id) : undefined;
    if (!game) return errorPage(c, 404, 'No such game', `There is no game with id ${id.slice(0, 40)}.`);
    // A game played by links: its page's form carries the seat's token.
    const fields = await readForm(c);
    if (fields.token) return linkRematchForm(c, id, fields);
    const player = await cookiePlayer(c);
    if (!player) return errorPage(c, 403, 'Not signed in', 'A rematch needs your player key: open your personal link first.', `/games/${id}`);
    if (await challengeLimited(c, player.id)) return tooManyPage(c, CHALLENGE_LIMITED);
    const made = await c.var.services.challenges.rematch(game, player, linkBase(c));
    if (!made.ok) return errorPage(c, made.status === 403 || made.status === 404 ? made.status : 409, 'No rematch', failureWords(made), `/games/${id}`);
    const answer = made.value;
    // Pressed on an old page after the rematch began: the rematch game opens.
    if (answer.kind === 'started') return c.redirect(`/games/${answer.gameId}`, 303);
    // Accepted, or against the computer the new game at once: it opens (the player's key in the cookie plays it).
    return c.redirect(answer.kind === 'accepted' || answer.kind === 'computer' ? `/games/${answer.game.id}` : `/challenges/${answer.challenge.id}`, 303);
  });
