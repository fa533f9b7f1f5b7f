// The analysis board through the API: a seat's variations and notes (GET/PUT …/notes), kept
// for that seat alone; a line explored from any ply (GET …/explore), legal turns only.
import { describe, expect, it } from 'vitest';
import { call, FIRST_CONTACT_WIN, newGame, play } from './helpers.ts';

const LINE = { name: 'Queen side', from: 1, turns: [{ move: 'Bb3-Bb2', note: 'the usual answer' }, { move: 'wc2-wc3' }] };

describe('analysis board notes', () => {
  it("a seat's variations come back to that seat only: never to the opponent or to spectators", async () => {
    const game = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { name: 'Kor' } });
    expect((await play(game, 'Wb2-Wb3')).status).toBe(200);
    const put = await call('PUT', `/api/games/${game.id}/notes`, { token: game.tokens.white, json: { variations: [LINE] } });
    expect(put.status).toBe(200);
    // Turns are kept in canonical text, notes as written.
    expect(put.body).toMatchObject({
      side: 'white',
      variations: [{ name: 'Queen side', from: 1, turns: [{ move: 'Bb3-Bb2', note: 'the usual answer' }, { move: 'Wc2-Wc3' }] }],
    });
    expect(put.headers.get('Cache-Control')).toBe('no-store');
    const mine = await call('GET', `/api/games/${game.id}/notes`, { token: game.tokens.white });
    expect(mine.body.variations).toEqual(put.body.variations);
    expect(mine.body.updatedAt).toEqual(expect.any(String));
    // The opponent has their own (empty) notes, and never sees White's.
    const theirs = await call('GET', `/api/games/${game.id}/notes`, { token: game.tokens.black });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ side: 'black', variations: [], updatedAt: null });
    // Spectators: no token is a 401, a wrong one a 403; nothing of the notes anywhere public.
    expect((await call('GET', `/api/games/${game.id}/notes`)).status).toBe(401);
    expect((await call('GET', `/api/games/${game.id}/notes`, { token: 'x'.repeat(43) })).status).toBe(403);
    for (const path of [`/api/games/${game.id}`, `/games/${game.id}`, `/api/games/${game.id}/record`, `/games/${game.id}?token=${game.tokens.black}`])
      expect((await call('GET', path)).text).not.toContain('the usual answer');
    // Black's own notes do not touch White's; the game's end does not either.
    expect(
      (await call('PUT', `/api/games/${game.id}/notes`, { token: game.tokens.black, json: { variations: [{ name: 'Mine', from: 0, turns: [] }] } })).status,
    ).toBe(200);
    expect((await call('POST', `/api/games/${game.id}/resign`, { token: game.tokens.black })).status).toBe(200);
    expect((await call('GET', `/api/games/${game.id}/notes`, { token: game.tokens.white })).body.variations).toEqual(put.body.variations);
    expect((await call('GET', `/api/games/${game.id}/notes`, { token: game.tokens.black })).body.variations).toEqual([{ name: 'Mine', from: 0, turns: [] }]);
    // An empty list clears them.
    expect((await call('PUT', `/api/games/${game.id}/notes`, { token: game.tokens.white, json: { variations: [] } })).body.variations).toEqual([]);
    expect((await call('GET', `/api/games/${game.id}/notes`, { token: game.tokens.white })).body.updatedAt).toBeNull();
  });

  it('a takeback drops the variations that start after the ply the game went back to; one sent back never blocks the others (tester F11)', async () => {
    const game = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { name: 'Kor' } });
    expect((await play(game, 'Wb2-Wb3')).status).toBe(200);
    expect((await play(game, 'Bb3-Bb2')).status).toBe(200);
    const notes = (variations?: unknown[]) =>
      call(variations ? 'PUT' : 'GET', `/api/games/${game.id}/notes`, { token: game.tokens.white, ...(variations ? { json: { variations } } : {}) });
    const start = { name: 'start', from: 0, turns: [{ move: 'Wb2-Wb3' }] };
    const idea = { name: 'idea', from: 2, turns: [{ move: 'Wb3-Nb3' }] };
    expect((await notes([start, idea])).status).toBe(200);
    const takeback = (side: 'white' | 'black', action: string) =>
      call('POST', `/api/games/${game.id}/takeback`, { json: { action }, token: game.tokens[side] });
    expect((await takeback('white', 'offer')).status).toBe(200);
    expect((await takeback('black', 'accept')).body.ply).toBe(0);
    expect((await play(game, 'Wc2-Wc3')).status).toBe(200);
    expect((await play(game, 'Bc3-Bc2')).status).toBe(200);
    // "idea" started from a position the game has left: gone; "start" (ply 0) still stands.
    const after = await notes();
    expect(after.body.variations).toEqual([start]);
    // A page opened before the takeback still holds "idea": it saves a new one, "idea" dropped again.
    const fresh = { name: 'fresh', from: 2, turns: [{ move: 'Wc3-Nc3' }] };
    const saved = await notes([idea, start, fresh]);
    expect([saved.status, saved.body.variations]).toEqual([200, [start, fresh]]);
    // The list as read saves again unchanged.
    expect((await notes((await notes()).body.variations)).status).toBe(200);
    // A new variation that does not play is still refused.
    const bad = await notes([start, { name: 'bad', from: 2, turns: [{ move: 'Wb3-Nb3' }] }]);
    expect([bad.status, bad.body.error]).toEqual([422, expect.stringMatching(/^variation 2 \("bad"\), ply 3 \(Wb3-Nb3\): /)]);
  });

  it('a variation with an illegal turn is refused with the reason and the ply, and nothing is stored', async () => {
    const game = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { name: 'Kor' } });
    expect((await play(game, 'Wb2-Wb3')).status).toBe(200);
    const bad = { name: 'Oops', from: 1, turns: [{ move: 'Bb3-Bb2' }, { move: 'Wc1-Wc3' }] };
    const refused = await call('PUT', `/api/games/${game.id}/notes`, { token: game.tokens.white, json: { variations: [LINE, bad] } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/^variation 2 \("Oops"\), ply 3 \(Wc1-Wc3\): .*bishop/);
    expect((await call('GET', `/api/games/${game.id}/notes`, { token: game.tokens.white })).body.variations).toEqual([]);
    // A start after the game's last ply, and malformed bodies, are refused too.
    const late = await call('PUT', `/api/games/${game.id}/notes`, { token: game.tokens.white, json: { variations: [{ ...LINE, from: 5 }] } });
    expect(late.status).toBe(422);
    expect(late.body.error).toMatch(/a line starts at ply 1 at the latest, not 5$/);
    const malformed = await call('PUT', `/api/games/${game.id}/notes`, { token: game.tokens.white, json: { variations: [{ name: '', from: 0, turns: [] }] } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/name/);
  });

  it('explore: the board and legal turns after a line from any ply, during the game; an illegal turn is named with its ply', async () => {
    const game = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { name: 'Kor' } });
    expect((await play(game, 'Wb2-Wb3')).status).toBe(200);
    const here = await call('GET', `/api/games/${game.id}/explore?from=0&line=${encodeURIComponent('wb2-wb3 Bb3-Bb2')}`);
    expect(here.status).toBe(200);
    expect(here.body).toMatchObject({ from: 0, line: ['Wb2-Wb3', 'Bb3-Bb2'], sideToMove: 'white', outcome: null });
    expect(here.body.legal).toContain('Wc2-Wc3');
    expect(here.body.svg).toMatch(/^<svg/);
    // No evaluation of any kind during the game.
    expect(Object.keys(here.body).sort()).toEqual(['check', 'from', 'legal', 'line', 'outcome', 'position', 'sideToMove', 'svg']);
    // Seen from Black's side (as Black's page shows its board): the same position, turned round.
    const turned = await call('GET', `/api/games/${game.id}/explore?from=0&line=${encodeURIComponent('wb2-wb3 Bb3-Bb2')}&orientation=black`);
    expect(turned.body.position).toBe(here.body.position);
    expect(turned.body.svg).not.toBe(here.body.svg);
    expect((await call('GET', `/api/games/${game.id}/explore?orientation=up`)).body).toMatchObject({ code: 'invalid_query' });
    const bad = await call('GET', `/api/games/${game.id}/explore?from=1&line=${encodeURIComponent('Bb3-Bb2 Wc1-Wc3')}`);
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatch(/^ply 3 \(Wc1-Wc3\)/);
  });

  it("explore from a won game's last ply says how it ended, as the line that reaches it does", async () => {
    const game = await newGame('first-contact');
    for (const move of FIRST_CONTACT_WIN) expect((await play(game, move)).status).toBe(200);
    const end = await call('GET', `/api/games/${game.id}/explore?from=10`);
    expect(end.body).toMatchObject({ from: 10, line: [], outcome: { result: '0-1', reason: 'check' }, legal: [] });
    const reached = await call('GET', `/api/games/${game.id}/explore?from=9&line=${encodeURIComponent(FIRST_CONTACT_WIN.at(-1)!)}`);
    expect(reached.body.outcome).toEqual(end.body.outcome);
    // One past the last ply: the answer names the last ply a line may start at (tester 3 F11).
    const past = await call('GET', `/api/games/${game.id}/explore?from=11`);
    expect([past.status, past.body.error]).toEqual([422, 'the game has 10 turns; a line starts at ply 10 at the latest, not 11']);
  });

  it('notes and variation names refuse control and bidi characters, as names and messages do', async () => {
    const game = await newGame('warp-factor');
    const put = (variation: object) => call('PUT', `/api/games/${game.id}/notes`, { json: { variations: [variation] }, token: game.tokens.white });
    const name = await put({ name: 'n\u202e', from: 0, turns: [] });
    expect([name.status, name.body.error]).toEqual([400, expect.stringMatching(/name: must not contain control characters/)]);
    const note = await put({ name: 'Main', from: 0, turns: [{ move: 'Wb2-Wb3', note: 'a\u0007' }] });
    expect([note.status, note.body.error]).toEqual([400, expect.stringMatching(/note: must be text without control characters/)]);
    expect((await put({ name: 'Main', from: 0, turns: [{ move: 'Wb2-Wb3', note: 'two\nlines' }] })).status).toBe(200);
  });
});
