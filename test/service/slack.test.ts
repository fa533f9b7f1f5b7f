// Slack slash commands with a signing secret set (issue 26): the token in the URL is not enough,
// Slack's v0 signature over the body and a timestamp within 5 minutes must come with it.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newGame } from './helpers.ts';
import { newPlayer } from './player-helpers.ts';

const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const mutable = env as { SLACK_SIGNING_SECRET?: string };

async function sign(body: string, timestamp: number, secret = SECRET) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`v0:${timestamp}:${body}`)));
  return `v0=${[...mac].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const now = () => Math.floor(Date.now() / 1000);
const slackBody = (text: string) => new URLSearchParams({ token: 'legacy', team_id: 'T1', command: '/subspace', text, user_name: 'kirk' }).toString();

async function slack(path: string, body: string, headers: Record<string, string> = {}) {
  return call('POST', path, { body, headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers } });
}

describe('with SLACK_SIGNING_SECRET set', () => {
  beforeAll(() => {
    mutable.SLACK_SIGNING_SECRET = SECRET;
  });
  afterAll(() => {
    delete mutable.SLACK_SIGNING_SECRET;
  });

  it('a command signed by Slack plays; unsigned, forged, tampered or stale ones are a 401 that says why', async () => {
    const g = await newGame('warp-factor');
    const path = `/api/games/${g.id}/chat?token=${g.tokens.white}`;
    const body = slackBody('Wb2-Wb3');
    const unsigned = await slack(path, body);
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error).toMatch(/^Slack signature: this endpoint takes Slack commands signed by Slack/);
    const forged = await slack(path, body, { 'X-Slack-Signature': await sign(body, now(), 'not-the-secret'), 'X-Slack-Request-Timestamp': String(now()) });
    expect([forged.status, forged.body.error]).toEqual([401, 'Slack signature: X-Slack-Signature does not match the request']);
    const ts = now();
    const tampered = await slack(path, slackBody('resign'), { 'X-Slack-Signature': await sign(body, ts), 'X-Slack-Request-Timestamp': String(ts) });
    expect(tampered.status).toBe(401);
    const old = now() - 6 * 60;
    const stale = await slack(path, body, { 'X-Slack-Signature': await sign(body, old), 'X-Slack-Request-Timestamp': String(old) });
    expect(stale.status).toBe(401);
    expect(stale.body.error).toMatch(/more than 5 minutes away from now/);
    expect((await call('GET', `/api/games/${g.id}`)).body).toMatchObject({ ply: 0, status: 'active' });
    // Signed by Slack just now: played.
    const fresh = now();
    const signed = await slack(path, body, { 'X-Slack-Signature': await sign(body, fresh), 'X-Slack-Request-Timestamp': String(fresh) });
    expect(signed.status).toBe(200);
    expect(signed.body.reply).toContain('You played Wb2-Wb3 (ply 1).');
    // The same signed request sent again (a replay inside the 5 minutes) acts no more (tester 7 H5).
    const say = slackBody('say hello');
    const once = { 'X-Slack-Signature': await sign(say, fresh), 'X-Slack-Request-Timestamp': String(fresh) };
    expect((await slack(path, say, once)).status).toBe(200);
    const replayed = await slack(path, say, once);
    expect([replayed.status, replayed.body.error]).toEqual([401, 'Slack signature: this signed request was handled already (a copy sent again)']);
    expect((await call('GET', `/api/games/${g.id}/messages`, { token: g.tokens.white })).body.messages).toHaveLength(1);
  });

  it('the player chat endpoint too; a bot with Authorization: Bearer is not Slack and needs no signature', async () => {
    const p = await newPlayer('Kirk');
    const body = slackBody('games');
    expect((await slack(`/api/me/chat?token=${p.key}`, body)).status).toBe(401);
    const ts = now();
    const signed = await slack(`/api/me/chat?token=${p.key}`, body, { 'X-Slack-Signature': await sign(body, ts), 'X-Slack-Request-Timestamp': String(ts) });
    expect(signed.status).toBe(200);
    const bot = await call('POST', '/api/me/chat', { text: 'games', token: p.key });
    expect(bot.status).toBe(200);
    const g = await newGame('warp-factor');
    expect((await call('POST', `/api/games/${g.id}/chat`, { text: 'board', token: g.tokens.white })).status).toBe(200);
  });
});

describe('without the secret', () => {
  it('the token in the URL works as before', async () => {
    const g = await newGame('warp-factor');
    const res = await slack(`/api/games/${g.id}/chat?token=${g.tokens.white}`, slackBody('Wb2-Wb3'));
    expect(res.status).toBe(200);
  });
});
