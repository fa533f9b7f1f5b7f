// Web Push end to end inside workerd: a browser's keys made here, the subscription stored
// through the API, events queued and delivered to a local push receiver (a mocked fetch) that
// decrypts each payload as a browser would (RFC 8291, written here from the RFC with WebCrypto)
// and checks the VAPID JWT (RFC 8292) against GET /api/push/key.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { RemoteGames } from '../../src/worker/game-objects.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPushFanoutJob, type PushJob, type QueueJob } from '../../src/notify/types.ts';
import worker from '../../src/worker/index.ts';
import { call, newGame, play } from './helpers.ts';
import { captureQueue, runQueue } from './notify-helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';
import { PushStore } from '../../src/notify/push-store.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const b64u = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const unb64u = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4)), (c) => c.charCodeAt(0));
const utf8 = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
async function browserKeys(endpoint: string) {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return { pair, publicRaw, auth, json: { endpoint, expirationTime: null, keys: { p256dh: b64u(publicRaw), auth: b64u(auth) } } };
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

/** RFC 8291 §3.4 / RFC 8188: decrypt an aes128gcm push message with the browser's private key. */
async function decrypt(body: Uint8Array, browser: Awaited<ReturnType<typeof browserKeys>>) {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idLength = body[20]!;
  const serverPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const serverKey = await crypto.subtle.importKey('raw', serverPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'ECDH', public: serverKey } as unknown as SubtleCryptoDeriveKeyAlgorithm, browser.pair.privateKey, 256),
  );
  const ikm = await hkdf(browser.auth, shared, concat(utf8('WebPush: info\0'), browser.publicRaw, serverPublic), 32);
  const cek = await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, ciphertext));
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return JSON.parse(new TextDecoder().decode(padded.slice(0, end)));
}

/** RFC 8292: the JWT verifies with the server's public key; aud, exp, sub as the RFC asks. */
async function checkVapid(authorization: string, endpoint: string, publicKey: string) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  expect(m, authorization).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(publicKey);
  const [header, claims, signature] = jwt!.split('.');
  expect(JSON.parse(new TextDecoder().decode(unb64u(header!)))).toMatchObject({ alg: 'ES256' });
  const key = await crypto.subtle.importKey('raw', unb64u(publicKey), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  expect(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, unb64u(signature!), utf8(`${header}.${claims}`))).toBe(true);
  const c = JSON.parse(new TextDecoder().decode(unb64u(claims!)));
  expect(c.aud).toBe(new URL(endpoint).origin);
  const now = Date.now() / 1000;
  expect(c.exp).toBeGreaterThan(now);
  expect(c.exp).toBeLessThanOrEqual(now + 24 * 3600);
  expect(c.sub).toMatch(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/);
}

/** The push service: every request to it is recorded, decrypted and answered from a script (201 by default). */
function pushReceiver(browsers: Awaited<ReturnType<typeof browserKeys>>[], answers: number[] = []) {
  const got: { endpoint: string; headers: Headers; payload: any; status: number }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const browser = browsers.find((b) => b.json.endpoint === request.url);
    if (!browser) return new Response('unknown subscription', { status: 404 });
    const payload = await decrypt(new Uint8Array(await request.arrayBuffer()), browser);
    const status = answers.length ? answers.shift()! : 201;
    got.push({ endpoint: request.url, headers: request.headers, payload, status });
    return new Response(null, { status });
  });
  return got;
}

const pushJobs = (jobs: QueueJob[]) => jobs.filter((j): j is PushJob => (j as { channel?: string }).channel === 'push');

/**
 * The pushes that requests queued: a game's events go out as one fan-out message, which the queue
 * consumer turns into one push message per browser (queued again, so caught here too).
 */
async function queuedPushes(queue: { take(): QueueJob[] }): Promise<PushJob[]> {
  const jobs = queue.take();
  const fanouts = jobs.filter(isPushFanoutJob);
  if (fanouts.length) expect((await runQueue(fanouts)).explicitAcks).toHaveLength(fanouts.length);
  return [...pushJobs(jobs), ...pushJobs(queue.take())];
}

