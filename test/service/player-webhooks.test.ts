// A player's own webhook (PATCH /api/me): set with its secret shown once under the same
// URL policy as game webhooks; challenges to the player, their withdrawal or decline, and
// the start and the end of a game go through the notification queue, signed (Standard Webhooks,
// checked by an independent verifier), with links and words for chat bots, and never
// a key, a token or another player's secret.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPlayerJob, type PlayerJob, type QueueJob } from '../../src/notify/types.ts';
import { env, exports } from 'cloudflare:workers';
import { BASE, call, form, newGame } from './helpers.ts';
import { captureQueue, runQueue, verifyWebhook } from './notify-helpers.ts';
import { newPlayer, turnEach, type Player } from './player-helpers.ts';

const KIRK_URL = 'https://kirk.example/hook';
const SPOCK_URL = 'https://spock.example/hook';

beforeEach(() => {
  delete (env as { ALLOW_LOCAL_WEBHOOKS?: string }).ALLOW_LOCAL_WEBHOOKS;
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Every POST the Worker makes, as received: URL, headers, the body exactly as sent. */
function receiver(answers: number[] = []) {
  const posts: { url: string; headers: Headers; raw: string; body: any }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const raw = await request.text();
    posts.push({ url: request.url, headers: request.headers, raw, body: JSON.parse(raw) });
    return new Response(null, { status: answers.length ? answers.shift()! : 204 });
  });
  return posts;
}

async function withWebhook(player: Player, url: string): Promise<string> {
  const res = await call('PATCH', '/api/me', { token: player.key, json: { webhook: url } });
  expect(res.status, res.text).toBe(200);
  return res.body.webhookSecret;
}

