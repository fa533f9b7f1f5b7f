// First Contact's aggression term (tuning `aggression=N`, first-contact-attack.ts withAggression):
// the searching side's own pressure on the enemy king, and only its own.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { kingPressure, withAggression } from '../../src/engine/search/first-contact-attack.ts';
import { searchRulesFor } from '../../src/engine/search/index.ts';
import type { SearchRules } from '../../src/engine/search/rules.ts';
import { attacked } from '../../src/engine/search/st3d-eval.ts';
import { geometry } from '../../src/engine/st3d/field.ts';
import type { St3dMove } from '../../src/engine/st3d/move.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { BLACK_BIT, KING } from '../../src/engine/piece-codes.ts';
import { prng } from './helpers.ts';

const rules = searchRulesFor('first-contact') as SearchRules<St3dPosition, St3dMove>;

describe("First Contact's aggression term", () => {
  it("adds N per cell of the searching side's pressure on the enemy king, from the side to move, and nothing for the opponent's", () => {
    const random = prng(77);
    let uneven = 0;
    for (let g = 0; g < 40; g++) {
      const game = (Game.create('first-contact') as { value: Game }).value;
      const stopAt = 30 + Math.floor(random() * 100);
      while (game.ply < stopAt && !game.outcome()) {
        const legal = game.legalTexts();
        game.play(legal[Math.floor(random() * legal.length)]!);
      }
      if (game.outcome()) continue;
      const pos = game.position as St3dPosition;
      const base = rules.evaluate(pos);
      const geo = geometry(pos.platforms);
      const pressure = [0, 1].map((side) =>
        kingPressure(pos.board, geo, pos.board.indexOf(KING + (side ? 0 : BLACK_BIT)), side ? BLACK_BIT : 0, attacked[side]!),
      ) as [number, number];
      const sign = pos.turn === 'white' ? 1 : -1;
      expect(withAggression(rules, 'white', 10).evaluate(pos) - base).toBe(sign * 10 * pressure[0] + 0);
      expect(withAggression(rules, 'black', 10).evaluate(pos) - base).toBe(-sign * 10 * pressure[1] + 0);
      if (pressure[0] !== pressure[1]) uneven++;
    }
    // Positions where the two sides' pressures differ occur (else the test would not tell them apart).
    expect(uneven).toBeGreaterThan(3);
  });
});
