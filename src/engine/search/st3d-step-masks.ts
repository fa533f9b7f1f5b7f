// Per geometry, the cells a pawn, king or knight on each cell could step or leap to, as three
// 32-bit words (bit (cell & 31) of word (cell >> 5)): the evaluation takes such a piece's targets
// a word at a time (two masks and the occupancy) instead of walking them one by one (pawns are half
// the pieces and most of the walk, each target a branch on what the board holds).
import { MAX_LEAPS, NUM_CELLS, NUM_DIRS, type Geometry } from '../st3d/field.ts';
import { LEVEL_DIRS } from '../st3d/curved-space-movement.ts';
import { KNIGHT_LEAPS } from '../types.ts';

/** A cell's words: pawn pushes (orthogonal), pawn captures (the other steps), king steps, knight leaps. */
export const PUSH = 0;
export const CAPTURE = 3;
export const KING_STEP = 6;
export const LEAP = 9;
export const MASK_WORDS = 12;

const built = new WeakMap<Geometry, Int32Array>();
let lastGeo: Geometry | undefined;
let lastMasks: Int32Array = new Int32Array(0);

function setBit(masks: Int32Array, at: number, cell: number): void {
  masks[at + (cell >> 5)]! |= 1 << cell;
}

function build(geo: Geometry): Int32Array {
  const masks = new Int32Array(NUM_CELLS * MASK_WORDS);
  const { liveTo, liveAt, knightTo } = geo;
  for (const cell of geo.present) {
    const at = cell * MASK_WORDS;
    const base = cell * NUM_DIRS;
    for (let i = base, end = base + liveAt[cell * 4 + 3]!; i < end; i++) {
      setBit(masks, at + (i < base + liveAt[cell * 4 + 1]! ? PUSH : CAPTURE), liveTo[i]!);
      setBit(masks, at + KING_STEP, liveTo[i]!);
    }
    for (let i = cell * MAX_LEAPS, end = i + MAX_LEAPS; i < end && knightTo[i]! >= 0; i++) setBit(masks, at + LEAP, knightTo[i]!);
  }
  return masks;
}

/** The step masks of a geometry (built on its first use, kept as long as it is). */
export function stepMasks(geo: Geometry): Int32Array {
  if (geo === lastGeo) return lastMasks;
  let masks = built.get(geo);
  if (!masks) built.set(geo, (masks = build(geo)));
  lastGeo = geo;
  lastMasks = masks;
  return masks;
}

/** How many bits are set in three words (pairs and nibbles per word, then summed: a nibble holds at most 12). */
export function bitCount3(a: number, b: number, c: number): number {
  a -= (a >>> 1) & 0x55555555;
  b -= (b >>> 1) & 0x55555555;
  c -= (c >>> 1) & 0x55555555;
  let x = (a & 0x33333333) + ((a >>> 2) & 0x33333333) + (b & 0x33333333) + ((b >>> 2) & 0x33333333) + (c & 0x33333333) + ((c >>> 2) & 0x33333333);
  x = (x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f);
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Bits set in one word. */
export function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Curved Space: a piece's level moves from a local cell (rank * 4 + file) of a 4x4 level as
 * 16-bit masks of the level's cells, per local cell: pawn pushes, pawn captures, king steps,
 * knight leaps (LEVEL_PUSH..LEVEL_LEAP). A fixed level's 16 cells are bits (cell & 16) on of
 * word cell >> 5 of the occupancy.
 */
export const LEVEL_PUSH = 0;
export const LEVEL_CAPTURE = 1;
export const LEVEL_KING = 2;
export const LEVEL_LEAP = 3;
export const LEVEL_MASKS = new Int32Array(16 * 4);
for (let local = 0; local < 16; local++) {
  const file = local & 3;
  const rank = local >> 2;
  // Directions 0-3 orthogonal, 4-7 diagonal: curved-space-movement.ts's own.
  for (const [d, [df, dr]] of LEVEL_DIRS.entries()) {
    const f = file + df;
    const r = rank + dr;
    if (f < 0 || f > 3 || r < 0 || r > 3) continue;
    LEVEL_MASKS[local * 4 + (d < 4 ? LEVEL_PUSH : LEVEL_CAPTURE)]! |= 1 << (r * 4 + f);
    LEVEL_MASKS[local * 4 + LEVEL_KING]! |= 1 << (r * 4 + f);
  }
  for (const [df, dr] of KNIGHT_LEAPS) {
    const f = file + df;
    const r = rank + dr;
    if (f >= 0 && f < 4 && r >= 0 && r < 4) LEVEL_MASKS[local * 4 + LEVEL_LEAP]! |= 1 << (r * 4 + f);
  }
}
