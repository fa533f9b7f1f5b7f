// Structured request logs: one JSON line per request with the route pattern, the game id,
// the status and the duration; never a token, an email address, a webhook URL or secret.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exports } from 'cloudflare:workers';
import { BASE, call, form, location, newGame } from './helpers.ts';
import { captureQueue, runQueue } from './notify-helpers.ts';
import { newPlayer } from './player-helpers.ts';
import type { QueueJob } from '../../src/notify/types.ts';

let logged: string[];
beforeEach(() => {
  logged = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? `${a.message} ${a.stack}` : JSON.stringify(a))).join(' '));
    });
});
afterEach(() => vi.restoreAllMocks());

const requestLines = () =>
  logged.flatMap((l) => {
    try {
      const line = JSON.parse(l);
      return line?.event === 'request' ? [line] : [];
    } catch {
      return [];
    }
  });

describe('request logs', () => {
  it('one JSON line per request: method, route pattern, game id, status, duration', async () => {
    const g = await newGame('warp-factor');
    await call('GET', `/api/games/${g.id}`);
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    await call('GET', '/no/such/route');
    const lines = requestLines();
    expect(lines).toHaveLength(5);
    expect(lines.map((l) => [l.method, l.route, l.game, l.status])).toEqual([
      ['POST', '/api/games', undefined, 201],
      ['GET', '/api/games/:id', g.id, 200],
      ['POST', '/api/games/:id/moves', g.id, 200],
      ['POST', '/api/games/:id/moves', g.id, 403],
      ['GET', '(no route)', undefined, 404],
    ]);
    for (const l of lines) expect(l.ms).toBeGreaterThanOrEqual(0);
    expect(Object.keys(lines[0]!).sort()).toEqual(['event', 'method', 'ms', 'route', 'status']);
  });

  it('never a token, an email address, a webhook URL or a webhook secret, whatever the route', async () => {
    const emails = ['kirk.secret@example.org', 'kor.secret@example.org'];
    const hooks = ['https://hooks.example/kirk-private-path', 'https://hooks.example/kor-private-path'];
    const g = (await newGame('warp-factor', {
      white: { name: 'Kirk', email: emails[0], webhook: hooks[0] },
      black: { name: 'Kor', email: emails[1], webhook: hooks[1] },
      clock: { daysPerMove: 3 },
    })) as Awaited<ReturnType<typeof newGame>> & { webhookSecrets: { white: string; black: string } };
    const secrets = [g.tokens.white, g.tokens.black, g.webhookSecrets.white, g.webhookSecrets.black, ...emails, ...hooks];
    const t = g.tokens;
    await call('GET', `/api/games/${g.id}/me`, { token: t.white });
    await call('GET', `/games/${g.id}?token=${t.white}`);
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: t.white });
    await call('POST', `/api/games/${g.id}/moves`, { text: 'not a move', token: t.black });
    await call('PATCH', `/api/games/${g.id}/me`, { token: t.black, json: { email: 'kor.new.secret@example.org' } });
    await call('GET', `/api/games/${g.id}/deliveries`, { token: t.white });
    const posted = await call('POST', `/games/${g.id}/move`, {
      body: new URLSearchParams({ token: t.black, move: 'Bb3-Bb2' }),
      headers: { Origin: 'http://subspace.test', 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    // The form post answers 303; the browser follows it to the page.
    expect(posted.status).toBe(303);
    await call('GET', `${location(posted).pathname}${location(posted).search}`);
    // A token where a game id goes, and one in an unknown route: still not logged (11 requests in all).
    await call('GET', `/api/games/${t.white}`);
    await call('GET', `/nowhere/${t.black}?email=${emails[0]}`);
    expect(requestLines().length, JSON.stringify(requestLines().map((l) => [l.method, l.route, l.status]))).toBe(11);
    for (const line of logged) for (const secret of [...secrets, 'kor.new.secret@example.org', 'whsec_']) expect(line).not.toContain(secret);
  });

  it('never a player key, a webhook secret, an email or a webhook URL on the player routes, pages and player webhooks', async () => {
    const queue = captureQueue<QueueJob>();
    const kirk = await newPlayer('Kirk', 'kirk.private@example.org');
    const spock = await newPlayer('Spock', 'spock.private@example.org');
    const hook = 'https://hooks.example/spock-private-path';
    const set = await call('PATCH', '/api/me', { token: spock.key, json: { webhook: hook } });
    const secrets = [
      kirk.key,
      spock.key,
      kirk.key.slice(13),
      spock.key.slice(13),
      set.body.webhookSecret,
      'kirk.private',
      'spock.private',
      'spock-private-path',
      'hooks.example',
    ];
    await call('GET', '/api/me', { token: kirk.key });
    await call('GET', '/api/me', { token: `${kirk.id}_${'x'.repeat(43)}` }); // a wrong key: 403, not logged either
    const ch = await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'warp-factor', to: spock.id } });
    await call('GET', '/api/me/challenges', { token: spock.key });
    await call('POST', '/api/me/chat', { token: spock.key, text: 'challenges' });
    const game = await call('POST', `/api/challenges/${ch.body.id}/accept`, { token: spock.key });
    await call('GET', '/api/me/games', { token: kirk.key });
    await call('POST', `/api/games/${game.body.id}/resign`, { token: kirk.key });
    await call('POST', `/api/games/${game.body.id}/rematch`, { token: spock.key });
    await exports.default.fetch(new Request(`${BASE}/me`, { headers: { Cookie: `subspace_key=${kirk.key}` } }));
    await form('/me/settings', { email: 'kirk.private@example.org', webhook: '' }, BASE, { Cookie: `subspace_key=${kirk.key}` });
    await exports.default.fetch(new Request(`${BASE}/me#key=${kirk.key}`));
    await call('POST', '/api/players/sign-in', { json: { email: 'kirk.private@example.org' } });
    // The player's webhook fails (no answer, then 500): logged by message id and status only.
    vi.spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED hooks.example'))
      .mockResolvedValue(new Response(null, { status: 500 }));
    const jobs = queue.take();
    await runQueue(jobs);
    await runQueue(jobs, 2);
    expect(logged.some((l) => /^notify msg_player_.* failed, no answer$/.test(l))).toBe(true);
    expect(logged.some((l) => /^notify msg_player_.* failed with HTTP 500$/.test(l))).toBe(true);
    expect(requestLines().length).toBeGreaterThan(15);
    for (const line of logged) for (const secret of [...secrets, 'whsec_']) expect(line).not.toContain(secret);
  });
});
