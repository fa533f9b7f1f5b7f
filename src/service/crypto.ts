// Secrets: a random token per player (only its SHA-256 is stored), webhook
// secrets, game ids, and comparisons that take the same time whatever the input.
import type { GameRow } from '../db/schema.ts';
import type { Color } from '../engine/types.ts';

const toBase64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** 32 random bytes (256 bits), base64url: 43 characters. */
export function newToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

const ID_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz'; // no 0/o, 1/l/i: ids get read aloud and typed

/** A short random game id: 12 characters from a 31-letter alphabet (~59 bits). */
export function newGameId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  // A byte modulo 31 is slightly biased; harmless for ids (the secrets are the tokens).
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Constant-time equality of two strings (compared as UTF-8 bytes). */
export function timingSafeEqualText(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  if (x.length !== y.length) return false;
  const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual?: (a: ArrayBufferView, b: ArrayBufferView) => boolean };
  if (typeof subtle.timingSafeEqual === 'function') return subtle.timingSafeEqual(x, y);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}

/** The side whose token this is; both hashes are always compared, in constant time. */
export async function sideOfToken(row: Pick<GameRow, 'whiteTokenHash' | 'blackTokenHash'>, token: string): Promise<Color | undefined> {
  const hash = await sha256Hex(token);
  const white = timingSafeEqualText(hash, row.whiteTokenHash);
  const black = timingSafeEqualText(hash, row.blackTokenHash);
  return white ? 'white' : black ? 'black' : undefined;
}

/** A new webhook secret: `whsec_` + base64 of 24 random bytes (shown to the player once). */
export function newWebhookSecret(): string {
  return `whsec_${toBase64(crypto.getRandomValues(new Uint8Array(24)))}`;
}
