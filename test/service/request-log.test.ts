// Structured request logs: one JSON line per request with the route pattern, the game id,
// the status and the duration; never a token, an email address, a webhook URL or secret.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, newGame } from './helpers.ts';

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
    await call('POST', `/games/${g.id}/move`, { body: new URLSearchParams({ token: t.black, move: 'Bb3-Bb2' }), headers: { Origin: 'http://subspace.test', 'Content-Type': 'application/x-www-form-urlencoded' } });
    // A token where a game id goes, and one in an unknown route: still not logged.
    // (11 requests: the form post answers 303 and the client follows it to the page.)
    await call('GET', `/api/games/${t.white}`);
    await call('GET', `/nowhere/${t.black}?email=${emails[0]}`);
    expect(requestLines().length, JSON.stringify(requestLines().map((l) => [l.method, l.route, l.status]))).toBe(11);
    for (const line of logged) for (const secret of [...secrets, 'kor.new.secret@example.org', 'whsec_']) expect(line).not.toContain(secret);
  });
});
