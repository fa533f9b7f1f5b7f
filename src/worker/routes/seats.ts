// Player-facing notification routes: settings (GET/PATCH .../me), the delivery log,
// the chat-bot endpoint, and the unsubscribe link of emails. Thin: validate, call
// the services, translate.
import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono/tiny';
import type { Context } from 'hono';
import * as v from 'valibot';
import { colorName } from '../../engine/types.ts';
import { noSeatWords } from '../../service/seat-holder.ts';
import { ChatJsonSchema, chatLength, ConfirmAddressQuerySchema, MAX_CHAT_TEXT, SettingsPatchSchema, UnsubscribeQuerySchema } from '../../notify/schemas.ts';
import { fromFailure, linkBase, reply, type AppEnv, jsonError } from '../http.ts';
import { requirePlayer } from '../http-auth.ts';
import { formBodyText, isJson, mediaType, readForm, readJson, requireJson } from '../http-body.ts';
import { describeIssues, validationHook } from '../http-validation.ts';
import type { GameEnv } from '../game-id.ts';
import { errorPage, failureWords, rarePage } from '../pages/respond.tsx';
import { slackSignature } from '../slack-signature.ts';
import { parseCommand } from '../text/command-parse.ts';
import { runCommand, type CommandAnswer } from '../text/commands.ts';

/** The command text of a chat post: text/plain, a form (Slack: text=...), or JSON {text}. */
export async function chatText(c: Context): Promise<{ ok: true; text: string; form: boolean } | { ok: false; response: Response }> {
  const read = await chatBody(c);
  // Never cut short in silence: a `say` cut at the limit would send words the player did not write.
  if (read.ok && chatLength(read.text) > MAX_CHAT_TEXT)
    return { ok: false, response: jsonError(c, 400, 'invalid_body', `text: is longer than ${MAX_CHAT_TEXT} characters`) };
  return read;
}

async function chatBody(c: Context): Promise<{ ok: true; text: string; form: boolean } | { ok: false; response: Response }> {
  const type = mediaType(c);
  if (type === 'text/plain' || type === '') return { ok: true, text: await c.req.text(), form: false };
  if (type === 'application/x-www-form-urlencoded') {
    // Slack: text=...; a bare `curl --data 'say fish & chips'` (also labelled form-encoded) is the
    // command itself, as written: read as a form, "&" would end it, "+" be a space, "=" drop it.
    const { text, fromField } = formBodyText(await c.req.text(), 'text');
    return { ok: true, text, form: fromField };
  }
  if (type === 'multipart/form-data') {
    const form = await readForm(c);
    return { ok: true, text: form.text ?? '', form: true };
  }
  if (isJson(type)) {
    const body = await readJson(c);
    if (!body.ok) return body;
    const parsed = v.safeParse(ChatJsonSchema, body.value);
    if (!parsed.success) return { ok: false, response: jsonError(c, 400, 'invalid_body', describeIssues(parsed.issues)) };
    return { ok: true, text: parsed.output.text, form: false };
  }
  return { ok: false, response: jsonError(c, 415, 'unsupported_media_type', 'send the command as text/plain, a form with text=..., or JSON {"text": "..."}') };
}

/** The first line with words in it: a chat post is one command. */
export const commandLine = (text: string) => text.split(/\r?\n/).find((l) => l.trim()) ?? '';

/**
 * A command's answer to a chat client. Command failures (illegal turn, not your turn) are
 * answers too: 200 with ok: false, so chat platforms show the reason instead of a generic error.
 */
export function chatAnswer(c: Context, form: boolean, result: CommandAnswer, extra: object = {}) {
  if ((c.req.header('Accept') ?? '').includes('text/plain')) return c.text(result.reply);
  return c.json({
    ok: result.ok,
    reply: result.reply,
    ...(form ? { response_type: 'ephemeral', text: '```\n' + result.reply + '\n```' } : {}),
    ...('status' in result && !result.ok ? { status: result.status } : {}),
    ...extra,
  });
}

/** A seat's own settings, deliveries and chat commands, under /api/games/:id. */
export const seat = new Hono<GameEnv>()
  .get('/me', requirePlayer, async (c) => {
    return reply(c, await c.var.services.notify.get(c.var.gameId, c.var.token));
  })

  .patch('/me', requirePlayer, requireJson, vValidator('json', SettingsPatchSchema, validationHook('body')), async (c) => {
    return reply(c, await c.var.services.notify.patch(c.var.gameId, c.var.token, c.req.valid('json')));
  })

  .get('/deliveries', requirePlayer, async (c) => {
    return reply(c, await c.var.services.notify.deliveries(c.var.gameId, c.var.token));
  })

  // A seat link shared by mistake: a new token for the seat, the old one ends.
  .post('/token', requirePlayer, async (c) => reply(c, await c.var.services.seatTokens.renew(c.var.gameId, c.var.token, linkBase(c)), 201))

  .post('/chat', slackSignature, requirePlayer, async (c) => {
    const id = c.var.gameId;
    const service = c.var.services.games;
    const game = await service.load(id, c.var.token);
    if (!game.ok) return fromFailure(c, game);
    if (!game.value.you) return jsonError(c, 403, 'bad_token', noSeatWords(id));
    const body = await chatText(c);
    if (!body.ok) return body.response;
    const command = parseCommand(commandLine(body.text)) ?? { kind: 'help' as const };
    const result = await runCommand(service, id, c.var.token, command, linkBase(c).origin);
    return chatAnswer(c, body.form, result, { state: result.state ?? game.value });
  });

