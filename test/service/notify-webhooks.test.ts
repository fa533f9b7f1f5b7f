// Outbound webhooks: secrets shown once, URL policy, queued (never called inline),
// Standard Webhooks signatures checked by an independent verifier, retries with the
// same webhook-id, 410 disabling the endpoint, the dead-letter queue, the delivery log.
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, newGame } from './helpers.ts';
import { captureQueue, runQueue, webhookReceiver } from './notify-helpers.ts';
import { DOH_URL, normalHost, parseIpv6, webhookUrlProblem } from '../../src/notify/url-policy.ts';

const W_URL = 'https://white.example/hook';
const B_URL = 'https://black.example/hook';

beforeEach(() => {
  delete (env as { ALLOW_LOCAL_WEBHOOKS?: string }).ALLOW_LOCAL_WEBHOOKS;
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function hookedGame() {
  const g = await newGame('warp-factor', { white: { name: 'Kirk', webhook: W_URL }, black: { name: 'Kor', webhook: B_URL } });
  return g as typeof g & { webhookSecrets: { white: string; black: string } };
}

describe('webhook secrets and URL policy', () => {
  it('create returns a whsec_ secret once per player with a webhook', async () => {
    const g = await newGame('warp-factor', { white: { webhook: W_URL } });
    expect((g as any).webhookSecrets.white).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect((g as any).webhookSecrets.black).toBeUndefined();
    const state = await call('GET', `/api/games/${g.id}`);
    expect(state.text).not.toContain('whsec_');
    expect(state.text).not.toContain('white.example');
    const me = await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.white });
    expect(me.body.webhook).toBe(W_URL);
    expect(me.text).not.toContain('whsec_');
  });

  it('production: https only, no private or loopback literals, no localhost', async () => {
    for (const webhook of [
      'http://hooks.example/x',
      'https://10.1.2.3/x',
      'https://192.168.0.4/x',
      'https://172.20.0.1/x',
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://localhost/x',
      'https://2130706433/x', // 127.0.0.1 as a number
      'http://127.0.0.1:9999/x',
    ]) {
      const res = await call('POST', '/api/games', { json: { variant: 'warp-factor', white: { webhook } } });
      expect(res.status, webhook).toBe(400);
      expect(res.body.error).toMatch(/^white\.webhook: /);
    }
    expect((await call('POST', '/api/games', { json: { variant: 'warp-factor', white: { webhook: 'https://8.8.8.8/x' } } })).status).toBe(201);
  });

  it('normalises the host before judging it: trailing dot, case, odd IPv4 forms, IPv6 forms', async () => {
    const refused = [
      'https://localhost./x',
      'https://localhost../x',
      'https://LOCALHOST./x',
      'https://api.localhost./x',
      'https://printer.local./x',
      'https://%6c%6fcalhost/x', // percent-encoded
      'https://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54/x', // full-width letters
      'https://intranet/x', // a single label is no public name
      'https://127.0.0.1./x',
      'https://127.1/x',
      'https://0x7f.1/x',
      'https://0x7f000001/x',
      'https://0177.0.0.1/x',
      'https://017700000001/x',
      'https://10.0.0.1./x',
      'https://0xa.0xb.0xc.0xd/x', // 10.11.12.13
      'https://0/x',
      'https://192.0.0.8/x',
      'https://198.18.0.1/x',
      'https://[0:0:0:0:0:0:0:1]/x',
      'https://[::]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:7f00:1]/x',
      'https://[::ffff:10.0.0.1]/x',
      'https://[::ffff:0:a9fe:a9fe]/x', // IPv4-translated 169.254.169.254
      'https://[::127.0.0.1]/x', // IPv4-compatible
      'https://[64:ff9b::10.0.0.1]/x', // NAT64
      'https://[2002:7f00:1::]/x', // 6to4 of 127.0.0.1
      'https://[FD12:3456::1]/x',
      'https://[fc00::1]/x',
      'https://[febf::1]/x',
      'https://[fec0::1]/x',
      'https://[ff02::1]/x',
      'https://[2001:db8::1]/x',
    ];
    for (const url of refused) {
      expect(webhookUrlProblem(url, false), url).toMatch(/^must not point to a (local host name|private, loopback or link-local address)$/);
      const res = await call('POST', '/api/games', { json: { variant: 'warp-factor', white: { webhook: url } } });
      expect(res.status, url).toBe(400);
    }
    for (const url of [
      'https://hooks.example./x',
      'https://HOOKS.Example/x',
      'https://8.8.8.8./x',
      'https://0x8.8.8.8/x',
      'https://[2606:4700::1111]/x',
      'https://[::ffff:8.8.8.8]/x',
    ])
      expect(webhookUrlProblem(url, false), url).toBeUndefined();
    // Local development allows only the documented spellings (webhook-url-policy.test.ts): not these.
    for (const url of ['http://localhost.:3000/x', 'http://127.1:9999/x', 'http://[0::1]/x'])
      expect(webhookUrlProblem(url, true), url).toEqual(expect.any(String));
    expect(webhookUrlProblem('http://10.0.0.1./x', true)).toBe('must be an https:// URL');
  });

  it('normalHost and parseIpv6 (what the URL parser leaves to us)', () => {
    expect(normalHost('LocalHost..')).toEqual({ kind: 'name', name: 'localhost' });
    expect(normalHost('0x7F.0.0.01')).toEqual({ kind: 'ipv4', octets: [127, 0, 0, 1] });
    expect(normalHost('2130706433.')).toEqual({ kind: 'ipv4', octets: [127, 0, 0, 1] });
    expect(normalHost('10.258')).toEqual({ kind: 'ipv4', octets: [10, 0, 1, 2] });
    expect(normalHost('256.1.1.1')).toEqual({ kind: 'name', name: '256.1.1.1' });
    expect(normalHost('[::FFFF:127.0.0.1]')).toEqual({ kind: 'ipv6', groups: [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1] });
    expect(parseIpv6('fe80::1:2')).toEqual([0xfe80, 0, 0, 0, 0, 0, 1, 2]);
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const bad of ['1::2::3', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', '12345::', '::1.2.3.256', '1:2:3:4:5:6:7::8'])
      expect(parseIpv6(bad), bad).toBeUndefined();
  });

  it('production resolves host names (DNS over HTTPS): a name that points inside is refused, when set and before delivery', async () => {
    const zone: Record<string, Record<string, string[]>> = {
      'public.example': { A: ['93.184.215.14'], AAAA: ['2606:2800:21f:cb07::1'] },
      'sneaky.example': { A: ['93.184.215.14', '10.1.2.3'], AAAA: [] },
      'v6-inside.example': { A: [], AAAA: ['fd00::1'] },
      'mapped.example': { A: [], AAAA: ['::ffff:127.0.0.1'] },
    };
    const lookups: string[] = [];
    const receiver: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(new Request(input, init).url);
      if (url.origin + url.pathname !== DOH_URL) {
        receiver.push(url.href);
        return new Response(null, { status: 200 });
      }
      const name = url.searchParams.get('name')!;
      const type = url.searchParams.get('type')!;
      lookups.push(`${name} ${type}`);
      if (name === 'resolver-down.example') return new Response('busy', { status: 503 });
      const records = zone[name];
      const Answer = (records?.[type] ?? []).map((data) => ({ name, type: type === 'A' ? 1 : 28, TTL: 60, data }));
      return Response.json({ Status: records ? 0 : 3, Answer });
    });
    const mutable = env as { WEBHOOK_DNS?: string };
    mutable.WEBHOOK_DNS = 'on';
    try {
      const create = (webhook: string) => call('POST', '/api/games', { json: { variant: 'warp-factor', white: { webhook } } });
      expect((await create('https://public.example/hook')).status).toBe(201);
      expect(lookups).toEqual(expect.arrayContaining(['public.example A', 'public.example AAAA']));
      for (const [host, address] of [
        ['sneaky.example', '10.1.2.3'],
        ['v6-inside.example', 'fd00::1'],
        ['mapped.example', '::ffff:127.0.0.1'],
      ]) {
        const res = await create(`https://${host}/hook`);
        expect([res.status, res.body.error], host).toEqual([
          400,
          `white.webhook: must not point to a private, loopback or link-local address (${host} resolves to ${address})`,
        ]);
      }
      const missing = await create('https://nowhere.example/hook');
      expect([missing.status, missing.body.error]).toEqual([400, 'white.webhook: must point to a host that exists (nowhere.example has no address)']);
      // When the resolver cannot answer, the URL is let through (Cloudflare's egress still guards).
      expect((await create('https://resolver-down.example/hook')).status).toBe(201);
      // PATCH /me checks the same way.
      const g = await newGame('warp-factor');
      const patched = await call('PATCH', `/api/games/${g.id}/me`, { json: { webhook: 'https://sneaky.example/x' }, token: g.tokens.white });
      expect([patched.status, patched.body.error]).toEqual([
        400,
        'webhook: must not point to a private, loopback or link-local address (sneaky.example resolves to 10.1.2.3)',
      ]);

      // A name that moved inside after it was set is not called.
      const hooked = await create('https://public.example/hook');
      zone['public.example'] = { A: ['192.168.1.5'], AAAA: [] };
      const queue = captureQueue();
      await call('POST', `/api/games/${hooked.body.id}/moves`, { text: 'Wb2-Wb3', token: hooked.body.tokens.white });
      await call('POST', `/api/games/${hooked.body.id}/moves`, { text: 'Bb3-Bb2', token: hooked.body.tokens.black });
      const jobs = queue.take().filter((j) => j.channel === 'webhook');
      expect(jobs).toHaveLength(1);
      await runQueue(jobs);
      expect(receiver).toEqual([]);
      const log = await call('GET', `/api/games/${hooked.body.id}/deliveries`, { token: hooked.body.tokens.white });
      expect(log.body.deliveries[0]).toMatchObject({ status: 'skipped', error: expect.stringContaining('public.example resolves to 192.168.1.5') });
    } finally {
      mutable.WEBHOOK_DNS = 'off';
    }
  });

  it('ALLOW_LOCAL_WEBHOOKS=true (npm start) allows http://127.0.0.1 and localhost', async () => {
    (env as { ALLOW_LOCAL_WEBHOOKS?: string }).ALLOW_LOCAL_WEBHOOKS = 'true';
    for (const webhook of ['http://127.0.0.1:9999/hook', 'http://localhost:3000/x'])
      expect((await call('POST', '/api/games', { json: { variant: 'warp-factor', white: { webhook } } })).status, webhook).toBe(201);
    // Other private ranges stay closed.
    expect((await call('POST', '/api/games', { json: { variant: 'warp-factor', white: { webhook: 'http://10.0.0.1/x' } } })).status).toBe(400);
  });
});

