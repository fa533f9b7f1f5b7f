// D1 Sessions API: every response that read or wrote D1 carries the bookmark of the state it saw
// or wrote; a client that sends it back reads at least that state (its own write); the pages keep
// it in a cookie; a malformed bookmark is ignored, never an error. A game itself is read from its
// object (issue 28), so a player's own move needs no bookmark to be seen.
import { describe, expect, it } from 'vitest';
import { call, newGame } from './helpers.ts';

describe('D1 session bookmarks', () => {
  it('a write answers with a bookmark; sending it back reads the write', async () => {
    const made = await call('POST', '/api/players', { json: { name: 'Uhura' } });
    expect(made.status).toBe(201);
    const bookmark = made.headers.get('x-d1-bookmark');
    expect(bookmark).toMatch(/^[0-9a-f-]+$/i);
    // API answers carry no cookie: API clients send the header back.
    expect(made.headers.get('Set-Cookie')).toBeNull();
    const read = await call('GET', '/api/me', { token: made.body.key, headers: { 'x-d1-bookmark': bookmark! } });
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('Uhura');
    expect(read.headers.get('x-d1-bookmark')).toMatch(/^[0-9a-f-]+$/i);
    // A move is read back from the game's own object, the same at once for everyone.
    const g = await newGame('warp-factor');
    expect((await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white })).status).toBe(200);
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(1);
  });

  it('pages and form redirects set the d1b cookie; a picture does not', async () => {
    const g = await newGame('warp-factor');
    // A page that reads D1 (the lobby's challenges) carries its bookmark.
    const page = await call('GET', '/lobby');
    expect(page.status).toBe(200);
    expect(page.headers.get('Set-Cookie')).toMatch(/^d1b=[0-9a-f-]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/i);
    // A game's page reads only the game's object (its directory summary has nothing the page needs): no D1 session, no cookie.
    const game = await call('GET', `/games/${g.id}`);
    expect(game.status).toBe(200);
    expect(game.headers.get('Set-Cookie')).toBeNull();
    const png = await call('GET', `/api/games/${g.id}/board.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get('Set-Cookie')).toBeNull();
  });

  it('a malformed bookmark (header or cookie) is ignored', async () => {
    const g = await newGame('warp-factor');
    const tries: Record<string, string>[] = [
      { 'x-d1-bookmark': "'; DROP TABLE games; --" },
      { Cookie: 'd1b=not-a-bookmark!' },
      { 'x-d1-bookmark': 'f'.repeat(2000) },
    ];
    for (const headers of tries) {
      const res = await call('GET', `/api/games/${g.id}`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.body.id).toBe(g.id);
    }
  });
});
