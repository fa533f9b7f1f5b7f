// Two submissions for the same ply at once: exactly one lands.
import { describe, expect, it } from 'vitest';
import { call, gameDb, inGame, newGame } from './helpers.ts';

const moveRows = async (id: string) => (await inGame(id, (store) => store.moves(id))).map(({ ply, text }) => ({ ply, text }));

describe('same-ply race', () => {
  it('gives one 200 and one 409, and one move row', async () => {
    for (let round = 0; round < 5; round++) {
      const g = await newGame('warp-factor');
      // Both are meant for ply 1 (one as JSON, one with pbmserv's #ply suffix).
      const [a, b] = await Promise.all([
        call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Wb2-Wb3', ply: 1 }, token: g.tokens.white }),
        call('POST', `/api/games/${g.id}/moves`, { text: 'Wa2-Wa3 #1', token: g.tokens.white }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body.error).toMatch(/^stale: the game is at ply 1/);
      expect(a.status + b.status).toBe(609);
      const winner = a.status === 200 ? a : b;
      const rows = await moveRows(g.id);
      expect(rows).toEqual([{ ply: 1, text: winner.body.move.text }]);
      const state = (await call('GET', `/api/games/${g.id}`)).body;
      expect(state).toMatchObject({ ply: 1, sideToMove: 'black', position: winner.body.state.position });
    }
  });

  it('the write itself refuses a turn for a ply that is already taken', async () => {
    // Both submissions read the game at ply 0 and the engine accepted both: only the write decides.
    const g = await newGame('warp-factor');
    const turn = (text: string) => ({ gameId: g.id, ply: 1, side: 'white' as const, text, positionAfter: `after ${text}`, createdAt: Date.now() });
    const results = await inGame(g.id, async (store) => {
      const row = (await store.game(g.id))!;
      return Promise.all([
        store.commitMove({ gameId: g.id, expectedPly: row.ply, move: turn('Wb2-Wb3'), changes: { ply: 1, position: 'after Wb2-Wb3', sideToMove: 'black' } }),
        store.commitMove({ gameId: g.id, expectedPly: row.ply, move: turn('Wa2-Wa3'), changes: { ply: 1, position: 'after Wa2-Wa3', sideToMove: 'black' } }),
      ]);
    });
    expect(results.map((r) => r.committed).sort()).toEqual([false, true]);
    const rows = await moveRows(g.id);
    expect(rows).toHaveLength(1);
    const stored = (await inGame(g.id, (store) => store.game(g.id)))!;
    expect(stored.position).toBe(`after ${rows[0]!.text}`);
    // A move row already there for the ply (the unique key) also loses, and changes nothing.
    await gameDb(g.id).prepare('update games set ply = 0 where id = ?').bind(g.id).run();
    const again = await inGame(g.id, (store) =>
      store.commitMove({ gameId: g.id, expectedPly: 0, move: turn('Wc2-Wc3'), changes: { ply: 1, position: 'after Wc2-Wc3' } }),
    );
    expect(again.committed).toBe(false);
    expect((await inGame(g.id, (store) => store.game(g.id)))!.ply).toBe(0);
    expect(await moveRows(g.id)).toHaveLength(1);
  });

  it('does not lose a move when two turns race a resignation', async () => {
    const g = await newGame('warp-factor');
    const [move, resign] = await Promise.all([
      call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white }),
      call('POST', `/api/games/${g.id}/resign`, { token: g.tokens.black }),
    ]);
    const rows = await moveRows(g.id);
    const state = (await call('GET', `/api/games/${g.id}`)).body;
    expect(state.ply).toBe(rows.length);
    if (move.status === 200) expect(rows).toHaveLength(1);
    else expect(move.status).toBe(409);
    // The resignation lands either way (before or after the move).
    expect(resign.status === 200 || resign.status === 409).toBe(true);
    if (resign.status === 200) expect(state).toMatchObject({ status: 'finished', result: '1-0', reason: 'resignation' });
  });

  it('a move in the text of a stale ply is refused without touching the game', async () => {
    const g = await newGame('warp-factor');
    expect((await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3 #1', token: g.tokens.white })).status).toBe(200);
    const stale = await call('POST', `/api/games/${g.id}/moves`, { text: 'Bb3-Bb2 #1', token: g.tokens.black });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toContain('ply 1');
    expect(await moveRows(g.id)).toHaveLength(1);
  });
});
