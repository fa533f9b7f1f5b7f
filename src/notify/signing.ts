// Secrets and signatures: Standard Webhooks signing (whsec_ secrets, v1 HMAC-SHA256
// over "id.timestamp.body"), and the HMAC tags of reply addresses, unsubscribe and address-confirmation links.
import type { Color } from '../engine/types.ts';
import { timingSafeEqualText, toBase64 } from '../service/crypto.ts';

const enc = new TextEncoder();

function fromBase64(text: string): Uint8Array {
  const bin = atob(text);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function hmac(key: Uint8Array, message: string): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, enc.encode(message)));
}

/** The Standard Webhooks headers for one attempt (the id stays, the timestamp is now). */
export async function webhookHeaders(secret: string, id: string, timestampSeconds: number, body: string): Promise<Record<string, string>> {
  const key = fromBase64(secret.replace(/^whsec_/, ''));
  const signature = toBase64(await hmac(key, `${id}.${timestampSeconds}.${body}`));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}

/** A short lowercase hex HMAC tag (64 bits) of `purpose:text` under the server secret. */
async function tag(secret: string, purpose: string, text: string): Promise<string> {
  const mac = await hmac(enc.encode(secret), `${purpose}:${text}`);
  return Array.from(mac.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

export const replyTag = (secret: string, gameId: string, side: Color) => tag(secret, 'reply', `${gameId}.${side}`);
/** Signs the message a page form redirects back with, under the player's own token: a link made elsewhere cannot put words on the page. */
export const flashTag = (token: string, message: string) => tag(token, 'flash', message);
/**
 * An email's unsubscribe link, bound to the address it was mailed to (tester 11 S5: a seat's holder could
 * point the seat at another address and stop all mail to it); without `email`, the links of mails sent
 * before, which stop only that seat's mail.
 */
export const unsubscribeTag = (secret: string, gameId: string, side: Color, email?: string) =>
  tag(secret, 'unsubscribe', email === undefined ? `${gameId}.${side}` : `${gameId}.${side}.${email.toLowerCase()}`);
/**
 * The tag a player's own page forms and redirects carry when they put typed words back on the game
 * page (a turn, its message, conditional lines, a preview or a hint), under the player's token or
 * key: a link made elsewhere cannot fill the boxes (tester 11 S4).
 */
export const typingTag = (token: string, gameId: string) => tag(token, 'typing', gameId);
/** The tag of an address's confirmation link (lower case address). */
export const addressTag = (secret: string, email: string) => tag(secret, 'address', email);

export async function checkTag(expected: Promise<string>, given: string): Promise<boolean> {
  return timingSafeEqualText(await expected, given.toLowerCase());
}
