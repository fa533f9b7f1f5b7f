// The game page's forms without JavaScript: a turn, a message, settings, conditional moves, the
// game's actions (resign, draw, takeback, pause, leave, ...), and taking a link's seat into "my
// games". Each acts for the player whose token (or /me key) the form carries, then goes back to the
// game's page with a message (Post/Redirect/Get). The page itself is game-pages.tsx.

import { Hono } from 'hono/tiny';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { plural } from '../../engine/types.ts';
import { otherPauseAsked } from '../../service/pauses.ts';
import { DAY_MS } from '../../service/durations.ts';
import type { GameApi } from '../../service/games.ts';
import type { PublicState } from '../../service/public-state.ts';
import { ConditionalSchema, LeaveSchema, MAX_MOVE_TEXT, PauseSchema, RematchSchema } from '../../service/schemas.ts';
import { askLinkRematch } from '../../service/link-rematch.ts';
import {
  ConditionalFormSchema,
  DrawFormSchema,
  TakebackFormSchema,
  LeaveFormSchema,
  MAX_MESSAGE_QUERY,
  MAX_PLAN_CHARS,
  MessageFormSchema,
  PauseFormSchema,
  MessageVisibilityFormSchema,
  MoveFormSchema,
  SettingsFormSchema,
  TokenSchema,
  flashSignature,
  isGameId,
} from '../forms.ts';
import { linkBase, type AppEnv } from '../http.ts';
import { KEY_COOKIE } from '../http-auth.ts';
import { formFields, readForm } from '../http-body.ts';
import { describeIssues } from '../http-validation.ts';
import { aboutMove } from '../pages/game.tsx';
import { cookiePlayer } from '../viewer.tsx';
import { lineTurns } from '../text/commands.ts';
import { playedWords, staleTurnWords } from '../../service/plan-outcome.ts';
import { errorPage, failureWords, noSuchGame, ownPageForms, rarePage, sentence } from '../pages/respond.tsx';
import { limitNewGames } from '../http-limits.ts';
import { typingTag } from '../../notify/signing.ts';

/** Page forms that act for a player: the id names a game, the form carries a player token (on `c.var`). */
const playerForm = createMiddleware<AppEnv & { Variables: { token: string; fields: Record<string, string> } }>(async (c, next) => {
  const id = c.req.param('id') ?? '';
  if (!isGameId(id)) return noSuchGame(c, id);
  const fields = withCookieKey(c, await formFields(c));
  const token = v.safeParse(TokenSchema, fields.token ?? '');
  if (!token.success) return errorPage(c, 403, 'Not your game', 'The form did not carry a valid player token. Open your player link again.');
  c.set('token', token.output);
  c.set('fields', fields);
  await next();
});

/** The token as a game page's address carries it: none for the key of the /me cookie, which never goes into an address. */
const tokenInAddress = (c: Context, token: string): { token?: string } => (token === getCookie(c, KEY_COOKIE) ? {} : { token });

/** Back to the player's page with a message (Post/Redirect/Get), tagged so only our own redirects show one. */
async function backToGame(c: Context, id: string, token: string, flash: { error?: string; ok?: string; move?: string; message?: string; plan?: string }) {
  const q = new URLSearchParams(tokenInAddress(c, token));
  const shown = { error: flash.error?.slice(0, 300).trim(), ok: flash.ok?.slice(0, 300).trim() };
  if (shown.error) q.set('error', shown.error);
  if (shown.ok) q.set('ok', shown.ok);
  if (shown.error || shown.ok) q.set('sig', await flashSignature(token, shown));
  if (flash.move) q.set('move', flash.move.slice(0, MAX_MOVE_TEXT));
  if (flash.message) q.set('message', flash.message.slice(0, MAX_MESSAGE_QUERY));
  if (flash.plan !== undefined) q.set('plan', flash.plan.slice(0, MAX_PLAN_CHARS));
  if (flash.move || flash.message || flash.plan !== undefined) q.set('typed', await typingTag(token, id));
  // A refused turn is said beside its move box (the page puts it there): open the page at the box.
  const at = flash.plan !== undefined ? '#plan-replies' : flash.error && flash.move ? '#move-form' : '';
  return c.redirect(`/games/${id}?${q}${at}`, 303);
}

