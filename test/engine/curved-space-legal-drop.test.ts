// Curved Space's drop read for the search (curvedSpaceLegalDrop: out of check, a role in hand onto an
// empty cell of the mover's level): the same answer as the variant's findLegal, for every role on
// every cell, in positions of random games (in check, while a king is in hand, and otherwise).
import { describe, expect, it } from 'vitest';
import { curvedSpace, curvedSpaceLegalDrop } from '../../src/engine/st3d/curved-space.ts';
import { dropMove } from '../../src/engine/st3d/move.ts';
import { ROLES } from '../../src/engine/types.ts';
import { NUM_CELLS } from '../../src/engine/st3d/field.ts';
import { curvedSpacePositions, prng } from './helpers.ts';

describe('curvedSpaceLegalDrop', () => {
  it('answers as findLegal for every drop', () => {
    const random = prng(19);
    let legal = 0;
    let positions = 0;
    for (const pos of curvedSpacePositions(random, 16, 100)) {
      positions++;
      for (const role of ROLES)
        for (let to = 0; to < NUM_CELLS; to++) {
          const drop = dropMove(role, to) as ReturnType<typeof dropMove> & { kind: 'drop' };
          const expected = curvedSpace.findLegal(pos, drop);
          expect(curvedSpaceLegalDrop(pos, drop)).toBe(expected);
          if (expected) legal++;
        }
    }
    expect(positions).toBeGreaterThan(1_000);
    expect(legal).toBeGreaterThan(10_000);
  });
});
