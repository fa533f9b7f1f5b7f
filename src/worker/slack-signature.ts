// Slack's request signature on the chat endpoints (issue 26). Slack slash commands cannot set an
// Authorization header, so they carry the player token in the URL; when the operator sets
// SLACK_SIGNING_SECRET, such a request must also be signed by Slack, as Slack documents:
// X-Slack-Signature = "v0=" + hex HMAC-SHA256(secret, "v0:" + X-Slack-Request-Timestamp + ":" + body),
// and the timestamp within 5 minutes of now. Bots with `Authorization: Bearer` are not Slack and
// pass as before; without the secret nothing changes.
import type { MiddlewareHandler } from 'hono';
import { timingSafeEqualText } from '../service/crypto.ts';
import { jsonError, type AppEnv } from './http.ts';

/** How far Slack's timestamp may be from now (Slack's own advice: 5 minutes). */
export const SLACK_WINDOW_SECONDS = 300;

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Why this is not a request Slack signed with `secret` (at `nowMs`), or undefined when it is. */
export async function slackProblem(secret: string, signature: string | undefined, timestamp: string | undefined, body: string, nowMs: number) {
  if (signature === undefined || timestamp === undefined)
    return 'this endpoint takes Slack commands signed by Slack (X-Slack-Signature and X-Slack-Request-Timestamp), or a player token in Authorization: Bearer';
  if (!/^\d{1,12}$/.test(timestamp)) return 'X-Slack-Request-Timestamp must be a Unix time in seconds';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SLACK_WINDOW_SECONDS)
    return 'X-Slack-Request-Timestamp is more than 5 minutes away from now (an old request sent again?)';
  const expected = `v0=${await hmacHex(secret, `v0:${timestamp}:${body}`)}`;
  return timingSafeEqualText(signature.trim().toLowerCase(), expected) ? undefined : 'X-Slack-Signature does not match the request';
}

export const slackSignature: MiddlewareHandler<AppEnv> = async (c, next) => {
  const secret = c.var.services.config.slackSigningSecret;
  const signature = c.req.header('X-Slack-Signature');
  const timestamp = c.req.header('X-Slack-Request-Timestamp');
  const slackish = c.req.header('Authorization') === undefined || signature !== undefined || timestamp !== undefined;
  if (secret && slackish) {
    const now = Date.now();
    const problem = await slackProblem(secret, signature, timestamp, await c.req.text(), now);
    if (problem) return jsonError(c, 401, 'bad_signature', `Slack signature: ${problem}`);
    // Each signed request acts once: a copy sent again inside the 5 minutes is refused (tester 7 H5).
    // Slack does not retry slash commands, so a repeat is a replay; its signature is its id.
    if (!(await c.var.services.stores.chat.firstTime('slack', signature!.trim().toLowerCase(), now)))
      return jsonError(c, 401, 'bad_signature', 'Slack signature: this signed request was handled already (a copy sent again)');
  }
  await next();
};
