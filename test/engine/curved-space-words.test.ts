// Curved Space's piece targets as words (st3d/curved-space-words.ts, the evaluation's): the same
// cells as writeTargets lists, for every piece of positions of random games, either colour.
import { describe, expect, it } from 'vitest';
import { wormholeOf, writeTargets } from '../../src/engine/st3d/curved-space-movement.ts';
import { targetWords } from '../../src/engine/st3d/curved-space-words.ts';
import { BLACK_OCCUPIED, markOccupied, OCCUPIED } from '../../src/engine/st3d/occupancy.ts';
import { EMPTY } from '../../src/engine/piece-codes.ts';
import { curvedSpacePositions, prng } from './helpers.ts';

describe('targetWords', () => {
  it("holds writeTargets' cells for every piece", () => {
    const random = prng(7);
    const listed = new Int16Array(96);
    const words = new Int32Array(3);
    let pieces = 0;
    let onWormhole = 0;
    for (const pos of curvedSpacePositions(random, 40, 140)) {
      const wh = wormholeOf(pos);
      markOccupied(pos.board);
      for (let from = 0; from < 96; from++) {
        if (pos.board[from] === EMPTY) continue;
        const n = writeTargets(pos.board, wh, from, listed, 0);
        const expected = [0, 0, 0];
        for (let i = 0; i < n; i++) expected[listed[i]! >> 5]! |= 1 << listed[i]!;
        targetWords(pos.board, wh, from, OCCUPIED, BLACK_OCCUPIED, words);
        expect([...words]).toEqual(expected);
        pieces++;
        if (wh.isWormholeCell(from)) onWormhole++;
      }
    }
    expect(pieces).toBeGreaterThan(20_000);
    expect(onWormhole).toBeGreaterThan(5_000);
  });
});