/** A form without a token from a signed-in player's page acts with the key in the /me cookie. */
const withCookieKey = (c: Context, fields: Record<string, string>) => {
  const key = fields.token ? undefined : getCookie(c, KEY_COOKIE);
  return key ? { ...fields, token: key } : fields;
};

/**
 * The rematch form of a game played by links (POST /games/:id/rematch with the seat's token: offer,
 * accept, decline): back to the game with what was done, or to the rematch's game once made, opened
 * with the same token.
 */
export async function linkRematchForm(c: Context<AppEnv>, id: string, fields: Record<string, string>): Promise<Response> {
  const token = v.safeParse(TokenSchema, fields.token);
  if (!token.success) return errorPage(c, 403, 'Not your game', 'The form did not carry a valid player token. Open your player link again.');
  const t = token.output;
  const input = v.safeParse(RematchSchema, fields.action ? { action: fields.action } : {});
  if (!input.success) return backToGame(c, id, t, { error: describeIssues(input.issues, 'action') });
  const asked = await askLinkRematch(c.var.services.games, id, t, input.output.action, linkBase(c));
  if (!asked.ok) return asked.status === 404 ? errorPage(c, 404, 'No such game', failureWords(asked)) : backToGame(c, id, t, { error: failureWords(asked) });
  const answer = asked.value;
  if (answer.kind !== 'state') return c.redirect(`/games/${answer.kind === 'made' ? answer.game.id : answer.gameId}?token=${encodeURIComponent(t)}`, 303);
  return backToGame(c, id, t, { ok: input.output.action === 'decline' ? 'You declined the rematch.' : 'You offered a rematch.' });
}

