// Linking chat bots from /me (forms from our own pages only): confirm a Discord user's
// `/subspace link`, make a Telegram deep link, switch a link's notifications, unlink.
import { Hono } from 'hono/tiny';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { CHAT_PLATFORMS } from '../../db/schema-chat.ts';
import type { PlayerRow } from '../../db/schema.ts';
import { peekCode, telegramStartCode, useCode } from '../bots/link-codes.ts';
import type { AppEnv } from '../http.ts';
import { readForm } from '../http-body.ts';
import type { ChatLinksSection } from '../pages/chat-links.tsx';
import { meErrorPage as errorPage, ownPageForms, rarePage } from '../pages/respond.tsx';
import { sha256Hex } from '../../service/crypto.ts';
import { KEY_COOKIE } from '../http-auth.ts';
import { cookiePlayer } from '../viewer.tsx';

/** The /me section of a player (shown only where a bot is set up or a link exists). */
export async function chatLinksOf(c: Context<AppEnv>, player: PlayerRow): Promise<Parameters<typeof ChatLinksSection>[0] | null> {
  const links = await c.var.services.stores.chat.linksOf([player.id]);
  const { config } = c.var.services;
  const discord = Boolean(config.discord.publicKey);
  const telegram = Boolean(config.telegram.secret && config.telegram.token);
  return links.length || discord || telegram ? { links, discord, telegram } : null;
}

const ChangeSchema = v.object({
  platform: v.picklist(CHAT_PLATFORMS, 'must be discord or telegram'),
  id: v.pipe(v.string(), v.regex(/^-?\d{1,25}$/, 'is not a Discord user or Telegram chat id')),
  action: v.picklist(['notify-on', 'notify-off', 'unlink'], 'must be notify-on, notify-off or unlink'),
});

const notSignedIn = (c: Context<AppEnv>) =>
  errorPage(c, 403, 'Not signed in', 'Open your personal link (or sign in) on this device first, then open this link again.');

export const chatLinkPages = new Hono<AppEnv>()
  .get('/me/link/discord', async (c) => {
    const player = await cookiePlayer(c);
    if (!player) return notSignedIn(c);
    const code = c.req.query('code') ?? '';
    const found = await peekCode(c.var.services.stores.chat, 'discord', code, Date.now());
    if (!found) return errorPage(c, 404, 'Link not valid', 'This link was used already or it expired. Type /subspace link in Discord again for a new one.');
    return rarePage(c, { name: 'confirm-discord', props: { code, label: found.label, player: player.name ?? `player ${player.id}` } });
  })

  .use('/me/link/*', ownPageForms)
  .use('/me/chat-links', ownPageForms)

  .post('/me/link/discord', async (c) => {
    const player = await cookiePlayer(c);
    if (!player) return notSignedIn(c);
    const store = c.var.services.stores.chat;
    const used = await useCode(store, 'discord', (await readForm(c)).code ?? '', Date.now());
    if (!used?.externalId)
      return errorPage(c, 404, 'Link not valid', 'This link was used already or it expired. Type /subspace link in Discord again for a new one.');
    const keyHash = await sha256Hex(getCookie(c, KEY_COOKIE)!);
    if (!(await store.saveLink({ platform: 'discord', externalId: used.externalId, playerId: player.id, label: used.label, createdAt: Date.now(), keyHash })))
      return notSignedIn(c);
    return c.redirect('/me#chat-links', 303);
  })

  .post('/me/link/telegram', async (c) => {
    const player = await cookiePlayer(c);
    if (!player) return notSignedIn(c);
    const { telegram } = c.var.services.config;
    if (!telegram.secret || !telegram.token) return errorPage(c, 404, 'No Telegram bot', 'This server has no Telegram bot set up.');
    const code = await telegramStartCode(c.var.services.stores.chat, player.id, getCookie(c, KEY_COOKIE)!, Date.now());
    return rarePage(c, { name: 'telegram-link', props: { code, bot: telegram.botName } });
  })

  .post('/me/chat-links', async (c) => {
    const player = await cookiePlayer(c);
    if (!player) return notSignedIn(c);
    const form = v.safeParse(ChangeSchema, await readForm(c));
    if (!form.success) return errorPage(c, 400, 'Not changed', `${form.issues[0].path?.[0]?.key ?? 'form'}: ${form.issues[0].message}`);
    const { platform, id, action } = form.output;
    const store = c.var.services.stores.chat;
    const changed = action === 'unlink' ? await store.unlink(player.id, platform, id) : await store.setNotify(player.id, platform, id, action === 'notify-on');
    if (!changed) return errorPage(c, 404, 'Not changed', 'That chat is not linked to you.');
    return c.redirect('/me#chat-links', 303);
  });