describe('events are queued, never delivered inline', () => {
  it('a move enqueues a turn for the player to move and does not call the receiver', async () => {
    const queue = captureQueue();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const g = await hookedGame();
    const res = await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    expect(res.status).toBe(200);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(queue.jobs).toHaveLength(1);
    const [job] = queue.jobs;
    expect(job).toMatchObject({ event: 'turn', side: 'black', channel: 'webhook' });
    // The ply and the time of the turn that made it (a ply reached again after a takeback is another message).
    expect(job!.id).toBe(`msg_${g.id}_1_turn_black_webhook_${Date.parse(job!.data.lastMove!.at).toString(36)}`);
    expect(job!.data).toMatchObject({ you: 'black', ply: 1, sideToMove: 'black', lastMove: { ply: 1, side: 'white', text: 'Wb2-Wb3' } });
    expect(job!.data.legalCount).toBeGreaterThan(0);
    expect(job!.data.board).toContain('B level');
  });

  it('a ply reached again after a takeback is a new message: its webhook-id differs, so a receiver that de-duplicates keeps it', async () => {
    const queue = captureQueue();
    const g = await hookedGame();
    const move = (text: string, side: 'white' | 'black') => call('POST', `/api/games/${g.id}/moves`, { text, token: g.tokens[side] });
    expect((await move('Wb2-Wb3', 'white')).status).toBe(200);
    expect((await move('Bb3-Bb2', 'black')).status).toBe(200);
    const turnIds = () =>
      queue
        .take()
        .filter((j: any) => j.event === 'turn' && j.side === 'white')
        .map((j: any) => j.id); // eslint-disable-line @typescript-eslint/no-explicit-any
    const first = turnIds();
    expect(first).toHaveLength(1);
    expect((await move('Wc2-Wc3', 'white')).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'offer' }, token: g.tokens.black })).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'accept' }, token: g.tokens.white })).body.ply).toBe(1);
    queue.take();
    await new Promise((r) => setTimeout(r, 5)); // another millisecond for the new turn
    expect((await move('Bc3-Bc2', 'black')).status).toBe(200);
    const again = turnIds();
    expect(again).toHaveLength(1);
    expect(again[0]).toMatch(new RegExp(`^msg_${g.id}_2_turn_white_webhook_`));
    expect(again[0]).not.toBe(first[0]);
  });

  it('draw offer -> draw-offer to the other player; resign -> game-over to both', async () => {
    const queue = captureQueue();
    const g = await hookedGame();
    await call('POST', `/api/games/${g.id}/draw`, { token: g.tokens.white, json: { action: 'offer' } });
    expect(queue.take().map((j) => `${j.event}:${j.side}`)).toEqual(['draw-offer:black']);
    await call('POST', `/api/games/${g.id}/resign`, { token: g.tokens.black });
    expect(queue.take().map((j) => `${j.event}:${j.side}`)).toEqual(['game-over:white', 'game-over:black']);
  });

  it('a failing queue does not fail the move', async () => {
    vi.spyOn(env.NOTIFY_QUEUE!, 'sendBatch').mockRejectedValue(new Error('queue down'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const g = await hookedGame();
    expect((await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white })).status).toBe(200);
  });
});