describe("a player's own webhook", () => {
  it('is set with PATCH /api/me: the secret shown once, the URL policy applies, null removes it', async () => {
    const kirk = await newPlayer('Kirk');
    const set = await call('PATCH', '/api/me', { token: kirk.key, json: { webhook: KIRK_URL } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: kirk.id, name: 'Kirk', webhook: KIRK_URL, webhookDisabled: false });
    expect(set.body.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const me = await call('GET', '/api/me', { token: kirk.key });
    expect(me.body).toMatchObject({ id: kirk.id, webhook: KIRK_URL, webhookDisabled: false });
    expect(me.text).not.toContain('whsec_');
    // The same URL again keeps its secret (none shown); the public view never shows the webhook.
    const again = await call('PATCH', '/api/me', { token: kirk.key, json: { webhook: KIRK_URL, name: 'James' } });
    expect(again.body.webhookSecret).toBeUndefined();
    expect(again.body.name).toBe('James');
    const pub = await call('GET', `/api/players/${kirk.id}`);
    expect(pub.body).toEqual({ id: kirk.id, name: 'James', ratings: [], ratingChanges: [], recentGames: [] });

    for (const webhook of [
      'http://kirk.example/x',
      'https://127.0.0.1/x',
      'https://localhost./x',
      'https://[::1]/x',
      'https://169.254.169.254/latest',
      'https://0x7f.1/x',
    ]) {
      const res = await call('PATCH', '/api/me', { token: kirk.key, json: { webhook } });
      expect(res.status, webhook).toBe(400);
      expect(res.body.error, webhook).toMatch(/^webhook: must/);
    }
    expect((await call('GET', '/api/me', { token: kirk.key })).body.webhook).toBe(KIRK_URL); // nothing written

    // Not a URL at all: one reason, said once (it came twice: "must be a URL; webhook: must be an http(s) URL").
    for (const webhook of ['not a url', 'https://']) {
      const res = await call('PATCH', '/api/me', { token: kirk.key, json: { webhook } });
      expect([res.body.code, res.body.error], webhook).toEqual(['invalid_body', 'webhook: must be a URL, like https://example.org/hook']);
    }
    // A URL that is not https://: one code for it, whatever its scheme (tester 5 F5: ftp:// was invalid_body, http:// refused_url).
    for (const webhook of ['ftp://kirk.example/x', 'http://kirk.example/x', 'javascript:alert(1)']) {
      const res = await call('PATCH', '/api/me', { token: kirk.key, json: { webhook } });
      expect([res.status, res.body.code, res.body.error], webhook).toEqual([400, 'refused_url', 'webhook: must be an https:// URL']);
      const created = await call('POST', '/api/games', { json: { variant: 'planar', white: { webhook } } });
      expect([created.status, created.body.code, created.body.error], webhook).toEqual([400, 'refused_url', 'white.webhook: must be an https:// URL']);
    }
    const bad = await call('PATCH', '/api/me', { token: kirk.key, json: { webhook: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/webhook/);
    expect((await call('PATCH', '/api/me', { token: kirk.key, json: { key: 'x' } })).status).toBe(400);
    expect((await call('PATCH', '/api/me', { json: { webhook: KIRK_URL } })).status).toBe(401);
    expect((await call('PATCH', '/api/me', { token: `${kirk.id}_${'x'.repeat(43)}`, json: { webhook: KIRK_URL } })).status).toBe(403);

    const removed = await call('PATCH', '/api/me', { token: kirk.key, json: { webhook: null } });
    expect(removed.body.webhook).toBeNull();
  });

  it('changed by several requests at once: each answers the URL it set with its own secret, and the stored pair is one of them (tester 5 F9)', async () => {
    const kirk = await newPlayer('Kirk');
    const urls = [1, 2, 3, 4, 5, 6].map((i) => `https://kirk.example/race${i}`);
    const answers = await Promise.all(urls.map((webhook) => call('PATCH', '/api/me', { token: kirk.key, json: { webhook } })));
    expect(answers.map((a) => [a.status, a.body.webhook])).toEqual(urls.map((u) => [200, u]));
    const stored = await env.DB.prepare('select webhook, webhook_secret as secret from players where id = ?')
      .bind(kirk.id)
      .first<{ webhook: string; secret: string }>();
    expect(answers.map((a) => `${a.body.webhook} ${a.body.webhookSecret}`)).toContain(`${stored!.webhook} ${stored!.secret}`);
    // A game's seat alike.
    const g = await newGame('planar');
    const seat = await Promise.all(urls.map((webhook) => call('PATCH', `/api/games/${g.id}/me`, { token: g.tokens.white, json: { webhook } })));
    expect(seat.map((a) => [a.status, a.body.webhook])).toEqual(urls.map((u) => [200, u]));
    expect(urls).toContain((await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.white })).body.webhook);
  });

  it('delivers a signed challenge and gameStart with links and text; no key, token or other player’s secret', async () => {
    const queue = captureQueue<QueueJob>();
    const kirk = await newPlayer('Kirk', 'kirk@example.org');
    const spock = await newPlayer('Spock', 'spock@example.org');
    const secrets: Record<string, string> = { [KIRK_URL]: await withWebhook(kirk, KIRK_URL), [SPOCK_URL]: await withWebhook(spock, SPOCK_URL) };
    const posts = receiver();

    const ch = await call('POST', '/api/challenges', {
      token: kirk.key,
      json: { variant: 'warp-factor', color: 'white', to: spock.id, clock: { daysPerMove: 3 } },
    });
    expect(ch.status).toBe(201);
    const challengeJobs = queue.take();
    expect(challengeJobs.filter(isPlayerJob).map((j) => [j.playerId, j.event])).toEqual([[spock.id, 'challenge']]);
    await runQueue(challengeJobs);
    expect(posts.map((p) => p.url)).toEqual([SPOCK_URL]);
    const challenge = posts[0]!;
    expect(await verifyWebhook(secrets[SPOCK_URL]!, challenge.headers, challenge.raw)).toBe(true);
    expect(await verifyWebhook(secrets[KIRK_URL]!, challenge.headers, challenge.raw)).toBe(false);
    expect(challenge.body).toMatchObject({
      type: 'challenge',
      data: {
        type: 'challenge',
        challenge: { id: ch.body.id, from: { id: kirk.id, name: 'Kirk' }, to: { id: spock.id }, link: `${BASE}/challenges/${ch.body.id}` },
      },
    });
    expect(challenge.body.data.text).toContain('Kirk challenges you to a game of Warp Factor, 3 days per move, rated (they play white).');
    expect(challenge.body.data.text).toContain(`Accept or decline: ${BASE}/challenges/${ch.body.id}`);
    expect(challenge.body.data.text).toContain(`POST ${BASE}/api/challenges/${ch.body.id}/accept`);

    const accepted = await call('POST', `/api/challenges/${ch.body.id}/accept`, { token: spock.key });
    expect(accepted.status).toBe(201);
    const gameId = accepted.body.id;
    const startJobs = queue.take();
    expect(
      startJobs
        .filter(isPlayerJob)
        .map((j) => [j.playerId, j.event])
        .sort(),
    ).toEqual(
      [
        [kirk.id, 'gameStart'],
        [spock.id, 'gameStart'],
      ].sort(),
    );
    posts.length = 0;
    await runQueue(startJobs);
    const starts = posts.filter((p) => p.body.type === 'gameStart');
    expect(starts.map((p) => p.url).sort()).toEqual([KIRK_URL, SPOCK_URL]);
    for (const post of starts) {
      const mine = post.url === KIRK_URL;
      expect(await verifyWebhook(secrets[post.url]!, post.headers, post.raw)).toBe(true);
      expect(await verifyWebhook(secrets[mine ? SPOCK_URL : KIRK_URL]!, post.headers, post.raw)).toBe(false);
      expect(post.body.data.game).toMatchObject({
        id: gameId,
        side: mine ? 'white' : 'black',
        yourTurn: mine,
        opponent: mine ? { id: spock.id, name: 'Spock' } : { id: kirk.id, name: 'Kirk' },
        link: `${BASE}/games/${gameId}`,
      });
      expect(post.body.data.text).toContain(`you play ${mine ? 'white' : 'black'}. ${mine ? 'It is your move.' : 'Kirk moves first.'}`);
      expect(post.body.data.text).toContain(`The game: ${BASE}/games/${gameId}`);
    }

    // The end goes to both webhooks too, with the ratings before and the change (docs/ratings.md): after a turn each, so it is rated.
    await turnEach(gameId, kirk.key, spock.key);
    queue.take();
    const resigned = await call('POST', `/api/games/${gameId}/resign`, { token: spock.key });
    expect(resigned.body.ratings).not.toBeNull();
    posts.length = 0;
    await runQueue(queue.take());
    const finishes = posts.filter((p) => p.body.type === 'gameFinish');
    expect(finishes.map((p) => p.url).sort()).toEqual([KIRK_URL, SPOCK_URL]);
    for (const post of finishes) {
      const mine = post.url === KIRK_URL;
      expect(await verifyWebhook(secrets[post.url]!, post.headers, post.raw)).toBe(true);
      expect(post.body.data.game).toMatchObject({ id: gameId, side: mine ? 'white' : 'black', result: '1-0', ratings: resigned.body.ratings });
      expect(post.body.data.game.reason).toBe('resignation');
      expect(post.body.data.text).toMatch(
        new RegExp(`is over: White won by resignation \\(1-0\\)\\. You ${mine ? 'won' : 'lost'}\\. Your rating: 1500\\? [+−]\\d+ = \\d+\\.`),
      );
    }

    // Nothing sent to a webhook carries a key, a game token, a webhook secret or the other player's email.
    const game = await call('GET', `/api/games/${gameId}`);
    expect(game.status).toBe(200);
    for (const post of [challenge, ...starts, ...finishes]) {
      for (const secret of [
        kirk.key,
        spock.key,
        kirk.key.slice(13),
        spock.key.slice(13),
        ...Object.values(secrets),
        secrets[KIRK_URL]!.slice(6),
        secrets[SPOCK_URL]!.slice(6),
      ])
        expect(post.raw).not.toContain(secret);
      expect(post.raw).not.toMatch(/token=|whsec_|Bearer/);
      expect(post.raw).not.toContain(post.url === KIRK_URL ? 'spock@example.org' : 'kirk@example.org');
    }
  });

  it('tells the other player when a challenge is withdrawn or declined; no webhook, no message', async () => {
    const queue = captureQueue<QueueJob>();
    const kirk = await newPlayer('Kirk');
    const spock = await newPlayer('Spock');
    const plain = await newPlayer('Sulu'); // no webhook
    await withWebhook(kirk, KIRK_URL);
    await withWebhook(spock, SPOCK_URL);
    const posts = receiver();

    const first = await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'planar', to: spock.id } });
    expect((await call('DELETE', `/api/challenges/${first.body.id}`, { token: kirk.key })).status).toBe(200);
    const second = await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'planar', to: spock.id } });
    expect((await call('POST', `/api/challenges/${second.body.id}/decline`, { token: spock.key })).status).toBe(200);
    expect((await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'planar', to: plain.id } })).status).toBe(201);

    const jobs = queue.take().filter(isPlayerJob);
    expect(jobs.map((j) => [j.playerId, j.event])).toEqual([
      [spock.id, 'challenge'],
      [spock.id, 'challengeCanceled'],
      [spock.id, 'challenge'],
      [kirk.id, 'challengeCanceled'],
    ]);
    await runQueue(jobs);
    const canceled = posts.filter((p) => p.body.type === 'challengeCanceled');
    expect(canceled.map((p) => [p.url, p.body.data.challenge.status, p.body.data.text])).toEqual([
      [SPOCK_URL, 'withdrawn', 'Kirk withdrew the challenge to Planar Chess.'],
      [KIRK_URL, 'declined', 'Spock declined your challenge to Planar Chess.'],
    ]);
  });

  it('a failed delivery is retried with the same webhook-id; 410 Gone switches the webhook off until it is set again', async () => {
    const queue = captureQueue<QueueJob>();
    const kirk = await newPlayer('Kirk');
    const spock = await newPlayer('Spock');
    await withWebhook(spock, SPOCK_URL);
    const posts = receiver([500, 410]);
    await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'warp-factor', to: spock.id } });
    const jobs = queue.take().filter(isPlayerJob);
    const first = await runQueue(jobs, 1);
    expect(first.explicitAcks).toEqual([]);
    expect(first.retryMessages.length).toBe(1);
    const second = await runQueue(jobs, 2);
    expect(second.explicitAcks.length).toBe(1);
    expect(posts.map((p) => p.headers.get('webhook-id'))).toEqual([(jobs[0] as PlayerJob).id, (jobs[0] as PlayerJob).id]);
    expect((await call('GET', '/api/me', { token: spock.key })).body.webhookDisabled).toBe(true);

    // While switched off nothing is queued; setting the URL again switches it back on. (Each challenge
    // another game: the same one sent again within seconds would be the first one, told of once.)
    await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'planar', to: spock.id } });
    expect(queue.take().filter(isPlayerJob)).toEqual([]);
    const again = await call('PATCH', '/api/me', { token: spock.key, json: { webhook: SPOCK_URL } });
    expect(again.body).toMatchObject({ webhookDisabled: false });
    expect(again.body.webhookSecret).toBeUndefined();
    await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'curved-space', to: spock.id } });
    expect(queue.take().filter(isPlayerJob).length).toBe(1);
  });

  it('is set on the /me page too: the form shows the settings, the secret is shown once, bad URLs are refused in words', async () => {
    const kirk = await newPlayer('Kirk');
    const cookie = { Cookie: `subspace_key=${kirk.key}` };
    const saved = await form('/me/settings', { email: 'kirk@example.org', webhook: KIRK_URL }, BASE, cookie);
    expect(saved.status).toBe(200);
    const secret = /<code id="webhook-secret">(whsec_[^<]+)<\/code>/.exec(saved.text)?.[1];
    expect(secret).toMatch(/^whsec_/);
    expect(saved.text).not.toContain(kirk.key);
    const me = await (await exports.default.fetch(new Request(`${BASE}/me`, { headers: cookie }))).text();
    expect(me).toContain(`value="${KIRK_URL}"`);
    expect(me).toContain('value="kirk@example.org"');
    expect(me).not.toContain(secret!);
    // The new address waits for its owner: both pages say so.
    expect(saved.text).toContain('A confirmation link is on its way to kirk@example.org');
    expect(me).toContain('not confirmed yet');
    const refused = await form('/me/settings', { email: 'kirk@example.org', webhook: 'https://10.0.0.1/x' }, BASE, cookie);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('must not point to a private, loopback or link-local address');
    // Named by the form's label, as the form's own checks name it; the field it names has the focus.
    expect(refused.text).toContain('Settings not saved. Webhook URL: must not point');
    expect(refused.text).toMatch(/<input name="webhook"[^>]*autofocus/);
    expect(refused.text).not.toMatch(/<input name="email"[^>]*autofocus/);
    expect((await form('/me/settings', { webhook: KIRK_URL }, 'https://evil.example', cookie)).status).toBe(403); // another site's form
    expect((await form('/me/settings', { webhook: KIRK_URL })).status).toBe(403); // not signed in
    const cleared = await form('/me/settings', { email: '', webhook: '' }, BASE, cookie);
    expect(cleared.status).toBe(200);
    expect((await call('GET', '/api/me', { token: kirk.key })).body).toMatchObject({ email: null, webhook: null });
  });
});
