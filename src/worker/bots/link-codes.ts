// One-time codes that tie a Discord user or a Telegram chat to a player. Only the SHA-256 of a
// code is stored; a code works once, for LINK_MINUTES.
//   Discord: `/subspace link` makes a code for the user; the player opens its link while signed
//   in on /me and confirms.
//   Telegram: the signed-in player asks /me for a code; the deep link t.me/<bot>?start=<code>
//   sends `/start <code>` from the chat, which ties it.
import type { ChatStore } from '../../db/chat-store.ts';
import type { ChatPlatform } from '../../db/schema-chat.ts';
import { newToken, sha256Hex } from '../../service/crypto.ts';

export const LINK_MINUTES = 30;
/** A code as it appears in links and `/start` (base64url, 43 characters). */
export const LINK_CODE = /^[A-Za-z0-9_-]{43}$/;

/** A code for a Discord user, to be confirmed by a signed-in player: the link to open. */
export async function discordLinkUrl(store: ChatStore, origin: string, userId: string, label: string | null, now: number): Promise<string> {
  const code = newToken();
  await store.addCode({ codeHash: await sha256Hex(code), platform: 'discord', externalId: userId, label, expiresAt: now + LINK_MINUTES * 60_000 });
  return `${origin}/me/link/discord?code=${code}`;
}

/** A code for a player, to be sent from a Telegram chat as `/start <code>`; `key`: the player key asking (the chat is tied through it). */
export async function telegramStartCode(store: ChatStore, playerId: string, key: string, now: number): Promise<string> {
  const code = newToken();
  await store.addCode({
    codeHash: await sha256Hex(code),
    platform: 'telegram',
    playerId,
    keyHash: await sha256Hex(key),
    expiresAt: now + LINK_MINUTES * 60_000,
  });
  return code;
}

/** Read a code without using it (the confirmation page); undefined when unknown, used or expired. */
export async function peekCode(store: ChatStore, platform: ChatPlatform, code: string, now: number) {
  return LINK_CODE.test(code) ? store.code(await sha256Hex(code), platform, now) : undefined;
}

/** Use a code: it works once. */
export async function useCode(store: ChatStore, platform: ChatPlatform, code: string, now: number) {
  return LINK_CODE.test(code) ? store.useCode(await sha256Hex(code), platform, now) : undefined;
}
