// Real answers of every documented route, checked against /openapi.json: each status a route
// answers must be documented for it, and each JSON body must match the documented schema.
// @cfworker/json-schema validates without eval, which workerd does not allow.
import { Validator, type Schema } from '@cfworker/json-schema';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { discordApp, TELEGRAM_SECRET, telegramBot } from './bot-helpers.ts';
import { BASE, fetchWorker, FIRST_CONTACT_WIN } from './helpers.ts';
import { captureComputerTurns, runComputerQueue } from './computer-helpers.ts';

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
  components: Record<string, unknown>;
};

let doc: Doc;
const exercised = new Set<string>();
const problems: string[] = [];

/** The documented path a concrete one matches (`/api/games/abc/moves` -> `/api/games/{id}/moves`). */
function documentedPath(path: string): string | undefined {
  const bare = path.split('?')[0]!;
  return Object.keys(doc.paths).find((p) => new RegExp(`^${p.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare));
}

/** One request; its answer is checked against the document (status, then the JSON body's schema). */
async function api(
  method: string,
  path: string,
  init: { json?: unknown; text?: string; token?: string; headers?: Record<string, string>; form?: string } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (init.json !== undefined) [headers['Content-Type'], body] = ['application/json', JSON.stringify(init.json)];
  else if (init.text !== undefined) [headers['Content-Type'], body] = [headers['Content-Type'] ?? 'text/plain', init.text];
  else if (init.form !== undefined) [headers['Content-Type'], body] = ['application/x-www-form-urlencoded', init.form];
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const res = await fetchWorker(new Request(`${BASE}${path}`, { method, headers, body }));
  const streaming = (res.headers.get('Content-Type') ?? '').startsWith('application/x-ndjson');
  const text = streaming ? (await res.body?.cancel(), '') : await res.text();
  const template = documentedPath(path);
  const where = `${method} ${path} -> ${res.status}`;
  const operation = template ? doc.paths[template]?.[method.toLowerCase()] : undefined;
  if (!operation) problems.push(`${where}: the route is not documented`);
  else {
    exercised.add(`${method.toLowerCase()} ${template}`);
    const answer = operation.responses[String(res.status)];
    if (!answer) problems.push(`${where}: status not documented`);
    else {
      const type = (res.headers.get('Content-Type') ?? '').split(';')[0]!.trim();
      const schema = answer.content?.[type]?.schema;
      if (!answer.content) problems.push(`${where}: no content documented\n  ${text.slice(0, 700)}`);
      else if (!schema) problems.push(`${where}: content type ${type} not documented`);
      else if (type === 'application/json') {
        const result = new Validator({ ...schema, components: doc.components } as Schema, '2020-12', false).validate(JSON.parse(text));
        if (!result.valid)
          problems.push(
            `${where}: ${result.errors
              .map((e) => `${e.instanceLocation} ${e.error}`)
              .slice(-4)
              .join('; ')}\n  ${text.slice(0, 300)}`,
          );
      }
    }
  }
  let parsed: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text };
}

describe('/openapi.json against real answers', () => {
  afterAll(() => {
    // Shown when the test below fails, so each mismatch can be read at once.
    if (problems.length) console.log(problems.join('\n'));
  });

  it('a route that takes a player key but needs none says both: a generated client sends the key (tester 8 K6)', async () => {
    const spec = (await (await fetchWorker(new Request(`${BASE}/openapi.json`))).json()) as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(spec.paths['/api/games']!.post!.security).toEqual([{ playerToken: [] }, {}]);
    expect(spec.paths['/api/games/{id}']!.get!.security).toContainEqual({});
  });

  it('every documented route answers as documented', { timeout: 240_000 }, async () => {
    doc = (await (await fetchWorker(new Request(`${BASE}/openapi.json`))).json()) as Doc;
    await api('GET', '/openapi.json');
    await api('GET', '/api');

    // The chat bots: not set up (404), then set up and called without the platform's proof (401); PING (test/service/bots-*.test.ts play games).
    await api('POST', '/discord/interactions', { json: { type: 1 } });
    await api('POST', '/telegram/webhook', { json: { update_id: 1 } });
    const app = await discordApp();
    telegramBot();
    await api('POST', '/discord/interactions', { json: { type: 1 } });
    await api('POST', '/telegram/webhook', { json: { update_id: 1 } });
    const ping = await app.send({ type: 1 });
    await api('POST', '/telegram/webhook', { json: { update_id: 1 }, headers: { 'X-Telegram-Bot-Api-Secret-Token': TELEGRAM_SECRET } });
    if (ping.status !== 200) problems.push('a signed Discord PING was refused');

    // Games: create, look, move, the comforts, the record, pictures.
    const game = (
      await api('POST', '/api/games', {
        json: {
          variant: 'warp-factor',
          white: { name: 'Kirk' },
          black: { name: 'Kor' },
          clock: { daysPerMove: 3, timeout: 'claim', leaveDays: 5 },
          hints: true,
        },
      })
    ).body;
    const [w, b] = [game.tokens.white, game.tokens.black];
    const id = game.id as string;
    await api('GET', `/api/games/${id}`);
    await api('GET', `/api/games/${id}?token=${w}`);
    await api('GET', `/api/games/${id}`, { token: 'not-a-token-of-this-game' });
    await api('GET', `/api/games/zzzzzzzzzzzz`);
    const legal = (await api('GET', `/api/games/${id}/legal`)).body;
    await api('GET', `/api/games/${id}/hint`, { token: w });
    await api('GET', `/api/games/${id}/preview?move=${encodeURIComponent(legal.legal[0])}`);
    await api('GET', `/api/games/${id}/preview?move=Wz9-Wz9`);
    await api('POST', `/api/games/${id}/moves`, { text: `${legal.legal[0]} #1`, token: w });
    await api('POST', `/api/games/${id}/moves`, { text: `${legal.legal[0]} #1`, token: w });
    await api('POST', `/api/games/${id}/moves`, { text: 'Wa1-Wa1', token: w });
    await api('POST', `/api/games/${id}/moves`, { text: 'Wa1-Wa1', token: b });
    await api('POST', `/api/games/${id}/moves`, { text: 'Wb2-', token: b });
    await api('POST', `/api/games/${id}/moves`, { text: 'Wb2-Wb3' });
    const second = (await api('GET', `/api/games/${id}/legal`)).body;
    await api('POST', `/api/games/${id}/moves`, { json: { move: second.legal[0], ply: 2 }, token: b });
    await api('GET', `/api/games/${id}/moves`);
    await api('GET', `/api/games/${id}/moves?since=1`);
    await api('GET', `/api/games/${id}/record`);
    await api('POST', `/api/games/${id}/messages`, { json: { text: 'Good luck' }, token: w });
    await api('GET', `/api/games/${id}/messages`, { token: b });
    await api('GET', `/api/games/${id}/messages`);
    await api('PUT', `/api/games/${id}/messages/visibility`, { json: { spectators: true }, token: w });
    await api('PUT', `/api/games/${id}/conditional`, { json: { lines: [[second.legal[0]]] }, token: b });
    await api('PUT', `/api/games/${id}/conditional`, { json: { lines: [['Wz9-Wz9']] }, token: b });
    await api('GET', `/api/games/${id}/conditional`, { token: b });
    await api('DELETE', `/api/games/${id}/conditional`, { token: b });
    await api('POST', `/api/games/${id}/takeback`, { json: { action: 'offer' }, token: b });
    await api('POST', `/api/games/${id}/takeback`, { json: { action: 'decline' }, token: w });
    await api('POST', `/api/games/${id}/takeback`, { json: { action: 'accept' }, token: w });
    await api('POST', `/api/games/${id}/pause`, { json: { action: 'offer', days: 3 }, token: w });
    await api('POST', `/api/games/${id}/pause`, { json: { action: 'decline' }, token: b });
    await api('POST', `/api/games/${id}/leave`, { json: { days: 1 }, token: w });
    await api('POST', `/api/games/${id}/claim`, { token: b });
    await api('POST', `/api/games/${id}/draw`, { json: { action: 'offer' }, token: w });
    await api('POST', `/api/games/${id}/draw`, { json: { action: 'decline' }, token: b });
    await api('POST', `/api/games/${id}/draw`, { json: { action: 'maybe' }, token: b });
    await api('GET', `/api/games/${id}/me`, { token: w });
    await api('PATCH', `/api/games/${id}/me`, { json: { email: 'kirk@example.org' }, token: w });
    await api('PATCH', `/api/games/${id}/me`, { json: [], token: w });
    await api('GET', `/api/games/${id}/deliveries`, { token: w });
    // Web Push: the key, a seat's subscription (stored, refused, removed).
    await api('GET', '/api/push/key');
    const browser = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
    const p256dh = btoa(String.fromCharCode(...new Uint8Array((await crypto.subtle.exportKey('raw', browser.publicKey)) as ArrayBuffer)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const subscription = { endpoint: 'https://push.example.net/send/contract', expirationTime: null, keys: { p256dh, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } };
    await api('POST', `/api/games/${id}/push`, { json: subscription, token: b });
    await api('POST', `/api/games/${id}/push`, { json: { ...subscription, keys: { p256dh, auth: 'AAAA' } }, token: b });
    await api('DELETE', `/api/games/${id}/push`, { json: { endpoint: subscription.endpoint }, token: b });
    await api('DELETE', `/api/games/${id}/push`, { json: { endpoint: subscription.endpoint }, token: b });
    await api('POST', `/api/games/${id}/chat`, { text: 'board', token: w });
    await api('POST', `/api/games/${id}/chat`, { form: 'text=board', token: w });
    await api('GET', `/api/games/${id}/board.svg`);
    await api('GET', `/api/games/${id}/board.png?size=400`);
    await api('GET', `/api/board.svg?variant=planar`);
    await api('GET', `/api/board.png?variant=first-contact&size=400`);
    await api('GET', `/api/board.svg?variant=chess`);
    // The analysis board (during the game) and the analysis (refused during it).
    await api('PUT', `/api/games/${id}/notes`, { json: { variations: [{ name: 'Idea', from: 0, turns: [{ move: legal.legal[0], note: 'why' }] }] }, token: w });
    await api('PUT', `/api/games/${id}/notes`, { json: { variations: [{ name: 'Bad', from: 0, turns: [{ move: 'Wz9-Wz9' }] }] }, token: w });
    await api('PUT', `/api/games/${id}/notes`, { json: { variations: 'none' }, token: w });
    await api('GET', `/api/games/${id}/notes`, { token: w });
    await api('GET', `/api/games/${id}/notes`, { token: 'not-a-token-of-this-game' });
    await api('GET', `/api/games/${id}/explore?from=0&line=${encodeURIComponent(legal.legal[0])}`);
    await api('GET', `/api/games/${id}/explore?line=Wz9-Wz9`);
    await api('GET', `/api/games/${id}/explore?from=x`);
    await api('POST', `/api/games/${id}/analysis`);
    await api('GET', `/api/games/${id}/analysis`);
    await api('POST', `/api/games/${id}/resign`, { token: w });
    await api('POST', `/api/games/${id}/resign`, { token: b });
    const pieces = captureComputerTurns();
    await api('GET', `/api/games/${id}/analysis`);
    await api('POST', `/api/games/${id}/analysis`);
    for (let jobs = pieces.take(); jobs.length; jobs = pieces.take()) await runComputerQueue(jobs);
    vi.restoreAllMocks();
    await api('GET', `/api/games/${id}/analysis`);
    await api('POST', `/api/games/${id}/abort`, { token: b });
    const record = (await api('GET', `/api/games/${id}/record`)).text;
    await api('POST', '/api/games/import', { text: record });
    await api('POST', '/api/games/import', { json: { record } });
    await api('POST', '/api/games/import', { text: 'not a record' });
    const fresh = (await api('POST', '/api/games', { json: { variant: 'first-contact' } })).body;
    for (const turn of FIRST_CONTACT_WIN.slice(0, 2))
      await api('POST', `/api/games/${fresh.id}/moves`, {
        text: turn,
        token: (await api('GET', `/api/games/${fresh.id}`)).body.sideToMove === 'white' ? fresh.tokens.white : fresh.tokens.black,
      });
    await api('POST', `/api/games/${fresh.id}/abort`, { token: fresh.tokens.white });
    await api('POST', '/api/games', { json: { variant: 'chess' } });
    await api('POST', '/api/games', { text: 'variant=planar' });

    // Players, challenges, their chat and streams.
    const kirk = (await api('POST', '/api/players', { json: { name: 'Kirk' } })).body;
    const kor = (await api('POST', '/api/players', { json: { name: 'Kor' } })).body;
    await api('POST', '/api/players', { json: { name: 1 } });
    await api('POST', '/api/players/sign-in', { json: { email: 'nobody@example.org' } });
    await api('GET', `/api/players/${kirk.id}`);
    await api('GET', `/api/me`, { token: kirk.key });
    await api('GET', `/api/me`, { token: 'no-such-key' });
    await api('GET', `/api/me`);
    await api('PATCH', `/api/me`, { json: { name: 'James Kirk' }, token: kirk.key });
    await api('POST', '/api/challenges', { json: { variant: 'planar', color: 'white', to: kor.id }, token: kirk.key });
    const open = (await api('POST', '/api/challenges', { json: { variant: 'warp-factor', color: 'white' }, token: kirk.key })).body;
    const declined = (await api('POST', '/api/challenges', { json: { variant: 'curved-space', color: 'black', to: kor.id }, token: kirk.key })).body;
    const withdrawn = (await api('POST', '/api/challenges', { json: { variant: 'first-contact' }, token: kirk.key })).body;
    await api('GET', '/api/challenges');
    await api('GET', `/api/challenges/${open.id}`);
    await api('DELETE', `/api/challenges/${withdrawn.id}`, { token: kirk.key });
    await api('POST', `/api/challenges/${declined.id}/decline`, { token: kor.key });
    const accepted = (await api('POST', `/api/challenges/${open.id}/accept`, { token: kor.key })).body;
    await api('POST', `/api/challenges/${open.id}/accept`, { token: kor.key });
    await api('GET', '/api/me/games', { token: kirk.key });
    await api('GET', '/api/me/challenges', { token: kor.key });
    await api('POST', '/api/me/push', { json: subscription, token: kirk.key });
    await api('POST', '/api/me/push', { json: { endpoint: subscription.endpoint }, token: kirk.key });
    await api('DELETE', '/api/me/push', { json: { endpoint: subscription.endpoint }, token: kirk.key });
    await api('GET', '/api/me/notify', { token: kirk.key });
    await api('PATCH', '/api/me/notify', { json: { pushEvents: ['turn', 'last-call'], digestHours: 6 }, token: kirk.key });
    await api('PATCH', '/api/me/notify', { json: { digestHours: 0 }, token: kirk.key });
    await api('POST', '/api/me/chat', { text: 'games', token: kirk.key });
    await api('POST', `/api/games/${accepted.id}/resign`, { token: accepted.tokens?.black ?? kor.key });
    await api('POST', `/api/games/${accepted.id}/rematch`, { token: kirk.key });
    await api('GET', `/api/games/${accepted.id}/stream`);
    await api('GET', '/api/stream/events', { token: kirk.key });
    // The socket without an upgrade, and for a game that does not exist (the 101 itself is test/service/alarms.test.ts's).
    await api('GET', `/api/games/${accepted.id}/socket`);
    await api('GET', '/api/games/zzzzzzzzzzzz/socket', { headers: { Upgrade: 'websocket' } });
    await api('GET', '/api/stream/lobby');

    // Ratings and tournaments.
    await api('GET', `/api/players/${kor.id}`);
    await api('GET', '/api/leaderboard/warp-factor');
    await api('GET', '/api/leaderboard/warp-factor?limit=0');
    await api('GET', '/api/leaderboard/chess');
    const mccoy = (await api('POST', '/api/players', { json: { name: 'McCoy' } })).body;
    const event = { name: 'Enterprise open', variant: 'warp-factor', clock: { daysPerMove: 3 }, format: 'swiss', rounds: 2, maxPlayers: 3 };
    await api('POST', '/api/tournaments', { json: { ...event, rounds: 5 }, token: kirk.key });
    await api('POST', '/api/tournaments', { json: event });
    await api('POST', '/api/tournaments', { json: event, token: 'no-such-key' });
    const swiss = (await api('POST', '/api/tournaments', { json: event, token: kirk.key })).body;
    await api('GET', '/api/tournaments');
    await api('GET', `/api/tournaments/${swiss.id}`);
    await api('GET', '/api/tournaments/zzzzzzzzzzzz');
    const called = (await api('POST', '/api/tournaments', { json: { ...event, name: 'Called off' }, token: kirk.key })).body;
    await api('POST', `/api/tournaments/${called.id}/cancel`, { token: kor.key });
    await api('POST', `/api/tournaments/${called.id}/cancel`, { token: kirk.key });
    for (const p of [kirk, kor]) await api('POST', `/api/tournaments/${swiss.id}/join`, { token: p.key });
    await api('POST', `/api/tournaments/${swiss.id}/join`, { token: kor.key });
    await api('POST', `/api/tournaments/${swiss.id}/start`, { token: kirk.key });
    await api('POST', `/api/tournaments/${swiss.id}/leave`, { token: kor.key });
    await api('POST', `/api/tournaments/${swiss.id}/join`, { token: kor.key });
    await api('POST', `/api/tournaments/${swiss.id}/join`, { token: mccoy.key });
    await api('POST', `/api/tournaments/${swiss.id}/start`, { token: kor.key });
    await api('POST', `/api/tournaments/${swiss.id}/start`, { token: kirk.key });
    await api('POST', `/api/tournaments/${swiss.id}/leave`, { token: mccoy.key });
    await api('GET', `/api/tournaments/${swiss.id}`);
    await api('GET', '/api/me/games?status=finished', { token: mccoy.key });
    // Ending keys (McCoy's: nobody plays with them after this): a new key, then every other key ended.
    const renewed = (await api('POST', '/api/me/key', { token: mccoy.key })).body;
    await api('POST', '/api/me/key', { token: mccoy.key });
    await api('DELETE', '/api/me/keys', { token: renewed.key });
    // A seat's token renewed, then the old one refused, and no token, and no game.
    const seat = (await api('POST', '/api/games', { json: { variant: 'planar' } })).body;
    await api('POST', `/api/games/${seat.id}/token`, { token: seat.tokens.white });
    await api('POST', `/api/games/${seat.id}/token`, { token: seat.tokens.white });
    await api('POST', `/api/games/${seat.id}/token`);
    await api('POST', '/api/games/zzzzzzzzzzzz/token', { token: seat.tokens.black });

    expect(problems).toEqual([]);
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented.filter((op) => !exercised.has(op))).toEqual([]);
  });
});
