// Per-player reply addresses (play+<gameId>.<side>.<tag>@MAIL_DOMAIN), unsubscribe links and
// address-confirmation links, all carrying an HMAC tag under REPLY_SECRET so nobody can forge them.
import type { Color } from '../engine/types.ts';
import { addressTag, checkTag, replyTag, unsubscribeTag } from './signing.ts';

/** Read from the environment by src/worker/config.ts. */
export interface MailConfig {
  readonly from: string;
  readonly domain: string;
  /** Without it there are no reply addresses or unsubscribe links (and inbound mail is refused). */
  readonly secret: string | undefined;
}

export async function replyAddress(config: MailConfig, gameId: string, side: Color): Promise<string | null> {
  if (!config.secret) return null;
  return `play+${gameId}.${side}.${await replyTag(config.secret, gameId, side)}@${config.domain}`;
}

/** The game and side named by a reply address, when its tag is genuine. */
export async function readReplyAddress(config: MailConfig, address: string): Promise<{ gameId: string; side: Color } | undefined> {
  if (!config.secret) return undefined;
  const m = /^play\+([a-z0-9]{4,32})\.(white|black)\.([0-9a-f]{16})@(.+)$/i.exec(address.trim().replace(/^<|>$/g, ''));
  if (!m) return undefined;
  const [gameId, side, tag] = [m[1]!.toLowerCase(), m[2]!.toLowerCase() as Color, m[3]!];
  return (await checkTag(replyTag(config.secret, gameId, side), tag)) ? { gameId, side } : undefined;
}

/** The unsubscribe link of a mail to `email` for this seat. */
export async function unsubscribeUrl(config: MailConfig, origin: string, gameId: string, side: Color, email: string): Promise<string | null> {
  if (!config.secret) return null;
  const t = await unsubscribeTag(config.secret, gameId, side, email);
  return `${origin}/unsubscribe?game=${gameId}&side=${side}&t=${t}`;
}

/**
 * What an unsubscribe link may do: `address`, it was mailed to the seat's address as it is now (this
 * game's mail, or all mail to that address); `seat`, a link of a mail sent before links named their
 * address (this game's mail only); false, neither.
 */
export async function checkUnsubscribe(config: MailConfig, gameId: string, side: Color, email: string | null, t: string): Promise<'address' | 'seat' | false> {
  if (!config.secret) return false;
  if (email && (await checkTag(unsubscribeTag(config.secret, gameId, side, email), t))) return 'address';
  return (await checkTag(unsubscribeTag(config.secret, gameId, side), t)) ? 'seat' : false;
}

/** The link that confirms an address a seat was given (GET shows a button, POST confirms: a mail scanner only GETs). */
export async function confirmAddressUrl(config: MailConfig, origin: string, email: string): Promise<string | null> {
  if (!config.secret) return null;
  const t = await addressTag(config.secret, email);
  return `${origin}/confirm-address?email=${encodeURIComponent(email)}&t=${t}`;
}

export async function checkAddressConfirmation(config: MailConfig, email: string, t: string): Promise<boolean> {
  return config.secret ? checkTag(addressTag(config.secret, email), t) : false;
}

/** Every mail the service writes by itself says so (RFC 3834): vacation responders do not answer it. */
export const AUTO_GENERATED = { 'Auto-Submitted': 'auto-generated' } as const;
