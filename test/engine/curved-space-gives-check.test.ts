// Curved Space's givesCheck for the search (curvedSpaceGivesCheck: a drop that cannot reach the
// opposing king passed over, others tried on a scratch board): the same answer as playing the turn
// and asking whether the opponent is in check, for every legal turn of positions of random games.
import { describe, expect, it } from 'vitest';
import { curvedSpace, curvedSpaceGivesCheck } from '../../src/engine/st3d/curved-space.ts';
import { curvedSpacePositions, prng } from './helpers.ts';

describe('curvedSpaceGivesCheck', () => {
  it('answers as isCheck of the position after the turn', () => {
    const random = prng(13);
    let turns = 0;
    let checks = 0;
    let dropChecks = 0;
    for (const pos of curvedSpacePositions(random, 24, 120)) {
      for (const move of curvedSpace.legalMoves(pos)) {
        const expected = curvedSpace.isCheck(curvedSpace.play(pos, move));
        expect(curvedSpaceGivesCheck(pos, move, curvedSpace.play)).toBe(expected);
        turns++;
        if (expected) {
          checks++;
          if (move.kind === 'drop') dropChecks++;
        }
      }
    }
    expect(turns).toBeGreaterThan(50_000);
    expect(checks).toBeGreaterThan(1_000);
    expect(dropChecks).toBeGreaterThan(100);
  });
});
