// Helpers for engine tests: a seeded PRNG and random playouts.
import type { AnyVariant } from '../../src/engine/types.ts';
import { curvedSpace } from '../../src/engine/st3d/curved-space.ts';
import type { St3dPosition } from '../../src/engine/st3d/position.ts';

/** mulberry32: small, fast, seeded (the engine's own). */
export { seededRandom as prng } from '../../src/engine/search/rules.ts';

/** Positions of one random game (start included), stopping at the end of the game. */
export function randomGame(variant: AnyVariant, start: unknown, plies: number, random: () => number): unknown[] {
  const positions = [start];
  let pos = start;
  for (let i = 0; i < plies; i++) {
    const moves = variant.legalMoves(pos);
    if (moves.length === 0) break;
    pos = variant.play(pos, moves[Math.floor(random() * moves.length)]);
    positions.push(pos);
  }
  return positions;
}

/** Sorted canonical texts (suffix stripped) of the legal moves in `pos`, optionally only those starting with `prefix`. */
export function legalTexts(variant: AnyVariant, pos: unknown, prefix = ''): string[] {
  return variant
    .legalMoves(pos)
    .map((m) => variant.formatMove(pos, m).replace(/[+#]$/, ''))
    .filter((t) => t.startsWith(prefix))
    .sort();
}

export function mustParse<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/**
 * Curved Space positions past the platforms' placing, from `games` random games of `plies` plies,
 * with 1-6 platforms and fixed or after-capture platform moves in turn.
 */
export function curvedSpacePositions(random: () => number, games: number, plies: number): St3dPosition[] {
  const positions: St3dPosition[] = [];
  for (let g = 0; g < games; g++) {
    const start = curvedSpace.initial({ platforms: 1 + (g % 6), platformMoves: g % 2 ? 'after-capture' : 'fixed' });
    for (const pos of randomGame(curvedSpace, start, plies, random) as St3dPosition[]) if (!pos.unplaced) positions.push(pos);
  }
  return positions;
}
