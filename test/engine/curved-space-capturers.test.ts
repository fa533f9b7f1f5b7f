// Curved Space's quiescence captures (curvedSpaceCaptures: only the pieces of the side to move whose
// target words meet an enemy piece are walked, as the evaluation noted them or found anew): the bare
// captures of the full legal list, in its order, on positions of random games (after-capture ones and
// positions in check too).
import { describe, expect, it } from 'vitest';
import { curvedSpace, curvedSpaceCaptures } from '../../src/engine/st3d/curved-space.ts';
import { capturersIn } from '../../src/engine/st3d/curved-space-words.ts';
import { st3dEvaluation } from '../../src/engine/search/st3d-eval.ts';
import { EMPTY } from '../../src/engine/piece-codes.ts';
import { clonePosition } from '../../src/engine/st3d/position.ts';
import { curvedSpacePositions, prng } from './helpers.ts';

describe('curvedSpaceCaptures', () => {
  it("lists the full list's bare captures, found anew or from the evaluation", () => {
    const evaluate = st3dEvaluation('curved-space');
    const random = prng(5);
    let positions = 0;
    let captures = 0;
    for (const pos of curvedSpacePositions(random, 40, 140)) {
      const expected = curvedSpace.legalMoves(pos).filter((m) => m.kind === 'move' && !m.platform && pos.board[m.to] !== EMPTY);
      // A copy never evaluated: its capturing pieces are found by curvedSpaceCaptures itself.
      expect(curvedSpaceCaptures(clonePosition(pos))).toEqual(expected);
      evaluate(pos);
      expect(capturersIn(pos)).toBeGreaterThanOrEqual(0);
      expect(curvedSpaceCaptures(pos)).toEqual(expected);
      positions++;
      captures += expected.length;
    }
    expect(positions).toBeGreaterThan(3_000);
    expect(captures).toBeGreaterThan(3_000);
  });
});
