// Attacks we have already survived: hostile text in names and moves, replayed
// requests, other players' tokens, and many clients on many games at once.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { BASE, call, gameDb, newGame } from './helpers.ts';

const snapshot = async (id: string) => ({
  game: await gameDb(id).prepare('select * from games where id = ?').bind(id).first(),
  listed: await env.DB.prepare('select * from games where id = ?').bind(id).first(),
  moves: (await gameDb(id).prepare('select * from moves where game_id = ? order by ply').bind(id).all()).results,
});

const PLAIN_BUT_HOSTILE = ["Robert'); DROP TABLE games;--", '" OR 1=1 --', 'Zoë ♞ 国际象棋 🚀', '<script>alert(1)</script>'];
const CONTROL = ['line\nbreak\ttab', 'nul\u0000byte', 'bell\u0007 esc\u001b[31m', '\u202Eright-to-left'];
const HOSTILE = [...PLAIN_BUT_HOSTILE, ...CONTROL];

describe('hostile text', () => {
  it('stores names with SQL-looking and unicode text as plain data', async () => {
    for (const name of PLAIN_BUT_HOSTILE) {
      const res = await call('POST', '/api/games', { json: { variant: 'warp-factor', white: { name } } });
      expect(res.status, `${JSON.stringify(name)}: ${res.text}`).toBe(201);
      const state = (await call('GET', `/api/games/${res.body.id}`)).body;
      expect(state.players.white.name).toBe(name);
    }
    for (const name of CONTROL) {
      const res = await call('POST', '/api/games', { json: { variant: 'warp-factor', black: { name } } });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.error).toBe('black.name: must not contain control characters');
    }
    // The tables are still there and still answer.
    expect((await env.DB.prepare('select count(*) as n from games').first<{ n: number }>())!.n).toBeGreaterThan(0);
  });

  it('refuses hostile move text with a 400 or 422 and leaves the game unchanged', async () => {
    const g = await newGame('warp-factor');
    const before = await snapshot(g.id);
    for (const text of [...HOSTILE, 'Wb2-Wb3\u0000', 'Ｗb2-Wb3', 'Wb2\u2013Wb3', '%57b2-Wb3', 'Wb2-Wb3; DELETE FROM moves']) {
      const res = await call('POST', `/api/games/${g.id}/moves`, { json: { move: text }, token: g.tokens.white });
      expect([400, 422], `${JSON.stringify(text)}: ${res.text}`).toContain(res.status);
      expect(typeof res.body.error).toBe('string');
    }
    expect(await snapshot(g.id)).toEqual(before);
  });
});

