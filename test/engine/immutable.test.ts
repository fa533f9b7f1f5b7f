// Positions are immutable values: no engine call writes into the position it is
// given, not even to try a move and undo it. The typed arrays of each position
// are wrapped so that any write throws, and compared before and after.
import { describe, expect, it } from 'vitest';
import { exampleTurns } from '../../src/engine/examples.ts';
import { chooseMove } from '../../src/engine/search/index.ts';
import { getVariant, variantNames } from '../../src/engine/variants/index.ts';
import { prng, randomGame } from './helpers.ts';

/** The same position, its typed arrays behind a proxy that refuses every write. */
function readOnly<P>(pos: P): P {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(pos as object)) {
    if (!ArrayBuffer.isView(value)) {
      copy[key] = value;
      continue;
    }
    copy[key] = new Proxy(value, {
      get(target, prop) {
        const v = Reflect.get(target, prop, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
      set(_, prop) {
        throw new Error(`wrote ${key}[${String(prop)}] of a position`);
      },
      defineProperty(_, prop) {
        throw new Error(`wrote ${key}[${String(prop)}] of a position`);
      },
    });
  }
  return copy as P;
}

const snapshot = (pos: unknown) => JSON.stringify(Object.entries(pos as object).map(([k, v]) => [k, ArrayBuffer.isView(v) ? Array.from(v as Int8Array) : v]));

const OPTION_SETS: Record<string, readonly unknown[]> = { 'curved-space': [{}, { platforms: 2, platformMoves: 'after-capture' }] };

describe.each(variantNames())('%s positions stay as they are', (name) => {
  const variant = getVariant(name)!;
  it.each(OPTION_SETS[name] ?? [{}])(
    'through legalMoves, play, outcome, notation and the search (options %j)',
    (input) => {
      const options = variant.parseOptions(input);
      if (!options.ok) throw new Error(options.error.message);
      const random = prng(name.length * 7 + 3);
      let calls = 0;
      for (let g = 0; g < 3; g++) {
        const positions = randomGame(variant, variant.initial(options.value), 80, random);
        for (const [i, original] of positions.entries()) {
          if (i % 4 !== 0 && i !== positions.length - 1) continue;
          const before = snapshot(original);
          const pos = readOnly(original);
          const moves = variant.legalMoves(pos);
          variant.outcome(pos);
          variant.isCheck(pos);
          variant.view(pos);
          variant.formatPosition(pos);
          exampleTurns(variant, pos);
          for (const move of moves) {
            const text = variant.formatMove(pos, move);
            expect(variant.parseMove(pos, text).ok).toBe(true);
            variant.play(pos, move);
            calls++;
          }
          // Refused turns are explained from the same position.
          variant.parseMove(pos, 'Aa1-Dd4');
          variant.parseMove(pos, 'Wa1-Bd4');
          if (i % 16 === 0 && moves.length) chooseMove(variant, pos, { level: 2, nodes: 300 });
          expect(snapshot(original)).toBe(before);
        }
      }
      expect(calls).toBeGreaterThan(100);
    },
    360_000,
  );
});
