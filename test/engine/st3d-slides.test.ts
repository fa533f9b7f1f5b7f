// The evaluation walks a queen, rook or bishop from its list (st3d-slides.ts): its steps, then its
// lines' cells, going on past a piece from the entry's skip. The cells it reaches are pieceTargets'
// (standard movement), in the same order, on every geometry random games reach.
import { describe, expect, it } from 'vitest';
import { geometry } from '../../src/engine/st3d/field.ts';
import { BISHOP, BLACK_BIT, EMPTY, QUEEN } from '../../src/engine/piece-codes.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { pieceTargets } from '../../src/engine/st3d/standard.ts';
import { warpFactor } from '../../src/engine/st3d/warp-factor.ts';
import { firstContact } from '../../src/engine/st3d/first-contact.ts';
import { slidesOf } from '../../src/engine/search/st3d-slides.ts';
import { prng, randomGame } from './helpers.ts';

/** The cells a slider on `cell` reaches, walked from its list. */
function listTargets(pos: St3dPosition, cell: number): number[] {
  const { cells, skip, first } = slidesOf(geometry(pos.platforms));
  const own = pos.board[cell]! & BLACK_BIT;
  const list = cell * 3 + (pos.board[cell]! & 7) - QUEEN;
  const out: number[] = [];
  for (let j = first[list]!; j < first[list + 1]!; ) {
    const target = pos.board[cells[j]!]!;
    if (target === EMPTY || (target & BLACK_BIT) !== own) out.push(cells[j]!);
    j = target === EMPTY ? j + 1 : skip[j]!;
  }
  return out;
}

describe('slider lists', () => {
  it("reach pieceTargets' cells in its order on the positions of random games", () => {
    const random = prng(19);
    const arrangements = new Set<string>();
    let sliders = 0;
    for (const variant of [warpFactor, firstContact])
      for (let g = 0; g < 20; g++)
        for (const pos of randomGame(variant, variant.initial({}), 160, random) as St3dPosition[]) {
          arrangements.add(pos.platforms.join());
          const geo = geometry(pos.platforms);
          for (let cell = 0; cell < pos.board.length; cell++) {
            const role = pos.board[cell]! & 7;
            if (pos.board[cell] === EMPTY || role < QUEEN || role > BISHOP) continue;
            const expected: number[] = [];
            pieceTargets(pos, geo, cell, expected);
            expect(listTargets(pos, cell)).toEqual(expected);
            sliders++;
          }
        }
    expect(sliders).toBeGreaterThan(10_000);
    expect(arrangements.size).toBeGreaterThan(50);
  });
});