describe('tokens and replays', () => {
  it("refuses another game's token and the opponent's token, changing nothing", async () => {
    const g = await newGame('warp-factor');
    const other = await newGame('warp-factor');
    const before = await snapshot(g.id);
    expect((await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: other.tokens.white })).status).toBe(403);
    expect((await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.black })).status).toBe(403);
    expect((await call('POST', `/api/games/${g.id}/resign`, { token: other.tokens.black })).status).toBe(403);
    expect((await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: '' })).status).toBe(401);
    expect(await snapshot(g.id)).toEqual(before);
  });

  it('reads the token as RFC 9110 says, and treats a mangled one as a wrong one', async () => {
    const g = await newGame('warp-factor');
    const before = await snapshot(g.id);
    const post = (authorization: string) => call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', headers: { Authorization: authorization } });
    for (const mangled of ['Bearer xyz', 'Bearer a b', `Bearer ${g.tokens.white.slice(0, -1)}`, `Bearer ${g.tokens.white}!`]) {
      const res = await post(mangled);
      expect([res.status, res.body.error], mangled).toEqual([
        403,
        `no seat in game ${g.id} is yours: the game token or player key sent is not one of its players'`,
      ]);
    }
    const basic = await post('Basic abc');
    expect([basic.status, basic.headers.get('WWW-Authenticate')]).toEqual([401, 'Bearer']);
    expect(await snapshot(g.id)).toEqual(before);
    // Public state needs no token, and another scheme is ignored; a bearer token that is not the
    // game's is a 403 (http-edges.test.ts); a player's token (header or ?token=) adds `you`.
    for (const [authorization, status] of [
      ['Bearer garbage', 403],
      ['Bearer a b', 403],
      ['Basic x', 200],
    ] as const) {
      const garbage = await call('GET', `/api/games/${g.id}`, { headers: { Authorization: authorization } });
      expect([garbage.status, garbage.body.you], authorization).toEqual([status, undefined]);
    }
    expect((await call('GET', `/api/games/${g.id}?token=${g.tokens.black}`)).body.you).toBe('black');
    expect((await post(`bearer  ${g.tokens.white}`)).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/moves?token=${g.tokens.black}`, { text: 'Bb3-Bb2' })).status).toBe(200);
  });

  it('a replayed move request is refused and the move is stored once', async () => {
    const g = await newGame('warp-factor');
    const request = { json: { move: 'Wb2-Wb3', ply: 1 }, token: g.tokens.white };
    expect((await call('POST', `/api/games/${g.id}/moves`, request)).status).toBe(200);
    const after = await snapshot(g.id);
    const replay = await call('POST', `/api/games/${g.id}/moves`, request);
    expect(replay.status).toBe(409);
    // Without the ply the replay is simply out of turn.
    expect((await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white })).status).toBe(403);
    expect(await snapshot(g.id)).toEqual(after);
  });

  it('a finished game accepts no move, resignation or draw, and stays as it was', async () => {
    const g = await newGame('warp-factor');
    expect((await call('POST', `/api/games/${g.id}/resign`, { token: g.tokens.black })).status).toBe(200);
    const before = await snapshot(g.id);
    expect((await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white })).status).toBe(409);
    expect((await call('POST', `/api/games/${g.id}/resign`, { token: g.tokens.white })).status).toBe(409);
    expect((await call('POST', `/api/games/${g.id}/draw`, { json: { action: 'offer' }, token: g.tokens.white })).status).toBe(409);
    expect(await snapshot(g.id)).toEqual(before);
  });
});

describe('many clients on many games at once', () => {
  it('keeps every game consistent: one row per ply, rows replay to the stored position', async () => {
    const games = await Promise.all(Array.from({ length: 6 }, () => newGame('warp-factor')));
    // Each round, three clients per game race to play the next turn of a known legal sequence.
    const sequence = ['Wb2-Wb3', 'Bb3-Bb2', 'Wd1-Wc3', 'Bd4-Bc2'];
    for (const [ply, text] of sequence.entries()) {
      const side = ply % 2 === 0 ? 'white' : 'black';
      const results = await Promise.all(
        games.flatMap((g) => [0, 1, 2].map(() => call('POST', `/api/games/${g.id}/moves`, { json: { move: text, ply: ply + 1 }, token: g.tokens[side] }))),
      );
      for (const [i, g] of games.entries()) {
        const statuses = results
          .slice(i * 3, i * 3 + 3)
          .map((r) => r.status)
          .sort();
        expect(statuses, g.id).toEqual([200, 409, 409]);
      }
    }
    for (const g of games) {
      const rows = (await gameDb(g.id).prepare('select ply, text from moves where game_id = ? order by ply').bind(g.id).all<{ ply: number; text: string }>())
        .results;
      expect(rows.map((r) => r.ply)).toEqual([1, 2, 3, 4]);
      const stored = await gameDb(g.id)
        .prepare('select position, start_position as start from games where id = ?')
        .bind(g.id)
        .first<{ position: string; start: string }>();
      const replayed = Game.replay(
        'warp-factor',
        {},
        rows.map((r) => r.text),
        stored!.start,
      );
      expect(replayed.ok && replayed.value.positionText).toBe(stored!.position);
    }
  });
});

describe('rate limits', () => {
  it('new games per client address: 60 a minute, then 429 with Retry-After; other addresses unaffected', async () => {
    const create = (address?: string) => call('POST', '/api/games', { json: { variant: 'planar' }, headers: address ? { 'CF-Connecting-IP': address } : {} });
    // The limiter counts in fixed one-minute windows, so a run that crosses a window's end may
    // get up to 60 more before the first refusal, never fewer than 60.
    let created = 0;
    let refused = await create('203.0.113.9');
    while (refused.status === 201 && created < 121) {
      created++;
      refused = await create('203.0.113.9');
    }
    expect(created).toBeGreaterThanOrEqual(60);
    expect(created).toBeLessThanOrEqual(120);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect(refused.body.error).toMatch(/too many new games/);
    const imported = await call('POST', '/api/games/import', { text: '[Variant "planar"]\n\n*', headers: { 'CF-Connecting-IP': '203.0.113.9' } });
    expect(imported.status).toBe(429);
    // The home page form answers with the page and the reason, not JSON.
    const form = await call('POST', '/games', {
      body: 'variant=planar',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE, 'CF-Connecting-IP': '203.0.113.9' },
    });
    expect(form.status).toBe(429);
    expect(form.headers.get('Content-Type')).toContain('text/html');
    expect(form.text).toContain('Too many new games from your address');
    expect((await create('198.51.100.7')).status).toBe(201);
    expect((await create()).status).toBe(201);
  });
});
