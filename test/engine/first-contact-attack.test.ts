// First Contact's attack term (src/engine/search/first-contact-attack.ts): the cells from which the
// side not to move could attack the mover's king next turn, against the rules' own checking turns.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { ATTACK_WEIGHTS, firstContactAttack, threatsAgainstMover, withAttackTerm } from '../../src/engine/search/first-contact-attack.ts';
import { chooseMove, searchRulesFor } from '../../src/engine/search/index.ts';
import type { SearchRules } from '../../src/engine/search/rules.ts';
import { attacked } from '../../src/engine/search/st3d-eval.ts';
import { firstContact } from '../../src/engine/st3d/first-contact.ts';
import type { St3dMove } from '../../src/engine/st3d/move.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { prng } from './helpers.ts';

const at = (text: string) => (Game.create('first-contact', {}, text) as { value: Game }).value.position as St3dPosition;

/** The distinct cells the opponent's checking drops and piece moves land on, were it to move now. */
function checkCellsByTheRules(pos: St3dPosition): Set<number> {
  const other = { ...pos, turn: pos.turn === 'white' ? 'black' : 'white' } as St3dPosition;
  const cells = new Set<number>();
  for (const m of firstContact.legalMoves(other) as St3dMove[])
    if ((m.kind === 'drop' || (m.kind === 'move' && !m.platform)) && firstContact.isCheck(firstContact.play(other, m))) cells.add(m.to);
  return cells;
}

describe("First Contact's attack term", () => {
  // White to move; Black could check from two cells with two pieces (Nc3-Nb2, Nc4-Na3): a double threat.
  const double = 'R1RP/P1PB/PPPP/1QN1|2n1/2b1/4/4|1n1r/1pp1/r1p1/kp1p Wd4d:P1/NB,Na1u:1K/2,Nd4u:pb/2,Ba4d:q1/p1 p w Na1 -';

  it("counts the cells and sources of the opponent's checks and charges the mover for a double threat", () => {
    const pos = at(double);
    expect(threatsAgainstMover(pos)).toEqual({ cells: 2, sources: 2 });
    expect(checkCellsByTheRules(pos).size).toBe(2);
    expect(firstContactAttack(pos)).toBe(-(2 * ATTACK_WEIGHTS.threat + ATTACK_WEIGHTS.double));
  });

  it('finds the cells of the checks the rules allow, on positions of random games', () => {
    const random = prng(3434);
    let threatened = 0;
    let positions = 0;
    while (positions < 300) {
      const game = (Game.create('first-contact') as { value: Game }).value;
      const stopAt = 20 + Math.floor(random() * 150);
      while (game.ply < stopAt && !game.outcome()) {
        const legal = game.legalTexts();
        game.play(legal[Math.floor(random() * legal.length)]!);
      }
      const pos = game.position as St3dPosition;
      if (game.outcome() || pos.unplaced) continue;
      positions++;
      const { cells } = threatsAgainstMover(pos);
      expect(cells).toBe(checkCellsByTheRules(pos).size);
      if (cells) threatened++;
    }
    expect(threatened).toBeGreaterThan(2);
  });

  it("is a tuning option (withAttackTerm, the match runner's attack=1) that adds to the evaluation and still plays a legal turn", () => {
    const pos = at(double);
    const plain = searchRulesFor('first-contact') as SearchRules<St3dPosition, St3dMove>;
    const rules = withAttackTerm(plain);
    // The double threat against the mover costs it: the term's weights, on top of the plain evaluation.
    expect(rules.evaluate(pos)).toBe(plain.evaluate(pos) + firstContactAttack(pos, attacked));
    expect(rules.evaluate(pos)).toBeLessThan(plain.evaluate(pos));
    const choice = chooseMove<St3dPosition, St3dMove>(firstContact, pos, { level: 4, rules: rules as SearchRules });
    expect(choice).toBeDefined();
    expect(firstContact.legalMoves(pos).some((m) => firstContact.formatMove(pos, m) === firstContact.formatMove(pos, choice!.move))).toBe(true);
  });
});
