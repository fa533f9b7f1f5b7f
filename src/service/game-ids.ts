// Game ids that say they were made here: 12 random characters and a 4-character tag, an HMAC of
// them under the server's key. A request for a game whose id carries a valid tag goes straight to
// the game's object (no directory read on a move's path); any other id is looked up in the
// directory first (games from before the tags), and an id that is neither is a 404 that touches
// no object, so a guessed or malformed id leaves no storage behind (issue 28).
import { newGameId, timingSafeEqualText } from './crypto.ts';

const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const BASE_LENGTH = 12;
const TAG_LENGTH = 4;

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(`game-id:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(secret, key);
  }
  return key;
}

async function tag(secret: string, base: string): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(base)));
  return Array.from(mac.subarray(0, TAG_LENGTH), (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** A new game's id, tagged under `secret`. */
export async function newTaggedGameId(secret: string): Promise<string> {
  const base = newGameId();
  return base + (await tag(secret, base));
}

/** Whether `id` carries a valid tag under `secret` (it was made here; the game may still have failed to be made). */
export async function hasGameIdTag(secret: string, id: string): Promise<boolean> {
  if (id.length !== BASE_LENGTH + TAG_LENGTH) return false;
  return timingSafeEqualText(await tag(secret, id.slice(0, BASE_LENGTH)), id.slice(BASE_LENGTH));
}
