// Web Push (RFC 8030) from the Worker: VAPID keys (RFC 8292), checking a browser's
// PushSubscription, and one push request. The payload is encrypted as RFC 8291 aes128gcm by
// @block65/webcrypto-web-push (WebCrypto only, made for Workers), which signs the VAPID JWT for
// every push service too (https). It refuses http endpoints, so for a local receiver on
// http://127.0.0.1 (npm start, the browser test) the same JWT (ES256, a few lines of WebCrypto)
// is signed here, with `aud` the receiver's own origin.
import { encryptNotification, vapidHeaders } from '@block65/webcrypto-web-push';
import type { WebhookPolicy } from '../service/ports.ts';
import { fetchFailure } from './webhook.ts';
import type { DeliveryOutcome } from './types.ts';

/** Push services keep a message at most this long; so do we (24 h). */
export const PUSH_TTL_SECONDS = 86_400;
/** The VAPID JWT's lifetime: RFC 8292 allows at most 24 h. */
const JWT_SECONDS = 12 * 3600;
const PUSH_TIMEOUT_MS = 10_000;

/** Read from the environment by src/worker/config.ts. */
export interface VapidKeys {
  /** The uncompressed P-256 point, base64url (what GET /api/push/key answers). */
  readonly publicKey: string;
  /** The private scalar d, base64url. */
  readonly privateKey: string;
  /** mailto: or https: contact for the push services. */
  readonly subject: string;
}

export const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** base64url (or base64) to bytes; undefined when it is not that. */
export function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_+/-]*={0,2}$/.test(text)) return undefined;
  try {
    const bin = atob(
      text
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .replace(/=+$/, '')
        .padEnd(Math.ceil(text.replace(/=+$/, '').length / 4) * 4, '='),
    );
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

export interface SubscriptionInput {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/** undefined when the browser's subscription can be used, else "<field>: <what is wrong>". */
export async function subscriptionProblem(sub: SubscriptionInput, policy: WebhookPolicy): Promise<string | undefined> {
  const point = fromBase64url(sub.keys.p256dh);
  if (point?.length !== 65 || point[0] !== 4) return 'keys.p256dh: must be an uncompressed P-256 point (65 bytes, base64url)';
  try {
    await crypto.subtle.importKey('raw', point, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  } catch {
    return 'keys.p256dh: is not a point on the P-256 curve';
  }
  const auth = fromBase64url(sub.keys.auth);
  if (auth?.length !== 16) return 'keys.auth: must be 16 bytes (base64url)';
  const problem = await policy.problem(sub.endpoint);
  if (problem) return `endpoint: ${problem}`;
  return undefined;
}

const jsonPart = (value: object) => base64url(new TextEncoder().encode(JSON.stringify(value)));

/** The RFC 8292 JWT for one push service: ES256 over {aud, exp, sub}. */
export async function vapidJwt(keys: VapidKeys, audience: string, nowMs: number): Promise<string> {
  const point = fromBase64url(keys.publicKey)!;
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', x: base64url(point.slice(1, 33)), y: base64url(point.slice(33, 65)), d: keys.privateKey, ext: false },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
  const data = `${jsonPart({ typ: 'JWT', alg: 'ES256' })}.${jsonPart({ aud: audience, exp: Math.floor(nowMs / 1000) + JWT_SECONDS, sub: keys.subject })}`;
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, new TextEncoder().encode(data)));
  return `${data}.${base64url(signature)}`;
}

export interface PushOptions {
  /** Topic: a later message with the same topic replaces one the push service still holds. */
  readonly topic: string;
  readonly urgency: 'normal' | 'high';
  readonly ttl?: number;
}

/** RFC 8292's Authorization header: the library's for a push service, ours for a local http receiver. */
async function vapidAuthorization(keys: VapidKeys, sub: SubscriptionInput, nowMs: number): Promise<string> {
  const endpoint = new URL(sub.endpoint);
  if (endpoint.protocol === 'https:') return (await vapidHeaders({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }, keys)).headers.authorization;
  return `vapid t=${await vapidJwt(keys, endpoint.origin, nowMs)}, k=${keys.publicKey}`;
}

/** The HTTP request of one push message (RFC 8030 §5): encrypted body, VAPID, TTL, Urgency, Topic. */
export async function pushRequest(keys: VapidKeys, sub: SubscriptionInput, payload: object, options: PushOptions, nowMs: number): Promise<Request> {
  const body = await encryptNotification({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }, new TextEncoder().encode(JSON.stringify(payload)));
  return new Request(sub.endpoint, {
    method: 'POST',
    headers: {
      authorization: await vapidAuthorization(keys, sub, nowMs),
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: String(options.ttl ?? PUSH_TTL_SECONDS),
      urgency: options.urgency,
      // RFC 8030 §5.4: up to 32 characters of the base64url alphabet.
      topic: options.topic.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
    },
    body,
    redirect: 'manual',
  });
}

/** Send one push: 2xx delivered; 404/410 gone (the subscription is over); else failed (retried). */
export async function sendPush(request: Request, timeoutMs = PUSH_TIMEOUT_MS): Promise<DeliveryOutcome> {
  let res: Response;
  try {
    res = await fetch(request, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    return { kind: 'failed', error: fetchFailure(request.url, e, timeoutMs) };
  }
  await res.body?.cancel().catch(() => {});
  if (res.status >= 200 && res.status < 300) return { kind: 'delivered', httpStatus: res.status };
  if (res.status === 404 || res.status === 410) return { kind: 'gone', httpStatus: res.status };
  return { kind: 'failed', httpStatus: res.status, error: `the push service answered ${res.status}` };
}
