// Game's bookkeeping for a fast rebuild: repetition counted by position hash (texts compared
// only on a match), position texts written when asked for, held against plain text counting.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { getVariant, variantNames } from '../../src/engine/variants/index.ts';
import { prng } from './helpers.ts';

/**
 * A random game that prefers turns back into positions seen before, so repetitions happen:
 * its texts, and each position's text counted the plain way (a map of texts).
 */
function repeatingGame(name: string, seed: number, plies: number) {
  const variant = getVariant(name)!;
  const random = prng(seed);
  const game = (Game.create(name) as { ok: true; value: Game }).value;
  const counts = new Map<string, number>([[variant.formatPosition(game.position), 1]]);
  const texts: string[] = [];
  const expectedDraw: boolean[] = [];
  while (texts.length < plies && !game.outcome()) {
    const pos = game.position;
    const legal = variant.legalMoves(pos);
    const back = legal.find((m) => counts.has(variant.formatPosition(variant.play(pos, m))));
    const move = back && random() < 0.7 ? back : legal[Math.floor(random() * legal.length)];
    const text = variant.formatMove(pos, move);
    const played = game.play(text);
    if (!played.ok) throw new Error(played.error.message);
    const key = variant.formatPosition(variant.play(pos, move));
    counts.set(key, (counts.get(key) ?? 0) + 1);
    texts.push(text);
    expectedDraw.push(counts.get(key)! >= 3);
  }
  return { game, texts, expectedDraw };
}

describe.each(variantNames())('%s', (name) => {
  const variant = getVariant(name)!;

  it('positions with the same text have the same hash', () => {
    const hashOf = new Map<string, number>();
    for (let seed = 1; seed <= 6; seed++) {
      const { game } = repeatingGame(name, seed, 150);
      for (const pos of game.allPositions) {
        const text = variant.formatPosition(pos);
        const read = variant.parsePosition(text);
        if (!read.ok) throw new Error(read.error.message);
        // The same position read back from its text hashes alike too.
        expect(variant.hashPosition(read.value)).toBe(variant.hashPosition(pos));
        if (hashOf.has(text)) expect(variant.hashPosition(pos)).toBe(hashOf.get(text));
        hashOf.set(text, variant.hashPosition(pos));
      }
    }
    // Distinct texts rarely share a hash: far fewer hashes than texts would mean a weak mix.
    expect(new Set(hashOf.values()).size).toBeGreaterThan(hashOf.size * 0.99);
  }, 60_000);

  it('repetition and position texts are those of counting texts, played and replayed', () => {
    let draws = 0;
    for (let seed = 11; seed <= 16; seed++) {
      const { game, texts, expectedDraw } = repeatingGame(name, seed, 200);
      const ended = expectedDraw.indexOf(true);
      if (ended >= 0) {
        draws++;
        expect(ended).toBe(texts.length - 1);
        expect(game.outcome()).toEqual({ result: '1/2-1/2', reason: 'repetition' });
      } else expect(game.outcome()?.reason).not.toBe('repetition');
      const replayed = Game.replay(name, {}, texts);
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(replayed.value.outcome()).toEqual(game.outcome());
      expect(replayed.value.positionText).toBe(variant.formatPosition(game.position));
      const positions = game.allPositions.slice(1).map((pos) => variant.formatPosition(pos));
      expect(replayed.value.history.map((turn) => turn.position)).toEqual(positions);
      // A turn is a plain record: spreading and JSON keep its position text.
      const last = replayed.value.lastTurn!;
      expect({ ...last }).toEqual({ ply: texts.length, text: texts.at(-1), position: positions.at(-1) });
      expect(JSON.parse(JSON.stringify(last)).position).toBe(positions.at(-1));
    }
    expect(draws).toBeGreaterThan(0); // the games do reach repetitions
  }, 60_000);
});