export const gameForms = new Hono<AppEnv>()
  // Every form here is taken only from this site's own pages.
  .use('/games/:id/*', ownPageForms)

  // "Add this game to my games": the seat of this link goes to the signed-in player, if nobody has it.
  // (Not `…/claim`: that is the no-JavaScript form claiming the win on time, below.)
  .post('/games/:id/add-to-my-games', playerForm, async (c) => {
    const id = c.req.param('id');
    const player = await cookiePlayer(c);
    if (!player) return errorPage(c, 403, 'Not signed in', 'Sign in on /me first (your player key), then open your game link again.', '/me');
    const loaded = await c.var.services.games.load(id, c.var.token);
    if (!loaded.ok) return errorPage(c, 404, 'No such game', failureWords(loaded));
    const side = loaded.value.you;
    if (!side) return errorPage(c, 403, 'Not your game', `Neither this link nor your signed-in key holds a seat in game ${id}.`, `/games/${id}`);
    const store = c.var.services.stores.players;
    const row = await store.game(id);
    if ((side === 'white' ? row?.blackPlayerId : row?.whitePlayerId) === player.id)
      return backToGame(c, id, c.var.token, { error: 'You hold the other seat of this game already.' });
    // The seat is the game's: changed in its object, which copies the row to the directory.
    if (!(await c.var.services.gameRecords.claimSeat(id, side, player.id, player.name ?? undefined))) {
      // Pressed twice: the first press gave it to this player (tester 20 T11).
      const now = await c.var.services.gameRecords.game(id);
      if ((side === 'white' ? now?.whitePlayerId : now?.blackPlayerId) === player.id)
        return backToGame(c, id, getCookie(c, KEY_COOKIE)!, { ok: 'This game is now in your games (My games).' });
      return backToGame(c, id, c.var.token, { error: 'This seat belongs to a player already, so it was not added to your games.' });
    }
    await c.var.services.gameRecords.dropInvitation(id, side);
    return backToGame(c, id, getCookie(c, KEY_COOKIE)!, { ok: 'This game is now in your games (My games).' });
  })

  .post('/games/:id/move', playerForm, async (c) => {
    const id = c.req.param('id');
    const form = v.safeParse(MoveFormSchema, c.var.fields);
    if (!form.success) return backToGame(c, id, c.var.token, { error: describeIssues(form.issues, 'move').replace(/^[\w.]+: /, '') });
    const f = form.output;
    if (f.do === 'preview') {
      // (Signed in by the /me cookie: not the key, tester 11 S6.)
      const q = new URLSearchParams({
        ...tokenInAddress(c, f.token),
        do: 'preview',
        move: f.move,
        ...(f.message ? { message: f.message } : {}),
        typed: await typingTag(f.token, id),
      });
      return c.redirect(`/games/${id}?${q}`, 303);
    }
    const played = await c.var.services.games.move(id, f.token, {
      move: f.move,
      ...(f.ply ? { ply: f.ply } : {}),
      ...(f.position ? { position: f.position } : {}),
      ...(f.message ? { message: f.message } : {}),
    });
    if (!played.ok) {
      if (played.status === 404) return errorPage(c, 404, 'No such game', failureWords(played));
      // The same form posted twice (a double click, a resent form): the first was played, and the
      // answer the browser shows (the second's) says so, not "Not played".
      const first = played.code === 'stale_ply' && f.ply ? await c.var.services.games.playedAlready(id, f.token, f.ply, f.move) : undefined;
      if (first) return backToGame(c, id, f.token, { ok: playedWords(first) });
      // The turn and the message typed with it stay in their boxes, to be mended and sent again.
      const error = played.code === 'stale_ply' ? staleTurnWords(f.move) : `Not played: ${aboutMove(f.move, played.error)}`;
      return backToGame(c, id, f.token, { error, move: f.move, ...(f.message ? { message: f.message } : {}) });
    }
    return backToGame(c, id, f.token, { ok: playedWords(played.value.move, played.value.answer) });
  })

  .post('/games/:id/message', playerForm, async (c) => {
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

  .post('/games/:id/message-visibility', playerForm, async (c) => {
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

  .post('/games/:id/settings', playerForm, async (c) => {
    const id = c.req.param('id');
    const form = v.safeParse(SettingsFormSchema, c.var.fields);
    // Every refusal said alike, the form's and the service's: "Notifications not saved: the <field> …" (tester 18 Y10).
    const notSaved = (words: string) => backToGame(c, id, c.var.token, { error: `Notifications not saved: ${words}` });
    if (!form.success) return notSaved(describeIssues(form.issues, 'form').replace(/^[\w.]+: /, ''));
    const f = form.output;
    const saved = await c.var.services.notify.patch(id, f.token, { email: f.email ?? null, webhook: f.webhook ?? null });
    if (!saved.ok) {
      if (saved.status === 404) return errorPage(c, 404, 'No such game', failureWords(saved));
      return notSaved(saved.error.replace(/^webhook: /, 'the webhook URL ').replace(/^email: /, 'the email address '));
    }
    // A new webhook secret is shown once, on its own page, never put in a link.
    if (saved.value.webhookSecret)
      return rarePage(c, {
        name: 'webhook-secret',
        props: { id, ...tokenInAddress(c, f.token), secret: saved.value.webhookSecret, webhook: saved.value.webhook ?? '' },
      });
    const words = [
      f.email ? `emails go to ${f.email} (an address new to Subspace is first mailed once, to confirm it)` : 'no emails',
      f.webhook ? 'the webhook is kept' : 'no webhook',
    ];
    return backToGame(c, id, f.token, { ok: `Notifications saved: ${words.join(', ')}.` });
  })

  // "Make a new link" (a seat link shared by mistake): the seat's new token, the old one ended; the page's new address is the link.
  .post('/games/:id/new-link', playerForm, async (c) => {
    const id = c.req.param('id');
    const renewed = await c.var.services.seatTokens.renew(id, c.var.token, linkBase(c), (await cookiePlayer(c))?.id);
    if (!renewed.ok) return errorPage(c, renewed.status === 404 ? 404 : 403, renewed.status === 404 ? 'No such game' : 'Not your game', failureWords(renewed));
    return backToGame(c, id, renewed.value.token, {
      ok: "This page's address is your new link: bookmark it or copy it from the address bar. The old link no longer works. An email address or webhook set with it stays: check Notifications below.",
    });
  })

  // "Email me about this game again": the seat's own email choice back on (after an email's
  // unsubscribe link turned it off), as PATCH /api/games/:id/me {notify: {email: true}} does.
  .post('/games/:id/email-on', playerForm, async (c) => {
    const id = c.req.param('id');
    const saved = await c.var.services.notify.patch(id, c.var.token, { notify: { email: true } });
    if (!saved.ok) {
      if (saved.status === 404) return errorPage(c, 404, 'No such game', failureWords(saved));
      return backToGame(c, id, c.var.token, { error: `Emails not turned on: ${saved.error}` });
    }
    return backToGame(c, id, c.var.token, { ok: `Emails about this game go to ${saved.value.email ?? 'your address'} again.` });
  })

  .post('/games/:id/conditional', playerForm, async (c) => {
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
    const stored = await c.var.services.games.setConditional(id, f.token, parsed.output.lines, { ply: f.ply });
    if (!stored.ok) {
      if (stored.status === 404) return errorPage(c, 404, 'No such game', failureWords(stored));
      return backToGame(c, id, f.token, { error: `Replies not stored: ${stored.error}`, plan: f.lines });
    }
    const n = stored.value.lines.length;
    return backToGame(c, id, f.token, { ok: n ? `Stored ${plural(n, 'planned line')}.` : 'No replies planned now.' });
  })

  // "Analyse this game" without JavaScript: ask, then back to the page it was pressed on (its script
  // asks the same way and fills the analysis in without leaving).
  .post(
    '/games/:id/analysis',
    limitNewGames((c, error) => errorPage(c, 429, 'Too many requests', `${sentence(error)}. Try again in a minute.`)),
    async (c) => {
      const id = c.req.param('id');
      const asked = isGameId(id) ? await c.var.services.analysis.request(id) : undefined;
      if (!asked?.ok)
        return errorPage(c, asked?.status === 409 ? 409 : 404, 'No analysis', asked ? failureWords(asked) : `There is no game with id ${id.slice(0, 40)}.`);
      const back = (await readForm(c)).back ?? '';
      const sameGame = back === `/games/${id}` || back.startsWith(`/games/${id}?`);
      return c.redirect(`${sameGame ? back : `/games/${id}`}#analysis`, 303);
    },
  )

  .post('/games/:id/:action{resign|abort|claim|draw|takeback|pause|leave}', playerForm, async (c) => {
    const id = c.req.param('id');
    const action = c.req.param('action') as 'resign' | 'abort' | 'claim' | 'draw' | 'takeback' | 'pause' | 'leave';
    const games = c.var.services.games;
    const t = c.var.token;
    let result;
    // What the player did, in the flash, unless the status lines above it already say so (a pause
    // running). An offer made is confirmed in words of its own beside the status line's (tester 18 Y10:
    // the redirect said nothing, where a turn, resign, accept and decline are confirmed).
    let done: string | undefined;
    if (action === 'draw') {
      const form = v.safeParse(DrawFormSchema, c.var.fields);
      if (!form.success) return backToGame(c, id, t, { error: describeIssues(form.issues, 'form') });
      result = await games.draw(id, t, form.output.action);
      done = {
        offer: 'Your draw offer is sent: your opponent may accept or decline it.',
        accept: 'You accepted the draw.',
        decline: 'You declined the draw.',
      }[form.output.action];
      if (result.ok && result.value.status !== 'active') done = 'The game is drawn by agreement.';
    } else if (action === 'takeback') {
      // The same three answers as a draw, and the ply the page showed.
      const form = v.safeParse(TakebackFormSchema, c.var.fields);
      if (!form.success) return backToGame(c, id, t, { error: describeIssues(form.issues, 'form') });
      result = await games.takeback(id, t, form.output.action, form.output.ply);
      done = {
        offer: 'Your takeback request is sent: your opponent may accept or decline it.',
        accept: 'You accepted the takeback.',
        decline: 'You declined the takeback.',
      }[form.output.action];
      // Granted at once (the computer at levels 1-2): its reply went too when two plies went (tester 9 U17).
      if (result.ok && form.output.action === 'offer' && result.value.takebackOffer === null)
        done =
          form.output.ply !== undefined && form.output.ply - result.value.ply === 2
            ? `Your last turn and the computer's reply were taken back: your move again at ply ${result.value.ply}.`
            : 'Your last turn was taken back.';
    } else if (action === 'pause') {
      // The form's days go through the API's own schema, so the page says what the API says.
      const form = v.safeParse(PauseFormSchema, c.var.fields);
      if (!form.success) return backToGame(c, id, t, { error: describeIssues(form.issues, 'form') });
      const input = v.safeParse(PauseSchema, form.output.action === 'offer' ? { action: 'offer', days: form.output.days } : { action: form.output.action });
      if (!input.success) return backToGame(c, id, t, { error: describeIssues(input.issues, 'form') });
      // An answer carries the days it was shown for: the request may have been taken back and asked
      // again for other days since the page was drawn (tester 7 H11).
      if (form.output.days !== undefined && (form.output.action === 'accept' || form.output.action === 'decline')) {
        const now = await games.load(id, t);
        const other = now.ok ? otherPauseAsked(now.value, form.output.days) : undefined;
        if (other) return backToGame(c, id, t, { error: `That request was taken back: ${other}. Answer it below.` });
      }
      result = await games.pause(id, t, input.output);
      done = { offer: undefined, accept: undefined, decline: 'You declined the pause.', cancel: 'You took your request for a pause back.' }[
        input.output.action
      ];
    } else if (action === 'leave') {
      const form = v.safeParse(LeaveFormSchema, c.var.fields);
      if (!form.success) return backToGame(c, id, t, { error: describeIssues(form.issues, 'form') });
      const input = v.safeParse(LeaveSchema, { days: form.output.days, ...(form.output.deadline ? { deadline: form.output.deadline } : {}) });
      if (!input.success) return backToGame(c, id, t, { error: describeIssues(input.issues, 'form') });
      result = await games.leave(id, t, input.output.days, input.output.deadline);
      done = `You took ${plural(input.output.days, 'day')} of leave.`;
      // Pressed twice: the deadline the form read, moved by these days, is the first press's doing (tester 20 T12).
      const read = input.output.deadline;
      if (!result.ok && result.code === 'stale_ply' && read !== undefined) {
        const now = await games.load(id, t);
        const deadline = now.ok ? now.value.clock?.deadline : undefined;
        if (deadline && Date.parse(deadline) === Date.parse(read) + input.output.days * DAY_MS) return backToGame(c, id, t, { ok: done });
      }
    } else {
      // Resign and abort cannot be undone: a press without the page script's confirm() (which adds
      // `confirmed`) is asked once more on a page of its own (tester 9 U7: one tap lost a game).
      if (action !== 'claim' && c.var.fields.confirmed !== '1') {
        const fromCookie = t === getCookie(c, KEY_COOKIE);
        return rarePage(c, { name: 'confirm-end', props: { id, action, token: fromCookie ? undefined : t } });
      }
      result = await games[action](id, t);
      done = { resign: 'You resigned.', abort: 'You aborted the game.', claim: 'You claimed the win on time.' }[action];
    }
    if (!result.ok) {
      if (result.status === 404) return errorPage(c, 404, 'No such game', failureWords(result));
      // Pressed twice (no script to stop the second): the end it asked for came with the first press,
      // and the page the browser shows says so, not "the game is over" as an error (tester 20 T12).
      if (result.code === 'game_over') {
        const now = await games.load(id, t);
        const asked = now.ok ? endAsked(action, c.var.fields.action, now.value) : undefined;
        if (asked) return backToGame(c, id, t, { ok: asked });
      }
      // An offer pressed twice: it stands, made by the first press; the page's status line says so.
      if (result.code === 'already_offered') return backToGame(c, id, t, done ? { ok: done } : {});
      // The same for a takeback accepted twice: the first press took it back, the second finds the game moved on.
      if (result.code === 'stale_ply' && action === 'takeback' && c.var.fields.action === 'accept' && (await acceptedJustNow(games, id, t)))
        return backToGame(c, id, t, { ok: 'You accepted the takeback.' });
      return backToGame(c, id, t, { error: failureWords(result) });
    }
    return backToGame(c, id, t, done ? { ok: done } : {});
  });

/** Did this seat's opponent's takeback request go through a moment ago (its last, with no turn since)? */
async function acceptedJustNow(games: GameApi, id: string, token: string): Promise<boolean> {
  const [state, history] = await Promise.all([games.load(id, token), games.history(id)]);
  const last = history.ok ? history.value.takebacks.at(-1) : undefined;
  if (!state.ok || !state.value.you || !last || !history.ok) return false;
  return last.side !== state.value.you && history.value.ply === last.toPly && Date.now() - Date.parse(last.at) < 10_000;
}

/** The words for a game's end that `action` (with the form's `action` field, a draw's) would have made, if that is how it ended. */
function endAsked(action: string, field: string | undefined, state: PublicState): string | undefined {
  const mine = state.you !== undefined && state.winner === state.you;
  if (action === 'resign' && state.reason === 'resignation' && state.winner !== null && !mine) return 'You resigned.';
  if (action === 'abort' && state.reason === 'aborted') return 'You aborted the game.';
  if (action === 'claim' && state.reason === 'timeout' && mine) return 'You claimed the win on time.';
  if (action === 'draw' && field === 'accept' && state.reason === 'agreement') return 'The game is drawn by agreement.';
  return undefined;
}
