// Curved Space's quiescence captures read from the evaluation (the pieces of the side to move it
// found to have a capture, curved-space-words.ts CAPTURERS): the same turns in the same order as
// the lister finds by walking every piece, on positions of random games (after-capture ones too).
import { describe, expect, it } from 'vitest';
import { curvedSpace, curvedSpaceCaptures } from '../../src/engine/st3d/curved-space.ts';
import { capturersIn } from '../../src/engine/st3d/curved-space-words.ts';
import { clonePosition, type St3dPosition } from '../../src/engine/st3d/position.ts';
import { st3dEvaluation } from '../../src/engine/search/st3d-eval.ts';
import { prng, randomGame } from './helpers.ts';

describe('curvedSpaceCaptures after an evaluation', () => {
  it('lists what the lister finds without it', () => {
    const evaluate = st3dEvaluation('curved-space');
    const random = prng(5);
    let positions = 0;
    let captures = 0;
    for (let g = 0; g < 40; g++)
      for (const pos of randomGame(
        curvedSpace,
        curvedSpace.initial({ platforms: 1 + (g % 6), platformMoves: g % 2 ? 'after-capture' : 'fixed' }),
        140,
        random,
      ) as St3dPosition[]) {
        if (pos.unplaced || curvedSpace.isCheck(pos)) continue;
        // A copy never evaluated: its captures come from walking every piece.
        const expected = curvedSpaceCaptures(clonePosition(pos));
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
