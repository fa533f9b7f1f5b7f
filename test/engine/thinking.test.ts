// The computer's thinking with texts in and out (the picture Worker's RPC): the same turns and
// evaluations as the engine's own calls on parsed positions, and the analysis's node budget kept.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { analysePosition } from '../../src/engine/search/analysis.ts';
import { chooseMoveInGame } from '../../src/engine/search/index.ts';
import { analysePositions, chooseTurn } from '../../src/engine/search/thinking.ts';
import { variantNames } from '../../src/engine/variants/index.ts';
import { prng } from './helpers.ts';

/** A game of `plies` seeded random turns, and its positions as text, oldest first. */
function randomGame(variant: string, plies: number, seed: number): { game: Game; texts: string[] } {
  const created = Game.create(variant);
  if (!created.ok) throw new Error(created.error.message);
  const game = created.value;
  const random = prng(seed);
  const texts = [game.positionText];
  for (let i = 0; i < plies && !game.outcome(); i++) {
    const legal = game.legalTexts();
    game.play(legal[Math.floor(random() * legal.length)]!);
    texts.push(game.positionText);
  }
  return { game, texts };
}

describe('thinking by text', () => {
  it('chooses the turn chooseMoveInGame chooses, at each level and seed, the earlier positions counting', { timeout: 120_000 }, () => {
    for (const variant of variantNames())
      for (const [level, seed] of [
        [2, 7],
        [4, 11],
      ] as const) {
        const { game, texts } = randomGame(variant, 14, 300 + level);
        const expected = chooseMoveInGame(game, { level, seed })!;
        const answer = chooseTurn({ variant, options: game.options, positions: texts, level, seed });
        expect(answer, `${variant} level ${level}`).toEqual({
          text: expected.text,
          score: expected.score,
          ...(expected.mate !== undefined ? { mate: expected.mate } : {}),
          depth: expected.depth,
          nodes: expected.nodes,
        });
      }
  });

  it('analyses from `from` on, as analysePosition does each position, until the node budget is spent', { timeout: 120_000 }, () => {
    const { game, texts } = randomGame('warp-factor', 6, 41);
    const positions = game.allPositions;
    const one = (i: number) => analysePosition(game.variant, positions[i], { history: positions.slice(0, i) });
    // A budget below one position's nodes: that one position only.
    const single = analysePositions({ variant: 'warp-factor', options: game.options, positions: texts, from: 2, nodeBudget: 1 });
    expect(single).toEqual([one(2)]);
    // A budget for all of them: every position from `from` to the last.
    const all = analysePositions({ variant: 'warp-factor', options: game.options, positions: texts, from: 3, nodeBudget: 10_000_000 });
    expect(all).toEqual([3, 4, 5, 6].map(one));
    // The game's result given for the last position: it is not searched.
    const over = analysePositions({ variant: 'warp-factor', options: game.options, positions: texts, from: 6, nodeBudget: 1, overAtLast: '0-1' });
    expect(over).toEqual([{ eval: { over: '0-1' }, depth: 0, nodes: 0 }]);
  });

  it('says what does not load', () => {
    expect(() => chooseTurn({ variant: 'chess', options: {}, positions: ['x'], level: 2, seed: 1 })).toThrow(/unknown variant chess/);
    expect(() => chooseTurn({ variant: 'planar', options: {}, positions: ['not a position'], level: 2, seed: 1 })).toThrow(/position 0 does not load/);
  });
});
