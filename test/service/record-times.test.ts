// The game record keeps when each turn was played ({[%at …]} after the turn, as PGN's [%clk]
// comments do), and import gives the new game's moves those times: export -> import loses nothing.
import { describe, expect, it } from 'vitest';
import { call, newGame, play } from './helpers.ts';

const TIME = /\{\[%at (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\]\}/g;

describe('turn times in the game record', () => {
  it('export writes each turn time and import restores them', async () => {
    const g = await newGame('warp-factor');
    for (const move of ['Wb2-Wb3', 'Bb3-Bb2', 'Wc2-Wc3']) {
      await play(g, move);
      await new Promise((r) => setTimeout(r, 5)); // distinct times
    }
    const moves = (await call('GET', `/api/games/${g.id}/moves`)).body.moves as { text: string; at: string }[];
    const record = (await call('GET', `/api/games/${g.id}/record`)).text;
    expect([...record.matchAll(TIME)].map((m) => m[1])).toEqual(moves.map((m) => m.at));
    expect(record.replace(/\s+/g, ' ')).toContain(`Wb2-Wb3 {[%at ${moves[0]!.at}]} Bb3-Bb2 {[%at ${moves[1]!.at}]}`);

    const imported = await call('POST', '/api/games/import', { text: record });
    expect(imported.status, imported.text).toBe(201);
    const again = (await call('GET', `/api/games/${imported.body.id}/moves`)).body.moves as { text: string; at: string }[];
    expect(again).toEqual(moves.map((m) => expect.objectContaining({ text: m.text, at: m.at })));
    // A second export carries the same movetext, times included.
    const second = (await call('GET', `/api/games/${imported.body.id}/record`)).text;
    expect(second.split('\n\n')[1]).toBe(record.split('\n\n')[1]);
  });

  it('a record without times still imports; a time that is not a time, or before any turn, is a 400', async () => {
    const head = '[Variant "warp-factor"]\n\n';
    const plain = await call('POST', '/api/games/import', { text: `${head}1. Wb2-Wb3 Bb3-Bb2 *\n` });
    expect(plain.status, plain.text).toBe(201);
    for (const body of ['1. Wb2-Wb3 {[%at yesterday]} *', '{[%at 2026-11-23T10:00:00.000Z]} 1. Wb2-Wb3 *']) {
      const bad = await call('POST', '/api/games/import', { text: `${head}${body}\n` });
      expect(bad.status, body).toBe(400);
      expect(bad.body.error).toContain('[%at');
    }
    // Other comments are still ignored.
    const commented = await call('POST', '/api/games/import', { text: `${head}1. Wb2-Wb3 {a fine move} Bb3-Bb2 *\n` });
    expect(commented.status, commented.text).toBe(201);
  });

  it('import keeps the times in play order and none in the future; a turn without a time takes the one before it', async () => {
    const head = '[Variant "warp-factor"]\n\n';
    const at = (ms: number) => `{[%at ${new Date(ms).toISOString()}]}`;
    const hourAgo = Date.now() - 3_600_000;
    const backwards = await call('POST', '/api/games/import', { text: `${head}1. Wb2-Wb3 ${at(hourAgo)} Bb3-Bb2 ${at(hourAgo - 1000)} *\n` });
    expect(backwards.status, backwards.text).toBe(400);
    expect(backwards.body.error).toMatch(/ply 2's \[%at .*\] is before ply 1's/);
    const future = await call('POST', '/api/games/import', { text: `${head}1. Wb2-Wb3 ${at(Date.now() + 86_400_000)} *\n` });
    expect(future.status, future.text).toBe(400);
    expect(future.body.error).toContain('in the future');
    // Plies 1 and 3 without a time: ply 1 takes ply 2's (the first given), ply 3 takes ply 2's too.
    const mixed = await call('POST', '/api/games/import', { text: `${head}1. Wb2-Wb3 Bb3-Bb2 ${at(hourAgo)} 2. Wc2-Wc3 *\n` });
    expect(mixed.status, mixed.text).toBe(201);
    const moves = (await call('GET', `/api/games/${mixed.body.id}/moves`)).body.moves as { at: string }[];
    expect(moves.map((m) => m.at)).toEqual([0, 1, 2].map(() => new Date(hourAgo).toISOString()));
  });
});