describe('the queue consumer', () => {
  it('signs per Standard Webhooks; 500 -> retry with a delay, then 200 with the same webhook-id', async () => {
    const queue = captureQueue();
    const g = await hookedGame();
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    const jobs = queue.take();
    const receiver = webhookReceiver(() => ({ [B_URL]: g.webhookSecrets.black }), [500, 200, 200]);

    const first = await runQueue(jobs, 1);
    expect(first.retryMessages).toHaveLength(1);
    expect(first.delays).toEqual([5]);
    const second = await runQueue(jobs, 2);
    expect(second.retryMessages).toHaveLength(0);
    expect(second.explicitAcks).toHaveLength(1);
    // A duplicate delivery (the platform may redeliver) carries the same id: the receiver drops it.
    await runQueue(jobs, 1);

    expect(receiver.calls.map((c) => c.status)).toEqual([500, 200, 200]);
    expect(receiver.calls.every((c) => c.verified)).toBe(true);
    expect(new Set(receiver.calls.map((c) => c.id))).toEqual(new Set([jobs[0]!.id]));
    expect(receiver.calls.map((c) => c.duplicate)).toEqual([false, false, true]);
    expect(receiver.calls[1]!.body).toMatchObject({ type: 'turn', data: { gameId: g.id, you: 'black', lastMove: { text: 'Wb2-Wb3' } } });
    // The body is the same on every attempt.
    expect(receiver.calls[0]!.body).toEqual(receiver.calls[1]!.body);

    // A signature made with another secret does not verify.
    const other = webhookReceiver(() => ({ [B_URL]: g.webhookSecrets.white }));
    await runQueue(jobs, 1);
    expect(other.calls[0]!.verified).toBe(false);

    const log = await call('GET', `/api/games/${g.id}/deliveries`, { token: g.tokens.black });
    expect(log.status).toBe(200);
    const rows = [...log.body.deliveries].reverse();
    expect(rows.slice(0, 2)).toMatchObject([
      { status: 'failed', attempt: 1, httpStatus: 500, event: 'turn', channel: 'webhook' },
      { status: 'delivered', attempt: 2, httpStatus: 200 },
    ]);
    // Each player reads only their own deliveries.
    expect((await call('GET', `/api/games/${g.id}/deliveries`, { token: g.tokens.white })).body.deliveries).toEqual([]);
    expect((await call('GET', `/api/games/${g.id}/deliveries`)).status).toBe(401);
  });

  it('growing delays; a network error is a failure too', async () => {
    const queue = captureQueue();
    const g = await hookedGame();
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    const jobs = queue.take();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('connection refused'));
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) delays.push((await runQueue(jobs, attempt)).delays[0]!);
    expect(delays).toEqual([5, 300, 1800, 7200, 18000, 36000]);
    const log = await call('GET', `/api/games/${g.id}/deliveries`, { token: g.tokens.black });
    expect(log.body.deliveries[0]).toMatchObject({ status: 'failed', attempt: 6, error: 'could not connect to black.example: connection refused' });
  });

  it('the delivery log says in words which host could not be reached (workerd: "internal error")', async () => {
    const queue = captureQueue();
    const g = await hookedGame();
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    const jobs = queue.take();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('internal error; reference = 9qk2b1rj8c0ab3sd'));
    await runQueue(jobs, 1);
    const log = await call('GET', `/api/games/${g.id}/deliveries`, { token: g.tokens.black });
    expect(log.body.deliveries[0]).toMatchObject({
      status: 'failed',
      error:
        'could not connect to black.example (the name may not resolve, or the server refused the connection): internal error; reference = 9qk2b1rj8c0ab3sd',
    });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    await runQueue(jobs, 2);
    const timedOut = await call('GET', `/api/games/${g.id}/deliveries`, { token: g.tokens.black });
    expect(timedOut.body.deliveries[0]).toMatchObject({ status: 'failed', attempt: 2, error: 'black.example did not answer within 10 s' });
  });

  it('a redirect is not followed', async () => {
    const queue = captureQueue();
    const g = await hookedGame();
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 302, headers: { Location: 'http://10.0.0.1/' } }));
    const result = await runQueue(queue.take(), 1);
    expect(result.retryMessages).toHaveLength(1);
    expect(fetchSpy.mock.calls[0]![1]).toMatchObject({ redirect: 'manual' });
  });

  it('410 Gone disables the endpoint; setting the webhook again enables it with a new secret', async () => {
    const queue = captureQueue();
    const g = await hookedGame();
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    webhookReceiver(() => ({}), [410]);
    const result = await runQueue(queue.take(), 1);
    expect(result.retryMessages).toHaveLength(0);
    expect(result.explicitAcks).toHaveLength(1);
    const me = await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.black });
    expect(me.body).toMatchObject({ webhook: B_URL, webhookDisabled: true });
    const log = await call('GET', `/api/games/${g.id}/deliveries`, { token: g.tokens.black });
    expect(log.body.deliveries[0]).toMatchObject({ status: 'disabled', httpStatus: 410 });
    // No more webhook messages for Black.
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Bb3-Bb2', token: g.tokens.black });
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wa2-Wa3', token: g.tokens.white });
    expect(queue.take().map((j) => `${j.event}:${j.side}:${j.channel}`)).toEqual(['turn:white:webhook']);
    const patched = await call('PATCH', `/api/games/${g.id}/me`, { token: g.tokens.black, json: { webhook: 'https://black.example/new' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ webhook: 'https://black.example/new', webhookDisabled: false });
    expect(patched.body.webhookSecret).toMatch(/^whsec_/);
    expect(patched.body.webhookSecret).not.toBe(g.webhookSecrets.black);
  });

  it('the dead-letter consumer marks the delivery dead', async () => {
    const queue = captureQueue();
    const g = await hookedGame();
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    const result = await runQueue(queue.take(), 1, 'subspace-notify-dlq');
    expect(result.explicitAcks).toHaveLength(1);
    const log = await call('GET', `/api/games/${g.id}/deliveries`, { token: g.tokens.black });
    expect(log.body.deliveries[0]).toMatchObject({ status: 'dead', attempt: 7 });
    expect(log.body.deliveries[0].messageId).toMatch(new RegExp(`^msg_${g.id}_1_turn_black_webhook_[0-9a-z]+$`));
  });
});
