// Null-move pruning (SearchLimits.nullMove, rules.pass: First Contact only): the pass itself, the
// nodes it saves at a fixed depth, that it never hides a win or a threat to meet, and that the
// variants without `pass` search exactly as before.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { chooseMove, LEVEL6_NULL_MOVE, searchRulesFor } from '../../src/engine/search/index.ts';
import type { SearchRules } from '../../src/engine/search/rules.ts';
import { Searcher } from '../../src/engine/search/search.ts';
import { MATE_BOUND, type SearchLimits } from '../../src/engine/search/search-settings.ts';
import type { St3dMove } from '../../src/engine/st3d/move.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { firstContact } from '../../src/engine/st3d/first-contact.ts';
import { warpFactor } from '../../src/engine/st3d/warp-factor.ts';
import type { AnyVariant } from '../../src/engine/types.ts';
import { prng } from './helpers.ts';

const rules = searchRulesFor('first-contact') as SearchRules<St3dPosition, St3dMove>;

/** Positions of seeded random games still going, past the set-up. */
function positions(variant: string, count: number, seed: number): St3dPosition[] {
  const random = prng(seed);
  const out: St3dPosition[] = [];
  while (out.length < count) {
    const game = (Game.create(variant) as { value: Game }).value;
    const stopAt = 20 + Math.floor(random() * 120);
    while (game.ply < stopAt && !game.outcome()) {
      const legal = game.legalTexts();
      game.play(legal[Math.floor(random() * legal.length)]!);
    }
    if (!game.outcome()) out.push(game.position as St3dPosition);
  }
  return out;
}

const search = (variant: AnyVariant, pos: St3dPosition, limits: Partial<SearchLimits>) =>
  new Searcher(variant, searchRulesFor(variant.name)!, { nodes: 2_000_000, maxDepth: 4, noise: 0, seed: 0, ...limits }, new Map()).run(pos)!;

describe('null-move pruning (First Contact)', () => {
  it('pass hands the turn over and changes nothing else; the key follows it', () => {
    const [pos] = positions('first-contact', 1, 7);
    const passed = rules.pass!(pos!);
    expect(passed.turn).not.toBe(pos!.turn);
    expect({ ...passed, turn: pos!.turn }).toEqual(pos);
    const key = new Int32Array(2);
    const full = new Int32Array(2);
    rules.hash(pos!, key);
    rules.rehash(pos!, passed, key);
    rules.hash(passed, full);
    expect([...key]).toEqual([...full]);
  });

  it('completes the same depth in fewer nodes, never losing a win or leaving a threat standing', { timeout: 180_000 }, () => {
    let plainNodes = 0;
    let nullNodes = 0;
    let threats = 0;
    // A dozen positions, half of them with the side to move threatened with a check.
    const all = positions('first-contact', 300, 3434);
    const threatened = all.filter((p) => rules.threatened!(p)).slice(0, 6);
    for (const pos of [...all.slice(0, 6), ...threatened]) {
      const plain = search(firstContact, pos, {});
      const pruned = search(firstContact, pos, { nullMove: 2 });
      expect(pruned.depth).toBe(plain.depth);
      plainNodes += plain.nodes;
      nullNodes += pruned.nodes;
      if (plain.score >= MATE_BOUND) expect(pruned.score).toBeGreaterThanOrEqual(MATE_BOUND);
      // A side threatened with a check that can meet it does (the opponent then has no check to play).
      const after = firstContact.play(pos, pruned.best as St3dMove);
      const checkLeft = firstContact.legalMoves(after).some((m) => firstContact.isCheck(firstContact.play(after, m)));
      if (rules.threatened!(pos) && plain.score > -MATE_BOUND) {
        threats++;
        expect(checkLeft).toBe(false);
      }
    }
    expect(nullNodes).toBeLessThan(plainNodes * 0.8);
    expect(threats).toBeGreaterThan(0);
  });

  it('changes nothing in a variant whose rules cannot pass (Warp Factor)', { timeout: 60_000 }, () => {
    expect(searchRulesFor('warp-factor')!.pass).toBeUndefined();
    for (const pos of positions('warp-factor', 3, 11)) {
      const plain = search(warpFactor, pos, { maxDepth: 3 });
      const asked = search(warpFactor, pos, { maxDepth: 3, nullMove: 2 });
      expect([asked.best, asked.score, asked.nodes]).toEqual([plain.best, plain.score, plain.nodes]);
    }
  });
});

describe("First Contact's level 6 (LEVEL6_NULL_MOVE)", () => {
  it('searches with null move: the same turn and nodes as asked for by hand, not as without it', { timeout: 120_000 }, () => {
    const [pos] = positions('first-contact', 1, 5151);
    const nodes = 40_000;
    const level = chooseMove(firstContact, pos!, { level: 6, nodes });
    const byHand = chooseMove(firstContact, pos!, { level: 6, nodes, nullMove: LEVEL6_NULL_MOVE['first-contact'] });
    const without = chooseMove(firstContact, pos!, { level: 6, nodes, nullMove: 0 });
    expect(level).toEqual(byHand);
    expect(level).not.toEqual(without);
    // Level 5 searches without it.
    expect(chooseMove(firstContact, pos!, { level: 5, nodes })).toEqual(chooseMove(firstContact, pos!, { level: 5, nodes, nullMove: 0 }));
  });
});