/**
 * The unsubscribe link of emails: GET shows a button (a mail scanner that opens links unsubscribes
 * nobody), POST turns the seat's emails off (also the mail clients' one-click, RFC 8058). A link
 * that is not ours is a 403 `bad_link`: a page for a browser, else text.
 */
export const unsubscribe = new Hono<AppEnv>().on(['GET', 'POST'], '/', async (c) => {
  const browser = /\btext\/html\b/.test(c.req.header('Accept') ?? '');
  const q = v.safeParse(UnsubscribeQuerySchema, c.req.query());
  const refused = (why: string) => (browser ? errorPage(c, 403, 'Unsubscribe link not valid', why) : c.text(`${why}\n`, 403));
  if (!q.success) return refused(`${describeIssues(q.issues, 'link')}: copy the whole link from the mail.`);
  const { game, side, t, scope } = q.output;
  /** This link's address with another scope: its pages' buttons. */
  const action = (scope: 'game' | 'all' | 'again') => `/unsubscribe?${new URLSearchParams({ game, side, t, ...(scope === 'game' ? {} : { scope }) })}`;
  if (c.req.method === 'GET') {
    const email = await c.var.services.notify.unsubscribeTarget(game, side, t);
    if (email === undefined) return refused('This unsubscribe link is not valid: copy the whole link from the mail.');
    return rarePage(c, { name: 'unsubscribe', props: { game, side, action: action('game'), ...(email ? { email, actionAll: action('all') } : {}) } });
  }
  if (scope === 'all') {
    const closed = await c.var.services.notify.unsubscribeAddress(game, side, t);
    if (!closed.ok) {
      if (closed.status === 403) return refused(failureWords(closed));
      const status = closed.status === 404 ? 404 : 400;
      return browser ? errorPage(c, status, 'Not done', failureWords(closed)) : c.text(`${closed.error}\n`, status);
    }
    if (browser) return rarePage(c, { name: 'unsubscribed', props: { game, side, email: closed.value.email } });
    return c.text(`Done: no more email from Subspace to ${closed.value.email}, from any game. Confirming the address again lifts that.\n`);
  }
  const again = scope === 'again';
  const result = await c.var.services.notify.unsubscribe(game, side, t, again);
  if (!result.ok)
    return result.status === 403
      ? refused(failureWords(result))
      : browser
        ? errorPage(c, 404, 'No such game', failureWords(result))
        : c.text(`${result.error}\n`, result.status);
  if (browser)
    return rarePage(c, {
      name: 'unsubscribed',
      props: { game, side, ...(again ? { again } : { actionAgain: action('again') }) },
    });
  if (again) return c.text(`Done: notification emails for ${colorName(side)} in game ${game} are on again.\n`);
  return c.text(
    `Done: no more notification emails for ${colorName(side)} in game ${game}. Turn them back on from the game's page (open it signed in, or with your own link): "Email me about this game again".\n`,
  );
});

/**
 * The link in the one mail an unconfirmed address gets (src/notify/email.ts): GET shows a button,
 * POST confirms, so a mail scanner that opens links confirms nothing.
 */
export const confirmAddress = new Hono<AppEnv>().on(['GET', 'POST'], '/', async (c) => {
  const q = v.safeParse(ConfirmAddressQuerySchema, c.req.query());
  if (!q.success) return errorPage(c, 403, 'Confirmation link not valid', `${describeIssues(q.issues, 'link')}: copy the whole link from the mail.`);
  const { email, t } = q.output;
  const notify = c.var.services.notify;
  // A link that is not ours is refused on the GET already, as the other mailed links are (tester 5 F6).
  const confirmed = await (c.req.method === 'GET' ? notify.addressLink(email, t) : notify.confirmAddress(email, t));
  if (confirmed.ok && c.req.method === 'GET')
    return rarePage(c, { name: 'confirm-address', props: { email, action: `/confirm-address?${new URLSearchParams({ email, t })}` } });
  if (!confirmed.ok) return errorPage(c, 403, 'Confirmation link not valid', failureWords(confirmed));
  return rarePage(c, { name: 'address-confirmed', props: { email: confirmed.value.email } });
});