async function publicKey() {
  const res = await call('GET', '/api/push/key');
  expect(res.status).toBe(200);
  expect(unb64u(res.body.publicKey)).toHaveLength(65);
  expect(unb64u(res.body.publicKey)[0]).toBe(4);
  return res.body.publicKey as string;
}

describe('Web Push', () => {
  it("a turn's push is kept by the push service until its deadline, not a day past it (tester 7 H13)", async () => {
    const game = await newGame('warp-factor', { clock: { daysPerMove: 1 } });
    const browser = await browserKeys('https://push.example.net/send/ttl-1');
    expect((await call('POST', `/api/games/${game.id}/push`, { token: game.tokens.black, json: browser.json })).status).toBe(201);
    const queue = captureQueue<QueueJob>();
    expect((await play(game, 'Wb2-Wb3')).status).toBe(200);
    const [job] = await queuedPushes(queue);
    const deadline = (await call('GET', `/api/games/${game.id}`)).body.clock.deadline;
    expect(job!.expiresAt).toBe(Date.parse(deadline));
    // Its last call, say, an hour before the deadline: an hour's TTL.
    const got = pushReceiver([browser]);
    await runQueue([{ ...job!, expiresAt: Date.now() + 3_600_000 }]);
    expect(Number(got[0]!.headers.get('ttl'))).toBeGreaterThan(3500);
    expect(Number(got[0]!.headers.get('ttl'))).toBeLessThanOrEqual(3600);
    // Over, so the cron of the tests below finds no turn of this game to remind.
    expect((await call('POST', `/api/games/${game.id}/resign`, { token: game.tokens.black })).status).toBe(200);
  });

  it('a seat subscribes with its token; the opponent moves; the browser decrypts its words; the JWT verifies', async () => {
    const key = await publicKey();
    const game = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { name: 'Kor' } });
    const browser = await browserKeys('https://push.example.net/send/kor-seat-1');
    const sub = await call('POST', `/api/games/${game.id}/push`, { token: game.tokens.black, json: browser.json });
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({ subscribed: true, for: 'seat', gameId: game.id, side: 'black' });

    const queue = captureQueue<QueueJob>();
    expect((await play(game, 'Wb2-Wb3')).status).toBe(200);
    const jobs = await queuedPushes(queue);
    expect(jobs.map((j) => [j.event, j.side])).toEqual([['turn', 'black']]);
    const got = pushReceiver([browser]);
    const result = await runQueue(jobs);
    expect(result.explicitAcks).toHaveLength(1);
    expect(got).toHaveLength(1);
    const push = got[0]!;
    expect(push.headers.get('content-encoding')).toBe('aes128gcm');
    expect(push.headers.get('ttl')).toBe('86400');
    expect(push.headers.get('urgency')).toBe('normal');
    expect(push.headers.get('topic')).toBe(`game-${game.id}`);
    await checkVapid(push.headers.get('authorization')!, browser.json.endpoint, key);
    expect(push.payload.title).toContain(`Your move in Warp Factor game ${game.id}: White played Wb2-Wb3`);
    expect(push.payload.title).toContain('Kirk');
    expect(push.payload.body).toContain('Kirk (White) played Wb2-Wb3');
    expect(push.payload).toMatchObject({
      tag: `game-${game.id}`,
      event: 'turn',
      gameId: game.id,
      url: expect.stringMatching(new RegExp(`/games/${game.id}$`)),
    });

    // The delivery log of the seat shows it.
    const log = await call('GET', `/api/games/${game.id}/deliveries`, { token: game.tokens.black });
    expect(log.body.deliveries).toEqual([expect.objectContaining({ channel: 'push', event: 'turn', status: 'delivered', httpStatus: 201 })]);
  });

  it('a message sent with a move reaches a player who hears messages but not turns by push, as a message (tester 5 F7)', async () => {
    const [kirk, kor] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    const { game } = await startGame(kirk, kor);
    const browser = await browserKeys('https://push.example.net/send/kirk-messages');
    expect((await call('POST', '/api/me/push', { token: kirk.key, json: browser.json })).status).toBe(201);
    expect((await call('PATCH', '/api/me/notify', { token: kirk.key, json: { pushEvents: ['message', 'game-over'] } })).status).toBe(200);
    const queue = captureQueue<QueueJob>();
    expect((await call('POST', `/api/games/${game.id}/moves`, { token: kirk.key, json: { move: 'Wb2-Wb3' } })).status).toBe(200);
    expect((await call('POST', `/api/games/${game.id}/moves`, { token: kor.key, json: { move: 'Bb3-Bb2', message: 'qapla' } })).status).toBe(200);
    const jobs = await queuedPushes(queue);
    expect(jobs.map((j) => [j.event, j.side])).toEqual([['message', 'white']]);
    const got = pushReceiver([browser]);
    await runQueue(jobs);
    expect(got.map((g) => [g.payload.event, g.payload.body.includes('qapla')])).toEqual([['message', true]]);
  });

  it('offers, answers, messages and the end are pushed in words; a 410 removes the subscription', async () => {
    const game = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { name: 'Kor' } });
    const kirk = await browserKeys('https://push.example.net/send/kirk');
    expect((await call('POST', `/api/games/${game.id}/push`, { token: game.tokens.white, json: kirk.json })).status).toBe(201);
    const queue = captureQueue<QueueJob>();
    await call('POST', `/api/games/${game.id}/draw`, { token: game.tokens.white, json: { action: 'offer' } });
    await call('POST', `/api/games/${game.id}/draw`, { token: game.tokens.black, json: { action: 'decline' } });
    await call('POST', `/api/games/${game.id}/messages`, { token: game.tokens.black, json: { text: 'Today is a good day to die.' } });
    await call('POST', `/api/games/${game.id}/resign`, { token: game.tokens.black });
    const jobs = await queuedPushes(queue);
    expect(jobs.map((j) => j.event)).toEqual(['offer-declined', 'message', 'game-over']);
    const got = pushReceiver([kirk]);
    await runQueue(jobs);
    expect(got.map((g) => g.payload.body)).toEqual([
      expect.stringContaining('Kor (Black) declined your draw offer'),
      expect.stringContaining('> Today is a good day to die.'),
      expect.stringContaining('Kirk (White) won by resignation (1-0)'),
    ]);
    expect(new Set(got.map((g) => g.payload.tag))).toEqual(new Set([`game-${game.id}`]));

    // The push service says the subscription is gone: it is deleted, and nothing more is queued for it.
    const game2 = await newGame('warp-factor');
    const gone = await browserKeys('https://push.example.net/send/gone');
    await call('POST', `/api/games/${game2.id}/push`, { token: game2.tokens.black, json: gone.json });
    await play(game2, 'Wb2-Wb3');
    const receiver = pushReceiver([gone], [410]);
    const result = await runQueue(await queuedPushes(queue));
    expect(receiver.map((r) => r.status)).toEqual([410]);
    expect(result.explicitAcks).toHaveLength(1);
    // Nothing is queued at all: the game knows it has no subscription left (games.push_subscribed).
    await play(game2, 'Bb3-Bb2');
    await play(game2, 'Wc2-Wc3');
    expect(queue.take().filter((j) => isPushFanoutJob(j) || pushJobs([j]).length)).toEqual([]);
    // A 404 (the push service does not know the subscription) deletes it too.
    const stranger = await browserKeys('https://push.example.net/send/unknown');
    expect((await call('POST', `/api/games/${game2.id}/push`, { token: game2.tokens.white, json: stranger.json })).status).toBe(201);
    expect((await play(game2, 'Bc3-Bc2')).status).toBe(200); // White's turn: White's browser is told
    const notFound = pushReceiver([stranger], [404]);
    expect((await runQueue(await queuedPushes(queue))).explicitAcks).toHaveLength(1);
    expect(notFound.map((r) => r.status)).toEqual([404]);
    const again = await call('DELETE', `/api/games/${game2.id}/push`, { token: game2.tokens.white, json: { endpoint: stranger.json.endpoint } });
    expect(again.status).toBe(404);
  });

  it('a failure is retried with backoff; out of retries it is dead in the log', async () => {
    const game = await newGame('warp-factor');
    const b = await browserKeys('https://push.example.net/send/flaky');
    await call('POST', `/api/games/${game.id}/push`, { token: game.tokens.black, json: b.json });
    const queue = captureQueue<QueueJob>();
    await play(game, 'Wb2-Wb3');
    // The fan-out itself fails first (the queue does not take its pushes): it is retried with backoff too.
    const fanouts = queue.take().filter(isPushFanoutJob);
    expect(fanouts).toHaveLength(1);
    queue.spy.mockRejectedValueOnce(new Error('queue unavailable'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failed = await runQueue(fanouts);
    expect([failed.retryMessages.length, failed.delays, queue.take()]).toEqual([1, [5], []]);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(fanouts[0]!.id), expect.objectContaining({ message: 'queue unavailable' }));
    logged.mockRestore();
    expect((await runQueue(fanouts, 2)).explicitAcks).toHaveLength(1);
    const jobs = pushJobs(queue.take());
    expect(jobs).toHaveLength(1);
    pushReceiver([b], [503]);
    const first = await runQueue(jobs, 1);
    expect(first.retryMessages).toHaveLength(1);
    expect(first.delays).toEqual([5]);
    const dead = await runQueue(jobs, 7, 'subspace-notify-dlq');
    expect(dead.explicitAcks).toHaveLength(1);
    const log = await call('GET', `/api/games/${game.id}/deliveries`, { token: game.tokens.black });
    expect(log.body.deliveries.map((d: { status: string }) => d.status)).toEqual(['dead', 'failed']);
  });

  it('malformed subscriptions get a 400 naming the field; DELETE removes one', async () => {
    const game = await newGame('warp-factor');
    const good = await browserKeys('https://push.example.net/send/x');
    const post = (json: unknown) => call('POST', `/api/games/${game.id}/push`, { token: game.tokens.white, json });
    expect((await post({ endpoint: good.json.endpoint })).body.error).toBe('keys: is required');
    expect((await post({ endpoint: good.json.endpoint, keys: { auth: good.json.keys.auth } })).body.error).toBe('keys.p256dh: is required');
    const offCurve = b64u(new Uint8Array([4, ...new Uint8Array(64).fill(7)]));
    const r1 = await post({ ...good.json, keys: { ...good.json.keys, p256dh: offCurve } });
    expect([r1.status, r1.body.error]).toEqual([400, 'keys.p256dh: is not a point on the P-256 curve']);
    const r2 = await post({ ...good.json, keys: { ...good.json.keys, auth: b64u(new Uint8Array(15)) } });
    expect([r2.status, r2.body.error]).toEqual([400, 'keys.auth: must be 16 bytes (base64url)']);
    const r3 = await post({ ...good.json, endpoint: 'http://push.example.net/send/x' });
    expect([r3.status, r3.body.error]).toEqual([400, 'endpoint: must be an https:// URL']);
    const r4 = await post({ ...good.json, endpoint: 'https://10.0.0.1/send/x' });
    expect(r4.status).toBe(400);
    expect(r4.body.error).toMatch(/^endpoint: must not point to a private/);
    // Production policy in this test Worker: no http://127.0.0.1 (npm start allows it: ALLOW_LOCAL_WEBHOOKS).
    expect((await post({ ...good.json, endpoint: 'http://127.0.0.1:9999/push' })).status).toBe(400);
    expect((await call('POST', `/api/games/${game.id}/push`, { token: 'nope', json: good.json })).status).toBe(403);
    expect((await call('POST', `/api/games/${game.id}/push`, { json: good.json })).status).toBe(401);

    expect((await post(good.json)).status).toBe(201);
    const del = await call('DELETE', `/api/games/${game.id}/push`, { token: game.tokens.white, json: { endpoint: good.json.endpoint } });
    expect([del.status, del.body.subscribed]).toEqual([200, false]);
    expect((await call('DELETE', `/api/games/${game.id}/push`, { token: game.tokens.white, json: { endpoint: good.json.endpoint } })).status).toBe(404);
  });

  it('a seat is pushed to at most 10 browsers: the 11th subscription ends the oldest (tester 11 S9)', async () => {
    const game = await newGame('warp-factor');
    const endpoints: string[] = [];
    for (let i = 0; i < 12; i++) {
      const sub = await browserKeys(`https://push.example.net/send/many-${i}`);
      expect((await call('POST', `/api/games/${game.id}/push`, { token: game.tokens.black, json: sub.json })).status).toBe(201);
      endpoints.push(sub.json.endpoint);
    }
    const kept = await env.DB.prepare('select endpoint from push_subscriptions where game_id = ? and side = ? order by id')
      .bind(game.id, 'black')
      .all<{ endpoint: string }>();
    expect(kept.results.map((r) => r.endpoint)).toEqual(endpoints.slice(2));
    // The same browser again is one subscription, not a new one.
    expect((await call('POST', `/api/games/${game.id}/push`, { token: game.tokens.black, json: (await browserKeys(endpoints[11]!)).json })).status).toBe(201);
    const again = await env.DB.prepare('select count(*) as n from push_subscriptions where game_id = ?').bind(game.id).first<{ n: number }>();
    expect(again!.n).toBe(10);
  });

  it('the endpoint policy is asked again before each push, as before each webhook', async () => {
    const game = await newGame('warp-factor');
    // Stored as if the policy had let it in then (the API refuses it now: a private address).
    const inside = await browserKeys('https://10.0.0.7/push/inside');
    await new PushStore(env.DB).subscribe(
      { gameId: game.id, side: 'black' },
      { endpoint: inside.json.endpoint, p256dh: inside.json.keys.p256dh, auth: inside.json.keys.auth },
      Date.now(),
    );
    const queue = captureQueue<QueueJob>();
    expect((await play(game, 'Wb2-Wb3')).status).toBe(200);
    const got = pushReceiver([inside]);
    expect((await runQueue(await queuedPushes(queue))).explicitAcks).toHaveLength(1);
    expect(got).toEqual([]);
    const log = await call('GET', `/api/games/${game.id}/deliveries`, { token: game.tokens.black });
    expect(log.body.deliveries).toEqual([
      expect.objectContaining({ channel: 'push', status: 'skipped', error: expect.stringMatching(/^endpoint must not point to a private/) }),
    ]);
  });

  it('a player subscribes with their key: challenges and their games; their choices say which events push', async () => {
    const kirk = await newPlayer('Kirk');
    const kor = await newPlayer('Kor');
    const browser = await browserKeys('https://push.example.net/send/kor-player');
    const sub = await call('POST', '/api/me/push', { token: kor.key, json: browser.json });
    expect([sub.status, sub.body.for]).toEqual([201, 'player']);
    const queue = captureQueue<QueueJob>();
    const ch = await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'warp-factor', color: 'white', to: kor.id } });
    expect(ch.status).toBe(201);
    const game = (await call('POST', `/api/challenges/${ch.body.id}/accept`, { token: kor.key })).body;
    const jobs = await queuedPushes(queue);
    expect(jobs.map((j) => j.event)).toEqual(['challenge', 'game-start']);
    const got = pushReceiver([browser]);
    await runQueue(jobs);
    expect(got[0]!.payload.title).toContain('Kirk challenges you to Warp Factor');
    expect(got[1]!.payload.title).toMatch(/^New Warp Factor game/);

    // Kor wants pushes only for last calls: the next move is not pushed; the choice shows in GET.
    const patched = await call('PATCH', '/api/me/notify', { token: kor.key, json: { pushEvents: ['last-call'] } });
    expect(patched.body.pushEvents).toEqual(['last-call']);
    expect((await call('GET', '/api/me/notify', { token: kor.key })).body).toMatchObject({ push: true, pushEvents: ['last-call'], digestHours: null });
    expect((await call('PATCH', '/api/me/notify', { token: kor.key, json: { pushEvents: ['nap'] } })).status).toBe(400);
    expect((await call('POST', `/api/games/${game.id}/moves`, { token: kirk.key, text: 'Wb2-Wb3' })).status).toBe(200);
    expect(await queuedPushes(queue)).toEqual([]);
    expect((await call('DELETE', '/api/me/push', { token: kor.key, json: { endpoint: browser.json.endpoint } })).body.subscribed).toBe(false);
  });

  it('a game knows whether a browser can hear it (games.push_subscribed), so a move of any other game queues no push', async () => {
    const flag = async (id: string) => (await env.DB.prepare('select push_subscribed as f from games where id = ?').bind(id).first<{ f: number }>())!.f;
    // A seat's subscription flags its game; its DELETE clears it.
    const game = await newGame('warp-factor');
    expect(await flag(game.id)).toBe(0);
    const seat = await browserKeys('https://push.example.net/send/flag-seat');
    await call('POST', `/api/games/${game.id}/push`, { token: game.tokens.white, json: seat.json });
    expect(await flag(game.id)).toBe(1);
    await call('DELETE', `/api/games/${game.id}/push`, { token: game.tokens.white, json: { endpoint: seat.json.endpoint } });
    expect(await flag(game.id)).toBe(0);

    // A player's subscription flags every game of theirs: those before it, those after, and a seat they take later.
    const [sulu, kang] = [await newPlayer('Sulu'), await newPlayer('Kang')];
    const before = await startGame(sulu, kang);
    const browser = await browserKeys('https://push.example.net/send/flag-player');
    await call('POST', '/api/me/push', { token: kang.key, json: browser.json });
    const after = await startGame(kang, sulu);
    const unowned = await newGame('warp-factor');
    expect([await flag(before.game.id), await flag(after.game.id), await flag(unowned.id)]).toEqual([1, 1, 0]);
    expect(await new RemoteGames(env).claimSeat(unowned.id, 'black', kang.id)).toBe(true);
    expect(await flag(unowned.id)).toBe(1);
    // The opponent's moves in those games are queued for the fan-out; in a game nobody hears, nothing is.
    const queue = captureQueue<QueueJob>();
    expect((await call('POST', `/api/games/${before.game.id}/moves`, { token: sulu.key, json: { move: 'Wb2-Wb3' } })).status).toBe(200);
    expect((await play(game, 'Wb2-Wb3')).status).toBe(200);
    expect(
      queue
        .take()
        .filter(isPushFanoutJob)
        .map((j) => j.gameId),
    ).toEqual([before.game.id]);

    // A seat's own subscription keeps the flag when the player's goes; elsewhere the last one gone clears it.
    const seatToo = await browserKeys('https://push.example.net/send/flag-seat-too');
    expect((await call('POST', `/api/games/${unowned.id}/push`, { token: unowned.tokens.black, json: seatToo.json })).status).toBe(201);
    await call('DELETE', '/api/me/push', { token: kang.key, json: { endpoint: browser.json.endpoint } });
    expect([await flag(before.game.id), await flag(after.game.id), await flag(unowned.id)]).toEqual([0, 0, 1]);
  });

  it('the cron: a reminder at the reminder share, then a last call under 10 % of the turn with Urgency: high, once', async () => {
    const t0 = Date.now();
    const game = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { name: 'Kor' }, clock: { daysPerMove: 1 } });
    const b = await browserKeys('https://push.example.net/send/clock');
    await call('POST', `/api/games/${game.id}/push`, { token: game.tokens.white, json: b.json });
    const queue = captureQueue<QueueJob>();
    const cron = async (at: number) => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: at, cron: '*/15 * * * *' }), env, ctx);
      await waitOnExecutionContext(ctx);
      return queuedPushes(queue);
    };
    const hour = 3_600_000;
    expect(await cron(t0 + 12 * hour)).toEqual([]);
    const reminder = await cron(t0 + 20 * hour);
    expect(reminder.map((j) => [j.event, j.urgency])).toEqual([['reminder', 'normal']]);
    const last = await cron(t0 + 22 * hour);
    expect(last.map((j) => [j.event, j.urgency])).toEqual([['last-call', 'high']]);
    expect(await cron(t0 + 23 * hour)).toEqual([]);
    const got = pushReceiver([b]);
    await runQueue(last);
    expect(got[0]!.headers.get('urgency')).toBe('high');
    expect(got[0]!.payload.title).toMatch(new RegExp(`^Last call: your move in Warp Factor game ${game.id} before`));
    expect(got[0]!.payload.body).toContain('less than a tenth of your time for this turn is left');
  });
});
