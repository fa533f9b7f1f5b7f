// Warp Factor's turns read by key for the search (search/warp-factor-read.ts): the same answer as
// the variant's findLegal for every piece move candidate, on positions out of check of random games.
import { describe, expect, it } from 'vitest';
import { pieceMove } from '../../src/engine/st3d/move.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { warpFactor } from '../../src/engine/st3d/warp-factor.ts';
import { warpFactorPieceMove } from '../../src/engine/search/warp-factor-read.ts';
import { EMPTY } from '../../src/engine/piece-codes.ts';
import { prng, randomGame } from './helpers.ts';

describe('warpFactorPieceMove', () => {
  it("answers as findLegal for every piece's every candidate cell", () => {
    const random = prng(11);
    let legal = 0;
    let positions = 0;
    for (let g = 0; g < 12; g++)
      for (const [i, pos] of (randomGame(warpFactor, warpFactor.initial({}), 120, random) as St3dPosition[]).entries()) {
        if (i % 4 || warpFactor.isCheck(pos)) continue;
        positions++;
        for (let from = 0; from < 96; from++) {
          if (pos.board[from] === EMPTY) continue;
          for (let to = 0; to < 96; to++) {
            const expected = warpFactor.findLegal(pos, pieceMove(from, to));
            expect(warpFactorPieceMove(pos, from, to)).toBe(expected);
            if (expected) legal++;
          }
        }
      }
    expect(positions).toBeGreaterThan(100);
    expect(legal).toBeGreaterThan(1000);
  });
});
