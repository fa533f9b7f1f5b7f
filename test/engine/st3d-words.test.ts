// The word-at-a-time walks of the ST3D search (st3d/occupancy.ts, search/st3d-step-masks.ts):
// the same answers as the rules' cell-by-cell walks on positions of random games.
import { describe, expect, it } from 'vitest';
import { geometry } from '../../src/engine/st3d/field.ts';
import type { St3dMove } from '../../src/engine/st3d/move.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { pieceCaptures, pieceTargets } from '../../src/engine/st3d/standard.ts';
import { BLACK_OCCUPIED, markOccupied, OCCUPIED } from '../../src/engine/st3d/occupancy.ts';
import { maskedCaptures } from '../../src/engine/search/st3d-captures.ts';
import { attacked, evaluatedCaptures } from '../../src/engine/search/st3d-eval.ts';
import { searchRulesFor } from '../../src/engine/search/index.ts';
import { getVariant } from '../../src/engine/variants/index.ts';
import { BLACK_BIT, EMPTY } from '../../src/engine/piece-codes.ts';
import { prng, randomGame } from './helpers.ts';

const text = (moves: St3dMove[]) => moves.map((m) => (m.kind === 'move' ? `${m.from}-${m.to}` : m.kind)).join(' ');

describe.each(['warp-factor', 'first-contact'])('%s: words', (name) => {
  const variant = getVariant(name)!;
  const positions: St3dPosition[] = [];
  const random = prng(7);
  for (let g = 0; g < 30; g++) positions.push(...(randomGame(variant, variant.initial({}), 90, random) as St3dPosition[]));

  it('marks the occupied cells and the Black ones', () => {
    for (const pos of positions) {
      markOccupied(pos.board);
      for (let cell = 0; cell < 96; cell++) {
        expect((OCCUPIED[cell >> 5]! >>> cell) & 1).toBe(pos.board[cell] !== EMPTY ? 1 : 0);
        expect((BLACK_OCCUPIED[cell >> 5]! >>> cell) & 1).toBe(pos.board[cell]! & BLACK_BIT ? 1 : 0);
      }
    }
  });

  it("lists the captures in pieceCaptures' order, as the evaluation does", () => {
    const rules = searchRulesFor(name)!;
    let captures = 0;
    for (const pos of positions) {
      const geo = geometry(pos.platforms);
      const expected: St3dMove[] = [];
      pieceCaptures(pos, geo, expected);
      const masked: St3dMove[] = [];
      maskedCaptures(pos, geo, masked);
      expect(text(masked)).toBe(text(expected));
      rules.evaluate(pos);
      const evaluated: St3dMove[] = [];
      expect(evaluatedCaptures(pos, evaluated)).toBe(true);
      expect(text(evaluated)).toBe(text(expected));
      captures += expected.length;
    }
    expect(captures).toBeGreaterThan(20);
  });

  it("marks each side's move targets (attacked) as the pieces' targets", () => {
    const rules = searchRulesFor(name)!;
    for (const pos of positions.filter((_, i) => i % 3 === 0)) {
      if (pos.unplaced) continue;
      const geo = geometry(pos.platforms);
      const expected = [new Uint8Array(96), new Uint8Array(96)];
      for (let cell = 0; cell < 96; cell++) {
        if (pos.board[cell] === EMPTY) continue;
        const targets: number[] = [];
        pieceTargets(pos, geo, cell, targets);
        for (const to of targets) expected[pos.board[cell]! & BLACK_BIT ? 1 : 0]![to] = 1;
      }
      rules.evaluate(pos);
      expect([...attacked[0]!]).toEqual([...expected[0]!]);
      expect([...attacked[1]!]).toEqual([...expected[1]!]);
    }
  });
});
