// Warp Factor's legal turns in check are listed from the candidates that may end the check (the
// king's moves, other pieces' moves and warps onto the checker or between it and the king, the
// platform moves): the same list, in the same order, as trying every pseudo-legal turn.
import { describe, expect, it } from 'vitest';
import { legalMovesInFull, warpFactor } from '../../src/engine/st3d/warp-factor.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { prng, randomGame } from './helpers.ts';

describe('Warp Factor legal turns in check', () => {
  it('equal every pseudo-legal turn tried, on positions of random games and their children', () => {
    const random = prng(34);
    let positions = 0;
    let checks = 0;
    for (let g = 0; g < 30; g++)
      for (const pos of randomGame(warpFactor, warpFactor.initial({}), 160, random) as St3dPosition[]) {
        const legal = warpFactor.legalMoves(pos);
        expect(legal).toEqual(legalMovesInFull(pos));
        positions++;
        // The children of every turn: checks are rare in random play, many of them are one.
        for (const move of legal) {
          const child = warpFactor.play(pos, move);
          if (!warpFactor.isCheck(child)) continue;
          expect(warpFactor.legalMoves(child)).toEqual(legalMovesInFull(child));
          checks++;
        }
      }
    expect(positions).toBeGreaterThan(3_000);
    expect(checks).toBeGreaterThan(3_000);
  });
});
