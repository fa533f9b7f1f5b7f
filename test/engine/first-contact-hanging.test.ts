// First Contact's hanging term (tuning `hanging=N`, src/engine/search/first-contact-hanging.ts): the
// second largest loss among the side to move's attacked pieces, against the rules' own captures.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { hangingLoss, moverLosses, withHanging } from '../../src/engine/search/first-contact-hanging.ts';
import { searchRulesFor } from '../../src/engine/search/index.ts';
import type { SearchRules } from '../../src/engine/search/rules.ts';
import { chooseMoveInGame, DROP_PLIES } from '../../src/engine/search/tuning.ts';
import { pseudoMoves } from '../../src/engine/st3d/first-contact.ts';
import type { St3dMove } from '../../src/engine/st3d/move.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { BLACK_BIT, EMPTY, KING, PAWN } from '../../src/engine/piece-codes.ts';
import { prng } from './helpers.ts';

const VALUE = [0, 2000, 950, 500, 340, 330, 100];

/** The cheapest role value among `pos`'s side to move's piece moves onto `cell` (Infinity: none). */
function cheapestOnto(pos: St3dPosition, cell: number): number {
  let best = Infinity;
  for (const m of pseudoMoves(pos)) if (m.kind === 'move' && m.to === cell) best = Math.min(best, VALUE[pos.board[m.from]! & 7]!);
  return best;
}

/** moverLosses by the rules' turns: who may capture on each cell, and who may take back there. */
function lossesByTheRules(pos: St3dPosition): [number, number] {
  const losses: number[] = [];
  const mover = pos.turn === 'white' ? 0 : BLACK_BIT;
  const other = { ...pos, turn: pos.turn === 'white' ? 'black' : 'white' } as St3dPosition;
  for (let cell = 0; cell < pos.board.length; cell++) {
    const code = pos.board[cell]!;
    if (code === EMPTY || (code & BLACK_BIT) !== mover || (code & 7) === KING) continue;
    const by = cheapestOnto(other, cell);
    if (by === Infinity) continue;
    // Defended: with an enemy piece standing there instead, the mover could take it.
    const board = pos.board.slice();
    board[cell] = PAWN + (mover ? 0 : BLACK_BIT);
    const defended = cheapestOnto({ ...pos, board } as St3dPosition, cell) !== Infinity;
    const value = VALUE[code & 7]!;
    losses.push(defended ? value - by : value);
  }
  const positive = losses.filter((l) => l > 0).sort((a, b) => b - a);
  return [positive[0] ?? 0, positive[1] ?? 0];
}

function randomPositions(seed: number, count: number, from = 20, span = 150): Game[] {
  const random = prng(seed);
  const games: Game[] = [];
  while (games.length < count) {
    const game = (Game.create('first-contact') as { value: Game }).value;
    const stopAt = from + Math.floor(random() * span);
    while (game.ply < stopAt && !game.outcome()) {
      const legal = game.legalTexts();
      game.play(legal[Math.floor(random() * legal.length)]!);
    }
    if (!game.outcome() && !(game.position as St3dPosition).unplaced) games.push(game);
  }
  return games;
}

describe("First Contact's hanging term", () => {
  it("finds the two largest losses among the mover's attacked pieces as the rules' captures give them, on positions of random games", () => {
    let one = 0;
    let two = 0;
    for (const game of randomPositions(4242, 300)) {
      const pos = game.position as St3dPosition;
      const [first, second] = moverLosses(pos);
      expect([first, second]).toEqual(lossesByTheRules(pos));
      expect(hangingLoss(pos)).toBe(second);
      if (first) one++;
      if (second) two++;
    }
    // Random play leaves pieces en prise, now and then two at once (else the test would tell little).
    expect(one).toBeGreaterThan(20);
    expect(two).toBeGreaterThan(0);
  });

  it("is taken off the side to move's evaluation as a percentage (withHanging, the match runner's hanging=N)", () => {
    const plain = searchRulesFor('first-contact') as SearchRules<St3dPosition, St3dMove>;
    const rules = withHanging(plain, 50);
    let seen = 0;
    for (const game of randomPositions(4242, 300)) {
      const pos = game.position as St3dPosition;
      const loss = hangingLoss(pos);
      expect(rules.evaluate(pos)).toBe(plain.evaluate(pos) - Math.round(loss / 2));
      if (loss) seen++;
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('tuning.ts', () => {
  it("searches dropNodes nodes in the first dropPlies plies and the level's budget after them, each turn legal", () => {
    const [early] = randomPositions(5, 1, 12, 4);
    const [late] = randomPositions(6, 1, DROP_PLIES + 2, 4);
    for (const [game, nodes] of [
      [early!, 3000],
      [late!, 400],
    ] as const) {
      const choice = chooseMoveInGame(game, { level: 3, dropNodes: 3000, hanging: 50 })!;
      expect(choice.nodes).toBeGreaterThanOrEqual(nodes);
      expect(choice.nodes).toBeLessThan(nodes * 2);
      expect(game.legalTexts()).toContain(choice.text.replace(/[+#]$/, ''));
    }
  });
});
