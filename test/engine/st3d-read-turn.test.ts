// Reading a turn generates only the turns that could equal it (same kind, same origin). Held
// against the plain way over random games: resolve the text, then look for it among every
// legal turn. Texts: each legal turn's canonical text, common other spellings of it, and the
// turns of the position before (mostly illegal now).
import { describe, expect, it } from 'vitest';
import { sameMove, type St3dMove } from '../../src/engine/st3d/move.ts';
import { resolveSt3dMove } from '../../src/engine/st3d/variant.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';
import { getVariant } from '../../src/engine/variants/index.ts';
import { prng, randomGame } from './helpers.ts';

const SETUPS = [
  ['first-contact', {}],
  ['warp-factor', {}],
  ['curved-space', {}],
  ['curved-space', { platforms: 3, platformMoves: 'after-capture' }],
] as const;

function spellings(text: string): string[] {
  const base = text.replace(/[+#]$/, '');
  return [
    text,
    base,
    `${base}+`,
    ` ${base} `,
    base.toLowerCase(),
    base.replace('-', 'x'),
    base.replace('x', '-'),
    `N${base}`,
    `P ${base}`,
    base.replace(/u/, 'd'),
    base.replace(/d/, 'u'),
    base.replace(/:/, ''),
  ];
}

describe.each(SETUPS)('%s %j: a turn read through the narrow generation', (name, input) => {
  const variant = getVariant(name)!;
  const options = variant.parseOptions(input);
  if (!options.ok) throw new Error(options.error.message);

  /** The plain reading: the resolved candidate among all legal turns. */
  const plain = (pos: St3dPosition, legal: St3dMove[], text: string): St3dMove | undefined => {
    const candidate = resolveSt3dMove(pos, text);
    return candidate.ok ? legal.find((m) => sameMove(m, candidate.value)) : undefined;
  };

  it('accepts exactly the texts the plain reading finds legal, as the same turn', () => {
    const random = prng(name.length * 13 + Object.keys(input).length);
    let accepted = 0;
    let refused = 0;
    for (let g = 0; g < 3; g++) {
      const positions = randomGame(variant, variant.initial(options.value), 80, random) as St3dPosition[];
      for (const [i, pos] of positions.entries()) {
        const legal = variant.legalMoves(pos) as St3dMove[];
        const before = i > 0 ? (variant.legalMoves(positions[i - 1]) as St3dMove[]).map((m) => variant.formatMove(positions[i - 1], m)) : [];
        const texts = new Set([...legal.flatMap((m) => spellings(variant.formatMove(pos, m))), ...before]);
        for (const text of texts) {
          const read = variant.parseMove(pos, text);
          const expected = plain(pos, legal, text);
          if (expected) {
            expect(read.ok && sameMove(read.value as St3dMove, expected), text).toBe(true);
            accepted++;
          } else {
            expect(read.ok, text).toBe(false);
            refused++;
          }
        }
      }
    }
    expect(accepted).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(1000);
  }, 120_000);
});
