// First Contact's threats (a check wins, so a threat of one must be met at once): the search rules'
// `threatened` against the rules themselves, and the quiescence that answers a threat (threatPlies)
// seeing a win in two that a one-ply search without it cannot.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { searchRulesFor } from '../../src/engine/search/index.ts';
import type { SearchRules } from '../../src/engine/search/rules.ts';
import { Searcher } from '../../src/engine/search/search.ts';
import { MATE, MATE_BOUND, type SearchLimits } from '../../src/engine/search/search-settings.ts';
import type { St3dMove } from '../../src/engine/st3d/move.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { firstContact } from '../../src/engine/st3d/first-contact.ts';
import { prng } from './helpers.ts';

const rules = searchRulesFor('first-contact') as SearchRules<St3dPosition, St3dMove>;

/** Positions of seeded random First Contact games still going, past the placements. */
function positions(count: number, seed: number): St3dPosition[] {
  const random = prng(seed);
  const out: St3dPosition[] = [];
  while (out.length < count) {
    const game = (Game.create('first-contact') as { value: Game }).value;
    const stopAt = 20 + Math.floor(random() * 200);
    while (game.ply < stopAt && !game.outcome()) {
      const legal = game.legalTexts();
      game.play(legal[Math.floor(random() * legal.length)]!);
    }
    if (!game.outcome()) out.push(game.position as St3dPosition);
  }
  return out;
}

const search = (pos: St3dPosition, limits: Partial<SearchLimits>) =>
  new Searcher(firstContact, rules, { nodes: 400_000, maxDepth: 1, noise: 0, seed: 0, ...limits }, new Map()).run(pos)!;

describe("First Contact's threats", () => {
  it('threatened says whether the opponent, were it to move, would have a turn that attacks the king', () => {
    let seen = 0;
    for (const pos of positions(120, 34)) {
      const other = { ...pos, turn: pos.turn === 'white' ? 'black' : 'white' } as St3dPosition;
      const byTheRules = firstContact.legalMoves(other).some((m) => firstContact.isCheck(firstContact.play(other, m)));
      expect(rules.threatened!(pos)).toBe(byTheRules);
      if (byTheRules) seen++;
    }
    // Both answers occur among the positions (the test would prove nothing otherwise).
    expect(seen).toBeGreaterThan(2);
    expect(seen).toBeLessThan(115);
  });

  it('with threatPlies a one-ply search sees a win in two (a threat the opponent cannot meet); without it, not', { timeout: 120_000 }, () => {
    let found = 0;
    for (const pos of positions(400, 3434)) {
      if (found >= 6) break;
      const deep = search(pos, { maxDepth: 3 });
      // A win in exactly two of the mover's turns: one turn, any answer, then a check.
      if (deep.score < MATE_BOUND || Math.ceil((MATE - deep.score) / 2) !== 2) continue;
      const plain = search(pos, {});
      if (plain.score >= MATE_BOUND) continue;
      found++;
      const threats = search(pos, { threatPlies: 2 });
      expect(threats.score).toBeGreaterThanOrEqual(MATE_BOUND);
      // Its turn is one that wins: after it, every answer leaves a check to play.
      const after = firstContact.play(pos, threats.best);
      for (const answer of firstContact.legalMoves(after)) {
        const next = firstContact.play(after, answer);
        expect(firstContact.legalMoves(next).some((m) => firstContact.isCheck(firstContact.play(next, m)))).toBe(true);
      }
    }
    expect(found).toBeGreaterThan(2);
  });
});
