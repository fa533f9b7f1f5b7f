// Example turns for help texts come from the engine: every example is a legal
// turn of the position at hand, in canonical notation, one per kind of turn.
import { describe, expect, it } from 'vitest';
import { exampleTurns } from '../../src/engine/examples.ts';
import { Game } from '../../src/engine/game.ts';
import { getVariant, variantNames } from '../../src/engine/variants/index.ts';
import { prng, randomGame } from './helpers.ts';

const OPTION_SETS: Record<string, readonly unknown[]> = {
  'curved-space': [
    {},
    { platforms: 1 },
    { platforms: 2 },
    { platforms: 12 },
    { platformMoves: 'after-capture' },
    { platforms: 2, platformMoves: 'after-capture' },
  ],
};

describe.each(variantNames())('%s example turns', (name) => {
  const variant = getVariant(name)!;
  it.each(OPTION_SETS[name] ?? [{}])(
    'every example parses, is legal and names its own kind (options %j)',
    (input) => {
      const options = variant.parseOptions(input);
      if (!options.ok) throw new Error(options.error.message);
      const random = prng(name.length * 31 + JSON.stringify(input).length);
      const kinds = new Set<string>();
      let checked = 0;
      for (let g = 0; g < 6; g++)
        for (const pos of randomGame(variant, variant.initial(options.value), 60, random)) {
          const examples = exampleTurns(variant, pos);
          expect(examples.length > 0).toBe(variant.legalMoves(pos).length > 0);
          expect(new Set(examples.map((e) => e.kind)).size).toBe(examples.length);
          for (const example of examples) {
            const parsed = variant.parseMove(pos, example.text);
            if (!parsed.ok) throw new Error(`${variant.formatPosition(pos)}: example ${example.text} refused: ${parsed.error.message}`);
            expect(variant.formatMove(pos, parsed.value)).toBe(example.text);
            expect(variant.turnKind(pos, parsed.value)).toBe(example.kind);
            expect(example.what).not.toBe('');
            kinds.add(example.kind);
            checked++;
          }
        }
      expect(checked).toBeGreaterThan(100);
      // Random games reach more than one kind of turn in every variant.
      expect(kinds.size).toBeGreaterThan(1);
    },
    240_000,
  );
});

describe('Game.exampleTurns', () => {
  it('fits the options: a Curved Space game with two platforms never suggests platform 3', () => {
    const game = Game.create('curved-space', { platforms: 2 });
    if (!game.ok) throw new Error(game.error.message);
    const examples = game.value.exampleTurns();
    expect(examples.map((e) => e.kind)).toEqual(['platform-place']);
    expect(examples[0]!.text).toMatch(/^[12]@/);
    expect(game.value.play(examples[0]!.text).ok).toBe(true);
    expect(game.value.exampleTurns()[0]!.text).toMatch(/^[12]@/);
  });

  it('gives none once the game is over', () => {
    // Fool's-mate-like: play random legal games until one ends by the board.
    const random = prng(7);
    for (let i = 0; i < 200; i++) {
      const game = Game.create('first-contact');
      if (!game.ok) throw new Error(game.error.message);
      for (let ply = 0; ply < 80 && !game.value.outcome(); ply++) {
        const texts = game.value.legalTexts();
        game.value.play(texts[Math.floor(random() * texts.length)]!);
      }
      if (game.value.outcome()) {
        expect(game.value.exampleTurns()).toEqual([]);
        return;
      }
    }
    throw new Error('no random First Contact game ended');
  }, 240_000);
});
