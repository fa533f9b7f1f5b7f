// Trust at the edges (issue 26): the key cookie is not taken from other sites, cross-origin form
// posts are refused in words, one set of name rules everywhere (import too), JSON bodies must be
// objects.
import { describe, expect, it } from 'vitest';
import { BASE, call, fetchWorker, newGame } from './helpers.ts';
import { newPlayer } from './player-helpers.ts';

const EVIL = 'https://evil.example';
const cookie = (key: string) => ({ Cookie: `subspace_key=${key}` });

describe('the key cookie on the API', () => {
  it('a resign or a move with only the cookie from another origin is refused, and nothing happens', async () => {
    const g = await newGame('warp-factor');
    const resign = await call('POST', `/api/games/${g.id}/resign`, { headers: { ...cookie(g.tokens.white), Origin: EVIL } });
    expect(resign.status).toBe(403);
    expect(resign.body.error).toMatch(/subspace_key cookie is only taken from this site's own pages.*evil\.example/);
    const move = await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', headers: { ...cookie(g.tokens.white), Origin: EVIL } });
    expect(move.status).toBe(403);
    // Without any Origin (a script, not a browser) the cookie does not act either: keys go in Authorization.
    const bare = await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', headers: cookie(g.tokens.white) });
    expect(bare.status).toBe(403);
    const crossSite = await call('POST', `/api/games/${g.id}/resign`, { headers: { ...cookie(g.tokens.white), 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect((await call('GET', `/api/games/${g.id}`)).body).toMatchObject({ status: 'active', ply: 0 });
  });

  it("this site's own page script still plays with the cookie (same Origin / Sec-Fetch-Site)", async () => {
    const g = await newGame('warp-factor');
    const move = await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', headers: { ...cookie(g.tokens.white), Origin: BASE } });
    expect(move.status).toBe(200);
    const again = await call('POST', `/api/games/${g.id}/moves`, { text: 'Bb3-Bb2', headers: { ...cookie(g.tokens.black), 'Sec-Fetch-Site': 'same-origin' } });
    expect(again.status).toBe(200);
  });

  it("a signed-in player watching someone else's game reads it as a spectator (the cookie goes with every request)", async () => {
    const g = await newGame('warp-factor');
    const watcher = await newPlayer('Uhura');
    const own = { ...cookie(watcher.key), 'Sec-Fetch-Site': 'same-origin' };
    const state = await call('GET', `/api/games/${g.id}`, { headers: own });
    expect(state.status).toBe(200);
    expect(state.body.you).toBeUndefined();
    // Messages: what any spectator gets (private until both players show them), not "not your token".
    const messages = await call('GET', `/api/games/${g.id}/messages`, { headers: own });
    expect([messages.status, messages.body.code]).toEqual([403, 'messages_private']);
    const stream = await fetchWorker(new Request(`${BASE}/api/games/${g.id}/stream`, { headers: own }));
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
    // The same key sent on purpose (Bearer, as a bot sends it on every request) reads alike; another
    // game's token is still told it is not this game's.
    const bearer = await call('GET', `/api/games/${g.id}`, { token: watcher.key });
    expect([bearer.status, bearer.body.you]).toEqual([200, undefined]);
    expect((await call('GET', `/api/games/${g.id}`, { token: (await newGame('planar')).tokens.white })).status).toBe(403);
  });

  it('player-key routes: another origin with the cookie is a 403, a bearer key from anywhere works', async () => {
    const p = await newPlayer('Kirk');
    const me = await call('GET', '/api/me', { headers: { ...cookie(p.key), Origin: EVIL } });
    expect(me.status).toBe(403);
    const challenge = await call('POST', '/api/challenges', { json: { variant: 'warp-factor' }, headers: { ...cookie(p.key), Origin: EVIL } });
    expect(challenge.status).toBe(403);
    expect((await call('GET', '/api/me', { token: p.key, headers: { Origin: EVIL } })).status).toBe(200);
  });
});

describe('page forms from another site', () => {
  it('are a 403 whose error says why', async () => {
    const p = await newPlayer('Kirk');
    for (const path of ['/me/new', '/me/settings', '/challenges', '/me/sign-in']) {
      const res = await call('POST', path, {
        body: new URLSearchParams({ name: 'Mallory', email: 'x@example.org', variant: 'warp-factor' }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: EVIL, ...cookie(p.key) },
      });
      expect(res.status, path).toBe(403);
      expect(res.body.error, path).toMatch(/only taken from this site's own pages, and it was sent from https:\/\/evil\.example/);
    }
  });

  it('are a page saying why when a browser sends them (no Origin, or another site)', async () => {
    const p = await newPlayer('Kirk');
    const g = await newGame('warp-factor');
    // The game page's forms answer as the other pages' do (one guard for all of them).
    const gameForms = ['/move', '/message', '/settings', '/conditional', '/resign', '/draw', '/add-to-my-games'].map((f) => `/games/${g.id}${f}`);
    for (const path of ['/me/new', '/me/settings', '/challenges', '/me/sign-in', '/tournaments', '/games', ...gameForms])
      for (const origin of [{ Origin: EVIL }, {}] as Record<string, string>[]) {
        const res = await call('POST', path, {
          body: new URLSearchParams({
            name: 'Mallory',
            email: 'x@example.org',
            variant: 'warp-factor',
            token: g.tokens.white,
            move: 'Wb2-Wb3',
            action: 'offer',
          }).toString(),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html,application/xhtml+xml', ...origin, ...cookie(p.key) },
        });
        expect([res.status, res.headers.get('Content-Type')], path).toEqual([403, expect.stringMatching(/^text\/html/)]);
        expect(res.text, path).toContain('Form refused');
        expect(res.text, path).toMatch(origin.Origin ? /sent from https:\/\/evil\.example, another site/ : /does not say which site sent it/);
      }
    // A path no form answers is the 404 it would be from this site, not a refused form.
    for (const path of [`/games/${g.id}/no-such-form`, '/tournaments/abcdefabcdef/no-such-form', '/me/no-such-form'])
      for (const accept of ['text/html', 'application/json']) {
        const res = await call('POST', path, { body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: accept, Origin: EVIL } });
        expect(res.status, `${path} ${accept}`).toBe(404);
      }
    // Nothing was done for the seat whose token the forged forms carried.
    const after = await call('GET', `/api/games/${g.id}`);
    expect([after.body.status, after.body.ply]).toEqual(['active', 0]);
  });
});

describe('JSON bodies must be objects', () => {
  it('[] and other non-objects are a 400, and nothing is created or changed', async () => {
    for (const body of ['[]', '"Kirk"', '1', 'null', '[{"name":"Kirk"}]']) {
      const res = await call('POST', '/api/players', { body, headers: { 'Content-Type': 'application/json' } });
      expect([res.status, res.body.error], body).toEqual([400, expect.stringMatching(/^body: must be a JSON object, not (an array|a string|a number|null)$/)]);
    }
    const p = await newPlayer('Kirk');
    const patch = await call('PATCH', '/api/me', { token: p.key, body: '[]', headers: { 'Content-Type': 'application/json' } });
    expect([patch.status, patch.body.error]).toEqual([400, 'body: must be a JSON object, not an array']);
    const g = await newGame('warp-factor');
    const move = await call('POST', `/api/games/${g.id}/moves`, {
      token: g.tokens.white,
      body: '["Wb2-Wb3"]',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(move.status).toBe(400);
    const create = await call('POST', '/api/games', { body: '[]', headers: { 'Content-Type': 'application/json' } });
    expect(create.status).toBe(400);
  });

  it('a broken JSON body on a route that takes none is a 400 and does nothing (resign, abort, join, leave, decline)', async () => {
    const g = await newGame('warp-factor');
    const json = { 'Content-Type': 'application/json' };
    for (const body of ['{"a":', 'not json at all', '{"a":1,}'])
      for (const action of ['resign', 'abort']) {
        const res = await call('POST', `/api/games/${g.id}/${action}`, { token: g.tokens.white, body, headers: json });
        expect([res.status, res.body.code, res.body.error], `${action} ${body}`).toEqual([
          400,
          'malformed_json',
          expect.stringMatching(/^body: malformed JSON \(.+\)$/),
        ]);
      }
    expect((await call('GET', `/api/games/${g.id}`)).body.status).toBe('active');
    const kirk = await newPlayer('Kirk');
    const spock = await newPlayer('Spock');
    const t = await call('POST', '/api/tournaments', {
      token: kirk.key,
      json: { name: 'Cup', variant: 'planar', format: 'round-robin', clock: { daysPerMove: 3 }, maxPlayers: 4 },
    });
    expect(t.status, t.text).toBe(201);
    const join = await call('POST', `/api/tournaments/${t.body.id}/join`, { token: spock.key, body: '{"a":', headers: json });
    expect([join.status, join.body.code]).toEqual([400, 'malformed_json']);
    expect((await call('GET', `/api/tournaments/${t.body.id}`)).body.players.map((p: { id: string }) => p.id)).not.toContain(spock.id);
    const challenge = await call('POST', '/api/challenges', { token: kirk.key, json: { variant: 'planar', to: spock.id } });
    const decline = await call('POST', `/api/challenges/${challenge.body.id}/decline`, { token: spock.key, body: 'nope', headers: json });
    expect([decline.status, decline.body.code]).toEqual([400, 'malformed_json']);
    expect((await call('GET', `/api/challenges/${challenge.body.id}`, { token: kirk.key })).body.status).toBe('open');
    // The header alone, with no body, is no body: the turn-free action goes through.
    const resigned = await call('POST', `/api/games/${g.id}/resign`, { token: g.tokens.white, body: '', headers: json });
    expect([resigned.status, resigned.body.reason]).toEqual([200, 'resignation']);
  });

  it('says where a JSON body broke, and that an empty one is empty where the route needs one (tester 5 F4)', async () => {
    const g = await newGame('warp-factor');
    const json = { 'Content-Type': 'application/json' };
    const broken = await call('POST', '/api/games', { body: '{"variant":"planar",}', headers: json });
    expect([broken.status, broken.body.code, broken.body.error]).toEqual([
      400,
      'malformed_json',
      expect.stringMatching(/^body: malformed JSON \(.*position 20/),
    ]);
    for (const body of ['', '   ']) {
      const draw = await call('POST', `/api/games/${g.id}/draw`, { token: g.tokens.white, body, headers: json });
      expect([draw.status, draw.body.code, draw.body.error]).toEqual([
        400,
        'invalid_body',
        'body: is empty, where this route takes a JSON object (its fields: GET /openapi.json)',
      ]);
      const move = await call('POST', `/api/games/${g.id}/moves`, { token: g.tokens.white, body, headers: json });
      expect([move.status, move.body.code]).toEqual([400, 'invalid_body']);
    }
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(0);
  });
});

const record = (white: string, black = 'Kor') => `[Variant "warp-factor"]\n[White "${white}"]\n[Black "${black}"]\n\n1. Wb2-Wb3 *\n`;

describe('player names', () => {
  it('refuse a name of combining marks alone, or a stack of them on one letter; names in scripts that write several marks pass (tester 5 F3)', async () => {
    const refused = [
      ['\u0301', 'name: must not start with a combining mark (an accent with no letter under it)'],
      [`K${'\u0301'.repeat(13)}${'\u0489'.repeat(18)}`, 'name: must not stack more than 4 combining marks (accents) on one letter'],
    ] as const;
    for (const [name, error] of refused) {
      const player = await call('POST', '/api/players', { json: { name } });
      expect([player.status, player.body.error], JSON.stringify(name)).toEqual([400, error]);
      const seat = await call('POST', '/api/games', { json: { variant: 'planar', white: { name } } });
      expect([seat.status, seat.body.error]).toEqual([400, error.replace('name:', 'white.name:')]);
    }
    for (const name of ['Nguye\u0302\u0303n Thi\u0323', 'क्षत्रिय', 'བསྒྲུབས', 'Zoe\u0308']) {
      const player = await call('POST', '/api/players', { json: { name } });
      expect(player.status, name).toBe(201);
    }
  });

  it('import refuses the names the create route refuses (CR, ESC, BEL, bidi override)', async () => {
    for (const bad of ['Kirk\rBcc: x@example.org', 'Kirk\u001b[31m', 'Kirk\u0007', 'Kirk\u202Eevil']) {
      const created = await call('POST', '/api/games', { json: { variant: 'warp-factor', white: { name: bad } } });
      expect(created.status).toBe(400);
      const imported = await call('POST', '/api/games/import', { text: record(bad) });
      expect([imported.status, imported.body.error], JSON.stringify(bad)).toEqual([400, 'record: the [White] name must not contain control characters']);
    }
    const fine = await call('POST', '/api/games/import', { text: record('Kirk') });
    expect(fine.status).toBe(201);
    expect(fine.body.state.players.white.name).toBe('Kirk');
  });

  it('refuses invisible characters that make two names look alike; the joiners emoji and scripts need are fine', async () => {
    for (const bad of ['Ki\u200brk', 'Kirk\u2060', 'Ki\ufeffrk', 'Ki\u00adrk', '\u200dKirk', 'Kirk\u200c', 'Kirk\u034f', 'Kirk\u3164', 'Kirk\u2800']) {
      const created = await call('POST', '/api/games', { json: { variant: 'warp-factor', white: { name: bad } } });
      expect([created.status, created.body.error], JSON.stringify(bad)).toEqual([
        400,
        'white.name: must not contain invisible characters (a zero-width space, word joiner, soft hyphen, blank filler, byte-order mark, or a joiner at either end)',
      ]);
      const player = await call('POST', '/api/players', { json: { name: bad } });
      expect(player.status, JSON.stringify(bad)).toBe(400);
    }
    // The rest of the class (tester 11 S1): variation selectors off an emoji, tag characters, other format characters, invisible letters.
    for (const bad of ['Ki\uFE00rk', 'Ki\u{E0061}rk', 'Ki\u180Brk', 'Ki\u17B4rk', 'Ki\uFFF9rk', 'Ki\u206Ark', 'Ki\u{1D173}rk', 'Ki\u{1BCA0}rk']) {
      const created = await call('POST', '/api/players', { json: { name: bad } });
      expect([created.status, created.body.error], JSON.stringify(bad)).toEqual([
        400,
        'name: must not contain invisible characters (format characters, or variation selectors not on an emoji)',
      ]);
    }
    for (const good of ['👨\u200d👩\u200d👧', 'می\u200cخواهم', 'Kirk ❤\uFE0F', '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} England']) {
      const created = await call('POST', '/api/games', { json: { variant: 'warp-factor', white: { name: good } } });
      expect([created.status, created.body.state?.players.white.name]).toEqual([201, good]);
    }
  });

  it('a long imported name is cut at a whole character, never inside an emoji', async () => {
    // 39 letters, then an emoji of two UTF-16 units: 41 units, one too many for the 40 allowed.
    const long = `${'a'.repeat(39)}🖖b`;
    const imported = await call('POST', '/api/games/import', { text: record(long) });
    expect(imported.status).toBe(201);
    const name: string = imported.body.state.players.white.name;
    expect(name).toBe('a'.repeat(39));
    expect(name).not.toContain('\uFFFD');
    // A family emoji (one character of many code points) is kept whole or left out whole.
    const family = `${'b'.repeat(30)}👨‍👩‍👧‍👦`;
    const kept = await call('POST', '/api/games/import', { text: record(`${family}c`) });
    expect(kept.body.state.players.white.name).toBe('b'.repeat(30));
  });
});
