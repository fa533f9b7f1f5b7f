// Bounded fuzzing: random and mutated text never makes the parsers throw, and
// random legal play never reaches an impossible state.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { ROLES, STANDARD_SET, type Color } from '../../src/engine/types.ts';
import { getVariant, variantNames } from '../../src/engine/variants/index.ts';
import { prng, randomGame } from './helpers.ts';

const ALPHABET = 'WNBABCDabcdxz-@&:=+#!? 0123456789KQRBNPudXYZ\t\u00e9\u0000';

function mutate(text: string, random: () => number): string {
  const chars = [...text];
  const edits = 1 + Math.floor(random() * 3);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(random() * (chars.length + 1));
    const ch = ALPHABET[Math.floor(random() * ALPHABET.length)]!;
    const op = random();
    if (op < 0.33) chars.splice(at, 1);
    else if (op < 0.66) chars.splice(at, 0, ch);
    else chars[at] = ch;
  }
  return chars.join('');
}

const randomText = (random: () => number, max: number) =>
  Array.from({ length: Math.floor(random() * max) }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');

describe.each(variantNames())('%s fuzzing', (name) => {
  const variant = getVariant(name)!;
  const random = prng(name.length * 1009);
  // A few positions to fuzz against: the start and some random middlegames.
  const options = Game.create(name).ok ? (Game.create(name) as { value: Game }).value.options : {};
  const positions = [variant.initial(options)];
  for (let g = 0; g < 4; g++) positions.push(...randomGame(variant, positions[0], 40, random).filter((_, i) => i % 10 === 9));

  it('turn parser: random and mutated text only ever gives a typed error or a legal turn', () => {
    let accepted = 0;
    const texts = positions.map((pos) => variant.legalMoves(pos).map((m) => variant.formatMove(pos, m)));
    for (let i = 0; i < 60_000; i++) {
      const pos = positions[i % positions.length];
      const legal = texts[i % positions.length]!;
      const seed = legal.length && random() < 0.8 ? legal[Math.floor(random() * legal.length)]! : '';
      const text = seed ? mutate(seed, random) : randomText(random, 16);
      const result = variant.parseMove(pos, text);
      if (result.ok) {
        accepted++;
        // Whatever was accepted is a legal turn that formats canonically.
        const canonical = variant.formatMove(pos, result.value);
        const again = variant.parseMove(pos, canonical);
        expect(again.ok && variant.formatMove(pos, again.value)).toBe(canonical);
      } else {
        expect(['syntax', 'illegal']).toContain(result.error.kind);
        expect(result.error.message.length).toBeGreaterThan(5);
      }
    }
    expect(accepted).toBeGreaterThan(0);
  }, 360_000);

  it('position parser: mutated position texts only ever give a typed error or a position that round-trips', () => {
    for (let i = 0; i < 40_000; i++) {
      const text = mutate(variant.formatPosition(positions[i % positions.length]), random);
      const result = variant.parsePosition(text);
      if (result.ok) {
        const text = variant.formatPosition(result.value);
        const again = variant.parsePosition(text);
        expect(again.ok && variant.formatPosition(again.value)).toBe(text);
      } else expect(result.error.kind).toBe('position');
    }
  }, 360_000);

  it('random legal playouts never reach an impossible state', () => {
    for (let g = 0; g < 15; g++) {
      for (const pos of randomGame(variant, variant.initial(options), 80, random)) {
        // The board ends the game exactly where the side to move has no legal turn (Game.play relies on it).
        expect(variant.outcome(pos) !== undefined, variant.formatPosition(pos)).toBe(variant.legalMoves(pos).length === 0);
        const view = variant.view(pos);
        const count: Record<Color, Record<string, number>> = { white: {}, black: {} };
        const seen = new Set<string>();
        for (const cell of view.cells) {
          expect(seen.has(cell.cell), `two pieces on ${cell.cell}`).toBe(false);
          seen.add(cell.cell);
          count[cell.color][cell.role] = (count[cell.color][cell.role] ?? 0) + 1;
        }
        for (const color of ['white', 'black'] as const) {
          for (const role of ROLES) {
            const total = (count[color][role] ?? 0) + (view.hands[color][role] ?? 0);
            expect(total, `${color} ${role}`).toBeLessThanOrEqual(STANDARD_SET[role]);
          }
          // The king is never captured: it is on the board or still in hand.
          expect((count[color].K ?? 0) + (view.hands[color].K ?? 0), `${color} king`).toBe(1);
        }
      }
    }
  }, 360_000);
});
