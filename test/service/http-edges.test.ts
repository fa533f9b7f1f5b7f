// The edges of the HTTP API: wrong methods, CORS, wrong tokens on reads, ply numbers out of
// range or ahead of the game, unreadable imports, wrong field types, text that is not valid
// Unicode, oversized record tags, and the rate limiter's key.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, call, newGame } from './helpers.ts';
import { newPlayer } from './player-helpers.ts';
import { Game } from '../../src/engine/game.ts';
import { mustParse, prng } from '../engine/helpers.ts';

describe('methods', () => {
  it('a known path with the wrong method is a 405 with Allow', async () => {
    const g = await newGame('warp-factor');
    for (const [method, path, allow] of [
      ['DELETE', `/api/games/${g.id}`, ['GET', 'HEAD']],
      ['PUT', `/api/games/${g.id}/moves`, ['GET', 'HEAD', 'POST']],
      ['GET', `/api/games/${g.id}/resign`, ['POST']],
      ['PATCH', '/api/games', ['POST']],
      // A named path outranks a game or player id in the same place (GET …/:id would only say "no game import").
      ['PUT', '/api/games/import', ['POST']],
      // GET and HEAD too, though GET /api/games/:id matches the path (tester 8 K2).
      ['GET', '/api/games/import', ['POST']],
      ['DELETE', '/api/games/import', ['POST']],
      ['DELETE', '/api/players/sign-in', ['POST']],
    ] as const) {
      const res = await call(method, path);
      expect([res.status, res.body.error], `${method} ${path}`).toEqual([405, `${method} is not allowed on ${path}; use ${allow.join(', ')}`]);
      expect(res.headers.get('Allow')?.split(', ').sort()).toEqual([...allow].sort());
    }
    // An unknown path stays a 404.
    expect((await call('GET', '/api/nothing-here')).status).toBe(404);
  });

  it('a known path with a trailing slash: a read is sent to the path without it, anything else told it', async () => {
    const g = await newGame('warp-factor');
    const read = await call('GET', `/api/games/${g.id}/?ply=0`);
    expect([read.status, read.headers.get('Location')]).toEqual([308, `/api/games/${g.id}?ply=0`]);
    const page = await call('GET', '/lobby/', { headers: { Accept: 'text/html' } });
    expect([page.status, page.headers.get('Location')]).toEqual([308, '/lobby']);
    const move = await call('POST', `/api/games/${g.id}/moves/`, { text: 'Wb2-Wb3', token: g.tokens.white });
    expect([move.status, move.body.code, move.body.error]).toEqual([
      404,
      'unknown_route',
      `no such route: POST /api/games/${g.id}/moves/ (without the trailing slash: /api/games/${g.id}/moves)`,
    ]);
    expect((await call('GET', '/api/nothing-here/')).status).toBe(404);
    // A method the bare address does not answer either is told what it does answer.
    const put = await call('PUT', '/lobby/', { json: {} });
    expect([put.status, put.body.error]).toEqual([404, 'no such route: PUT /lobby/ (without the trailing slash: /lobby, which answers GET, HEAD)']);
    // A browser gets a page that says the address (it was the JSON error).
    const form = await call('POST', '/me/settings/', { body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' } });
    expect([form.status, form.headers.get('Content-Type')]).toEqual([404, expect.stringMatching(/^text\/html/)]);
    expect(form.text).toContain('There is no page at /me/settings/: the address is /me/settings, without the trailing slash.');
  });
});

describe('an unknown game', () => {
  it('is a 404 before its body, query or token is read', async () => {
    const unknown = 'zzzzzzzzzzzzzzzz'; // well formed, never made here, not in the directory
    const cases: [string, string, Parameters<typeof call>[2]][] = [
      ['GET', `/api/games/${unknown}/preview`, {}], // no `move`: a 400 if read first
      ['GET', `/api/games/${unknown}?token=not-a-token`, {}], // a malformed token: a 403 if read first
      ['POST', `/api/games/${unknown}/moves`, { json: { nonsense: true }, token: 'x'.repeat(43) }],
      ['POST', `/api/games/${unknown}/messages`, { json: { text: 5 } }],
      ['POST', `/api/games/${unknown}/resign`, {}],
    ];
    for (const [method, path, init] of cases) {
      const res = await call(method, path, init);
      expect([res.status, res.body.code, res.body.error], `${method} ${path}`).toEqual([404, 'unknown_game', `no game with id ${unknown}`]);
    }
    // (A body that is not JSON at all is a 400 on every route first: the app reads it before routing.)
    // A game that exists still reads its request first.
    const g = await newGame('warp-factor');
    expect((await call('GET', `/api/games/${g.id}/preview`)).status).toBe(400);
  });
});

describe('CORS', () => {
  const origin = 'https://bot.example';

  it('answers the preflight of a bearer-token request from another origin', async () => {
    const g = await newGame('warp-factor');
    const res = await call('OPTIONS', `/api/games/${g.id}/moves`, {
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    expect(res.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization');
    // Never with credentials: nothing that rides on cookies works cross-origin.
    expect(res.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    const moved = await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white, headers: { Origin: origin } });
    expect(moved.status).toBe(200);
    expect(moved.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(moved.headers.get('Access-Control-Allow-Credentials')).toBeNull();
  });

  it('gives the pages and their forms no CORS headers', async () => {
    const page = await call('GET', '/', { headers: { Origin: origin } });
    expect(page.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const preflight = await call('OPTIONS', '/games', { headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('lets other sites show board pictures in an <img> (Cross-Origin-Resource-Policy), and nothing else', async () => {
    const g = await newGame('warp-factor');
    const position = (await call('GET', `/api/games/${g.id}`)).body.position as string;
    for (const path of [
      `/api/games/${g.id}/board.svg`,
      `/api/games/${g.id}/board.png?ply=0`,
      `/api/board.svg?variant=warp-factor&position=${encodeURIComponent(position)}`,
    ]) {
      const res = await call('GET', path);
      expect([res.status, res.headers.get('Cross-Origin-Resource-Policy')], path).toEqual([200, 'cross-origin']);
    }
    for (const path of [`/api/games/${g.id}`, '/', `/games/${g.id}`])
      expect((await call('GET', path)).headers.get('Cross-Origin-Resource-Policy'), path).toBe('same-origin');
    // The other secure headers are still there on a picture.
    expect((await call('GET', `/api/games/${g.id}/board.svg`)).headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});

describe('the token before the body', () => {
  it("a request without a token is a 401 whatever its body, as POST …/moves answers (not the body's 400 on some routes)", async () => {
    const g = await newGame('warp-factor');
    for (const [method, path] of [
      ['POST', `/api/games/${g.id}/moves`],
      ['POST', `/api/games/${g.id}/draw`],
      ['POST', `/api/games/${g.id}/messages`],
      ['PUT', `/api/games/${g.id}/messages/visibility`],
      ['POST', `/api/games/${g.id}/takeback`],
      ['PUT', `/api/games/${g.id}/conditional`],
      ['POST', `/api/games/${g.id}/pause`],
      ['POST', `/api/games/${g.id}/leave`],
      ['PUT', `/api/games/${g.id}/notes`],
      ['POST', `/api/games/${g.id}/push`],
      ['DELETE', `/api/games/${g.id}/push`],
      ['PATCH', `/api/games/${g.id}/me`],
      ['POST', '/api/me/push'],
      ['DELETE', '/api/me/push'],
      ['PATCH', '/api/me/notify'],
      ['PATCH', '/api/me'],
    ] as const) {
      const res = await call(method, path, { json: { nonsense: [1, 2, 3] } });
      expect([res.status, res.body.code], `${method} ${path}`).toEqual([401, 'token_required']);
    }
  });
});

describe('a page form too large', () => {
  it("is a page for a browser, the API's JSON for others (tester 11 S14)", async () => {
    const g = await newGame('warp-factor');
    const body = new URLSearchParams({ token: g.tokens.white, text: 'x'.repeat(70 * 1024) }).toString();
    const send = (accept: string) =>
      call('POST', `/games/${g.id}/message`, { headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE, Accept: accept }, text: body });
    const page = await send('text/html,application/xhtml+xml');
    expect(page.status).toBe(413);
    expect(page.headers.get('Content-Type')).toContain('text/html');
    expect(page.text).toContain('<h1>Form too large</h1>');
    expect(page.text).toContain(`<a href="/games/${g.id}">Back to the game</a>`);
    const json = await send('application/json');
    expect([json.status, json.body.code]).toEqual([413, 'body_too_large']);
  });

  it('a page form that cannot be read (a multipart without its boundary, a field twice) is a page for a browser too', async () => {
    const g = await newGame('warp-factor');
    const send = (accept: string, body: string, type: string) =>
      call('POST', `/games/${g.id}/message`, { headers: { 'Content-Type': type, Origin: BASE, Accept: accept }, text: body });
    for (const [body, type, words, apiWords] of [
      [
        'text=hi',
        'multipart/form-data',
        'The form could not be read as multipart/form-data.',
        'body: the form cannot be read as multipart/form-data (No boundary',
      ],
      [
        `token=${g.tokens.white}&text=a&text=b`,
        'application/x-www-form-urlencoded',
        'The form gave its field “text” 2 times.',
        'body: the field text is given 2 times',
      ],
    ]) {
      const page = await send('text/html,application/xhtml+xml', body!, type!);
      expect([page.status, page.headers.get('Content-Type')], words).toEqual([400, expect.stringContaining('text/html')]);
      expect(page.text).toContain('<h1>Form not readable</h1>');
      // The page's own words and a way back to the game whose form it was; the parser's words stay the API's (tester 17 X10).
      expect(page.text).toContain(`${words} Nothing was done`);
      expect(page.text).not.toMatch(/body:|RFC/);
      expect(page.text).toContain(`<a href="/games/${g.id}">Back to the game</a>`);
      const json = await send('application/json', body!, type!);
      expect([json.status, json.body.code], words).toEqual([400, 'invalid_body']);
      expect(json.body.error).toContain(apiWords);
    }
    expect((await call('GET', `/api/games/${g.id}/messages`, { token: g.tokens.white })).body.messages).toEqual([]);
  });
});

describe('tokens on reads', () => {
  it('an answer read with a credential, or to a write, is never kept by a cache; a public read is left to its route (tester 11 S20)', async () => {
    const g = await newGame('warp-factor');
    const p = await newPlayer('Cached');
    const made = await call('POST', '/api/games', { json: { variant: 'planar' } });
    const mine = [
      await call('GET', `/api/games/${g.id}/me`, { token: g.tokens.white }),
      await call('GET', `/api/games/${g.id}/me?token=${g.tokens.white}`),
      await call('GET', `/api/games/${g.id}`, { token: g.tokens.black }),
      await call('GET', '/api/me', { token: p.key }),
      await call('GET', '/api/me/games', { token: p.key }),
      made,
    ];
    for (const res of mine) expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect((await call('GET', `/api/games/${g.id}`)).headers.get('Cache-Control')).toBeNull();
  });

  it('GET /api/games/:id with a wrong token is a 403, not a spectator view', async () => {
    const g = await newGame('warp-factor');
    const wrong = await call('GET', `/api/games/${g.id}`, { token: 'x'.repeat(43) });
    expect([wrong.status, wrong.body.error]).toEqual([403, `no seat in game ${g.id} is yours: the game token or player key sent is not one of its players'`]);
    expect((await call('GET', `/api/games/${g.id}`, { token: g.tokens.black })).body.you).toBe('black');
    expect((await call('GET', `/api/games/${g.id}`)).status).toBe(200);
  });

  it("a player's key that holds no seat is told so in words that fit a key as well as a game token", async () => {
    const g = await newGame('warp-factor');
    const stranger = await newPlayer('Stranger');
    // A key reads the game as a spectator would, but acting on it names the game, not "that token".
    expect((await call('GET', `/api/games/${g.id}`, { token: stranger.key })).status).toBe(200);
    for (const [method, path, json] of [
      ['PATCH', `/api/games/${g.id}/me`, { email: null }],
      ['POST', `/api/games/${g.id}/moves`, { move: 'Wb2-Wb3' }],
      ['POST', `/api/games/${g.id}/resign`, {}],
    ] as const) {
      const res = await call(method, path, { json, token: stranger.key });
      expect([res.status, res.body.code, res.body.error], `${method} ${path}`).toEqual([
        403,
        'bad_token',
        `no seat in game ${g.id} is yours: the game token or player key sent is not one of its players'`,
      ]);
    }
  });
});

describe('ply numbers', () => {
  it('a ply ahead of the game is "not yet at ply N"; a past one is stale', async () => {
    const g = await newGame('warp-factor');
    const ahead = await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3 #3', token: g.tokens.white });
    expect([ahead.status, ahead.body.error]).toEqual([409, 'not yet at ply 3: the game is at ply 0, so the next turn is ply 1']);
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3 #1', token: g.tokens.white });
    const stale = await call('POST', `/api/games/${g.id}/moves`, { text: 'Bb3-Bb2 #1', token: g.tokens.black });
    expect([stale.status, stale.body.error]).toEqual([409, 'stale: the game is at ply 1, so the next turn is ply 2 (you sent 1)']);
  });

  it('#0, #-1 and over-long numbers get the same "ply: must be ..." message, as text or JSON', async () => {
    const g = await newGame('warp-factor');
    const message = 'ply: must be a whole number from 1 to 999999';
    for (const suffix of ['#0', '#-1', '#1234567', '#99999999999999999999999']) {
      const res = await call('POST', `/api/games/${g.id}/moves`, { text: `Wb2-Wb3 ${suffix}`, token: g.tokens.white });
      expect([res.status, res.body.error], suffix).toEqual([400, message]);
    }
    for (const ply of [0, -1, 1e21, 2.5]) {
      const res = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Wb2-Wb3', ply }, token: g.tokens.white });
      expect([res.status, res.body.error], String(ply)).toEqual([400, message]);
    }
  });
});

describe('imports', () => {
  const record = (moves: string) => `[Variant "warp-factor"]\n\n${moves}\n`;

  it('a move that cannot be read is a 400; a readable illegal one stays a 422', async () => {
    const unreadable = await call('POST', '/api/games/import', { text: record('1. Wb2-Wb3 Bb3-%%') });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.error).toMatch(/^move 1 \(Black's Bb3-%%, ply 2\): /);
    const illegal = await call('POST', '/api/games/import', { text: record('1. Wb2-Wb3 Bb3-Bb1') });
    expect(illegal.status).toBe(422);
  });

  it('PGN habits: variations in ( ) are left out, a piece letter apart from its turn is read with it; a stray } or ( says so (tester 3 F11)', async () => {
    const moves = async (text: string) => {
      const made = await call('POST', '/api/games/import', { text: record(text) });
      expect(made.status, made.text).toBe(201);
      return (await call('GET', `/api/games/${made.body.id}/moves`)).body.moves.map((m: { text: string }) => m.text);
    };
    expect(await moves('1. Wb2-Wb3 Bb3-Bb2 (1... Bc3-Bc2 (1... Ba3-Ba2) 2. Wc2-Wc3) 2. Wc2-Wc3 *')).toEqual(['Wb2-Wb3', 'Bb3-Bb2', 'Wc2-Wc3']);
    expect(await moves('1. P Wb2-Wb3 P Bb3-Bb2 2. Wc2-Wc3 *')).toEqual(['Wb2-Wb3', 'Bb3-Bb2', 'Wc2-Wc3']);
    for (const [text, error] of [
      ['1. Wb2-Wb3 {x} Bb3-Bb2 } *', 'record: a } that closes no { comment } in the moves'],
      ['1. Wb2-Wb3 {x Bb3-Bb2 *', 'record: an unclosed { comment } in the moves'],
      ['1. Wb2-Wb3 Bb3-Bb2 (1... Bc3-Bc2 *', 'record: an unclosed ( variation ) in the moves'],
      ['1. Wb2-Wb3 Bb3-Bb2 ) *', 'record: a ) that closes no ( variation ) in the moves'],
    ]) {
      const refused = await call('POST', '/api/games/import', { text: record(text!) });
      expect([refused.status, refused.body.error]).toEqual([400, error]);
    }
  });

  it('variations nested 200 000 deep are left out in one pass; an unreadable turn is quoted short (tester 8 K7, K8)', { timeout: 60_000 }, async () => {
    const deep = 200_000;
    const made = await call('POST', '/api/games/import', { text: record(`1. Wb2-Wb3 ${'('.repeat(deep)}${')'.repeat(deep)} Bb3-Bb2 *`) });
    expect(made.status, made.text.slice(0, 200)).toBe(201);
    expect((await call('GET', `/api/games/${made.body.id}/moves`)).body.moves.map((m: { text: string }) => m.text)).toEqual(['Wb2-Wb3', 'Bb3-Bb2']);
    const unclosed = await call('POST', '/api/games/import', { text: record(`1. Wb2-Wb3 ${'('.repeat(deep)}${')'.repeat(deep - 1)} *`) });
    expect([unclosed.status, unclosed.body.error]).toEqual([400, 'record: an unclosed ( variation ) in the moves']);
    // A turn thousands of characters long: the error quotes some tens of them.
    const long = await call('POST', '/api/games/import', { text: record(`1. Wb2-Wb3 Bb3-Bb2 2. ${'Wc2-Wc3'.repeat(60_000)} *`) });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('unreadable_turn');
    expect(long.body.error.length).toBeLessThan(300);
    expect(long.body.error).toContain("move 2 (White's Wc2-Wc3Wc2-Wc3");
    expect(long.body.error).toContain('…');
  });

  it('record tags are bounded: how many, and how long each', async () => {
    const many = Array.from({ length: 41 }, (_, i) => `[Tag${i} "x"]`).join('\n');
    const tooMany = await call('POST', '/api/games/import', { text: `[Variant "warp-factor"]\n${many}\n\n*\n` });
    expect([tooMany.status, tooMany.body.error]).toEqual([400, 'record: at most 40 header tags']);
    const long = await call('POST', '/api/games/import', { text: `[Variant "warp-factor"]\n[Annotator "${'y'.repeat(1001)}"]\n\n*\n` });
    expect([long.status, long.body.error]).toEqual([400, 'record: line 2: the value of Annotator is longer than 1000 characters']);
  });

  it('the record of a long game, as the service writes it (over 64 KiB), imports again; a record over 512 KiB is a 413', { timeout: 120_000 }, async () => {
    // 1500 plies of seeded random quiet turns (no capture or check): a game still going.
    const game = mustParse(Game.create('warp-factor'));
    const random = prng(34);
    while (game.ply < 1500) {
      const quiet = game.legalTexts().filter((t) => !/[x+#]/.test(t));
      expect(game.play(quiet[Math.floor(random() * quiet.length)]!).ok).toBe(true);
      expect(game.outcome()).toBeUndefined();
    }
    const turns = game.history.map((t) => t.text);
    const moves = turns.map((t, i) => (i % 2 ? t : `${i / 2 + 1}. ${t}`)).join(' ');
    const first = await call('POST', '/api/games/import', { text: record(`${moves} *`) });
    expect(first.status).toBe(201);
    const written = (await call('GET', `/api/games/${first.body.id}/record`)).text;
    expect(written.length).toBeGreaterThan(64 * 1024);
    const again = await call('POST', '/api/games/import', { text: written });
    expect([again.status, again.body.error]).toEqual([201, undefined]);
    expect(again.body.state).toMatchObject({ status: 'active', ply: 1500 });
    expect((await call('GET', `/api/games/${again.body.id}/moves`)).body.moves.map((m: { text: string }) => m.text)).toEqual(turns);

    const huge = await call('POST', '/api/games/import', { text: written.replace(' *', ` {${'x'.repeat(512 * 1024)}} *`) });
    expect([huge.status, huge.body]).toEqual([413, { code: 'body_too_large', error: 'the request body is larger than 512 KiB' }]);
    const longText = await call('POST', '/api/games/import', { text: written.replace(' *', ` {${'x'.repeat(500_000 - written.length)}} *`) });
    expect([longText.status, longText.body.error]).toEqual([400, 'record: is longer than 500,000 characters']);
    // Every other route keeps the small limit.
    const move = await call('POST', `/api/games/${again.body.id}/moves`, { text: `Wb2-Wb3 ${'x'.repeat(70 * 1024)}` });
    expect([move.status, move.body.error]).toEqual([413, 'the request body is larger than 64 KiB']);
  });
});

describe('wrong types and text', () => {
  it('a field of the wrong type says what type it wants', async () => {
    for (const [json, error] of [
      [{ variant: 'warp-factor', white: 5 }, 'white: must be an object like {"name": "Kirk", "email": "kirk@example.org"} or {"computer": 3}'],
      [{ variant: 'warp-factor', white: { name: 7 } }, 'white.name: must be text'],
      [{ variant: 'warp-factor', clock: [] }, 'clock: must be a JSON object, not an array'],
      [[], 'body: must be a JSON object, not an array'],
      [{ variant: 42 }, 'variant: must be one of first-contact, warp-factor, curved-space, planar'],
    ] as const) {
      const res = await call('POST', '/api/games', { json });
      expect([res.status, res.body.error], JSON.stringify(json)).toEqual([400, error]);
    }
  });

  it('a body nested deeper than 32 levels is a 400 before it is read (thousands deep overflowed the copy to the game object: a 500)', async () => {
    const nested = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    for (const path of ['/api/games', '/api/challenges']) {
      const deep = await call('POST', path, { text: `{"variant":"planar","options":${nested(5000)}}`, headers: { 'Content-Type': 'application/json' } });
      expect([deep.status, deep.body.code, deep.body.error], path).toEqual([400, 'invalid_body', 'body: nested deeper than 32 levels']);
    }
    // Brackets inside strings do not count, and 32 levels are still read (the options are then refused as options).
    const inText = await call('POST', '/api/games', { json: { variant: 'planar', white: { name: '{{{{'.repeat(8) } } });
    expect(inText.status).toBe(201);
    const atLimit = await call('POST', '/api/games', { text: `{"variant":"planar","options":${nested(31)}}`, headers: { 'Content-Type': 'application/json' } });
    expect([atLimit.status, atLimit.body.code]).toEqual([400, 'invalid_options']);
  });

  it('a name with a lone surrogate, or a body that is not UTF-8, is a 400 (never stored as U+FFFD)', async () => {
    const surrogate = await call('POST', '/api/games', {
      text: '{"variant":"warp-factor","white":{"name":"Kirk\\ud800"}}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect([surrogate.status, surrogate.body.error]).toEqual([400, 'white.name: must be valid Unicode text (it holds a lone surrogate)']);
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"variant":"warp-factor","white":{"name":"Ki'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('rk"}}'),
    ]);
    for (const path of ['/api/games', '/api/games/import']) {
      const res = await exports.default.fetch(new Request(`${BASE}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: bytes }));
      expect([res.status, await res.json()], path).toEqual([400, { code: 'invalid_encoding', error: 'body: is not valid UTF-8 text' }]);
    }
    // A compressed body is said to be one (tester 15 B9).
    const zipped = await new Response(new Blob(['{"variant":"planar"}']).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
    const gz = await exports.default.fetch(
      new Request(`${BASE}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: zipped }),
    );
    expect([gz.status, await gz.json()]).toEqual([
      400,
      { code: 'invalid_encoding', error: 'body: Content-Encoding gzip is not taken; send the body uncompressed' },
    ]);
    const g = await newGame('warp-factor');
    const move = await exports.default.fetch(
      new Request(`${BASE}/api/games/${g.id}/moves`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', Authorization: `Bearer ${g.tokens.white}` },
        body: new Uint8Array([0x57, 0x62, 0xc3]),
      }),
    );
    expect(move.status).toBe(400);
    // A well-formed name outside the BMP is fine.
    const emoji = await call('POST', '/api/games', { json: { variant: 'warp-factor', white: { name: 'Kirk 🖖' } } });
    expect([emoji.status, emoji.body.state.players.white.name]).toEqual([201, 'Kirk 🖖']);
  });
});

describe('the new-game limit', () => {
  it('keys on CF-Connecting-IP only: X-Forwarded-For, X-Real-IP and True-Client-IP change nothing', async () => {
    const address = '198.51.100.77';
    const create = (headers: Record<string, string>) =>
      call('POST', '/api/games', { json: { variant: 'planar' }, headers: { 'CF-Connecting-IP': address, ...headers } });
    // Until the limit is reached (the simulated limiter counts in fixed minute windows), each with another X-Forwarded-For.
    let i = 0;
    while ((await create({ 'X-Forwarded-For': `203.0.113.${i % 250}` })).status === 201 && i < 200) i++;
    expect(i).toBeLessThan(200); // 60 a window; a window that turned over while counting adds some
    for (const header of ['X-Forwarded-For', 'X-Real-IP', 'True-Client-IP']) expect((await create({ [header]: '192.0.2.1' })).status, header).toBe(429);
    expect((await call('POST', '/api/games', { json: { variant: 'planar' }, headers: { 'CF-Connecting-IP': '198.51.100.78' } })).status).toBe(201);
  });
});
