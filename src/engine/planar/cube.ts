// The Planar Chess cube (rules.md section 5): 4x4x4 cells, three planes per cell.
//
// Cell index 0..63 = level*16 + rank0*4 + file0, level A..D = 0..3 (A lowest).
// Coordinates: x = file0, y = rank0, z = level, so a step of +1 in x/y/z adds
// 1/4/16 to the index and every straight line through the cube has a constant
// index step.
//
// Orientation index 0..2 = XY (the level: file + rank), XZ (file + height, the
// rank is fixed), YZ (rank + height, the file is fixed). A piece moves and
// attacks only inside the plane through its cell of its orientation, with the
// ordinary 2D chess moves of that plane. All tables below are built once at
// module load, indexed by `cell * 3 + orientation`.
import { KNIGHT_LEAPS, type Orientation } from '../types.ts';

export const NUM_CELLS = 64;
export const LEVELS = 'ABCD';
export const FILES = 'abcd';
export const ORIENTATIONS: readonly Orientation[] = ['XY', 'XZ', 'YZ'];
export const XY = 0;
export const XZ = 1;
export const YZ = 2;

export const cellOf = (level: number, file0: number, rank0: number): number => level * 16 + rank0 * 4 + file0;
const fileOf = (cell: number): number => cell & 3;
const rankOf = (cell: number): number => (cell >> 2) & 3;
export const levelOf = (cell: number): number => cell >> 4;

const NAMES: readonly string[] = Array.from({ length: NUM_CELLS }, (_, c) => LEVELS[levelOf(c)]! + FILES[fileOf(c)]! + (rankOf(c) + 1));
/** Canonical name of a cell, e.g. `Ab1`. */
export const cellName = (cell: number): string => NAMES[cell]!;

/** Cell index of a name like `Ab1` (level letter may be lower case), or -1. */
export function parseCell(text: string): number {
  if (text.length !== 3) return -1;
  const level = LEVELS.indexOf(text[0]!.toUpperCase());
  const file0 = FILES.indexOf(text[1]!);
  const rank0 = '1234'.indexOf(text[2]!);
  if (level < 0 || file0 < 0 || rank0 < 0) return -1;
  return cellOf(level, file0, rank0);
}

export const orientationIndex = (o: Orientation): number => ORIENTATIONS.indexOf(o);

/** Axes (0 = x, 1 = y, 2 = z) spanning each orientation's plane. */
const PLANE_AXES: readonly (readonly [number, number])[] = [
  [0, 1],
  [0, 2],
  [1, 2],
];
const STRIDE = [1, 4, 16];
const coord = (cell: number, axis: number): number => (axis === 0 ? fileOf(cell) : axis === 1 ? rankOf(cell) : levelOf(cell));

/** The two in-plane coordinates (u, v) of a cell for an orientation. */
function planeCoords(cell: number, o: number): [number, number] {
  const [a, b] = PLANE_AXES[o]!;
  return [coord(cell, a), coord(cell, b)];
}

/** Is `target` in the plane through `cell` of orientation `o`? */
function inPlane(cell: number, o: number, target: number): boolean {
  if (o === XY) return levelOf(cell) === levelOf(target);
  if (o === XZ) return rankOf(cell) === rankOf(target);
  return fileOf(cell) === fileOf(target);
}

/** The 16 cells of the plane through `cell` of orientation `o`, ascending. */
export function planeCells(cell: number, o: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < NUM_CELLS; c++) if (inPlane(cell, o, c)) out.push(c);
  return out;
}

/** Cell reached from `cell` by (du, dv) in the plane of orientation `o`, or -1 off the cube. */
function offset(cell: number, o: number, du: number, dv: number): number {
  const [a, b] = PLANE_AXES[o]!;
  const u = coord(cell, a) + du;
  const v = coord(cell, b) + dv;
  if (u < 0 || u > 3 || v < 0 || v > 3) return -1;
  return cell + du * STRIDE[a]! + dv * STRIDE[b]!;
}

const ORTHO_DIRS: readonly (readonly [number, number])[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const DIAG_DIRS: readonly (readonly [number, number])[] = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

function rays(cell: number, o: number, dirs: readonly (readonly [number, number])[]): Int8Array[] {
  const out: Int8Array[] = [];
  for (const [du, dv] of dirs) {
    const ray: number[] = [];
    for (let k = 1; ; k++) {
      const t = offset(cell, o, du * k, dv * k);
      if (t < 0) break;
      ray.push(t);
    }
    if (ray.length) out.push(Int8Array.from(ray));
  }
  return out;
}

function leaps(cell: number, o: number, dirs: readonly (readonly [number, number])[]): Int8Array {
  const out: number[] = [];
  for (const [du, dv] of dirs) {
    const t = offset(cell, o, du, dv);
    if (t >= 0) out.push(t);
  }
  return Int8Array.from(out);
}

const build = <T>(f: (cell: number, o: number) => T): readonly T[] => {
  const out: T[] = [];
  for (let cell = 0; cell < NUM_CELLS; cell++) for (let o = 0; o < 3; o++) out.push(f(cell, o));
  return out;
};

/** Orthogonal slide rays (rook), non-empty only, nearest cell first. Index cell*3+o. */
export const ORTHO_RAYS: readonly (readonly Int8Array[])[] = build((c, o) => rays(c, o, ORTHO_DIRS));
/** Diagonal slide rays (bishop), non-empty only, nearest cell first. Index cell*3+o. */
export const DIAG_RAYS: readonly (readonly Int8Array[])[] = build((c, o) => rays(c, o, DIAG_DIRS));
/**
 * Slide rays in one flat array (no arrays of arrays to walk): for each index k = cell*3+o, from
 * at[k] to at[k + 1], each ray as its length and then its cells, nearest first.
 */
export interface FlatRays {
  readonly cells: Int8Array;
  readonly at: Int16Array;
}
function flatRays(rays: readonly (readonly Int8Array[])[]): FlatRays {
  const cells: number[] = [];
  const at = new Int16Array(rays.length + 1);
  for (let k = 0; k < rays.length; k++) {
    at[k] = cells.length;
    for (const ray of rays[k]!) cells.push(ray.length, ...ray);
  }
  at[rays.length] = cells.length;
  return { cells: Int8Array.from(cells), at };
}
/** ORTHO_RAYS and DIAG_RAYS as FlatRays. */
export const ORTHO_FLAT = flatRays(ORTHO_RAYS);
export const DIAG_FLAT = flatRays(DIAG_RAYS);
/** Knight leap targets in the plane. Index cell*3+o. */
export const KNIGHT_TARGETS: readonly Int8Array[] = build((c, o) => leaps(c, o, KNIGHT_LEAPS));
/** King step targets (orthogonal and diagonal) in the plane. Index cell*3+o. */
export const KING_TARGETS: readonly Int8Array[] = build((c, o) => leaps(c, o, [...ORTHO_DIRS, ...DIAG_DIRS]));
/** Pawn non-capturing steps: one orthogonal step in the plane. Index cell*3+o. */
export const PAWN_STEPS: readonly Int8Array[] = build((c, o) => leaps(c, o, ORTHO_DIRS));
/** Pawn capturing steps: one diagonal step in the plane. Index cell*3+o. */
export const PAWN_CAPTURES: readonly Int8Array[] = build((c, o) => leaps(c, o, DIAG_DIRS));

/** Up to 8 targets per index k = cell*3+o in slots of SLOT: the count, then the cells (one flat array for hot loops). */
export const SLOT = 9;
function slotted(table: readonly Int8Array[]): Int8Array {
  const out = new Int8Array(table.length * SLOT);
  for (let k = 0; k < table.length; k++) {
    out[k * SLOT] = table[k]!.length;
    out.set(table[k]!, k * SLOT + 1);
  }
  return out;
}
/** KING_TARGETS, KNIGHT_TARGETS, PAWN_CAPTURES and PAWN_STEPS slotted. */
export const KING_AT = slotted(KING_TARGETS);
export const KNIGHT_AT = slotted(KNIGHT_TARGETS);
export const PAWN_CAPTURE_AT = slotted(PAWN_CAPTURES);
export const PAWN_STEP_AT = slotted(PAWN_STEPS);

/**
 * How `target` lies from `cell` in the plane of orientation `o`:
 * 0 = not in the plane (or the same cell), otherwise a bit set of
 * ORTHO (on an orthogonal line), DIAG (on a diagonal line), KNIGHT (a knight
 * leap away), ADJ (one step away). `STEP[...]` is the index step along the line.
 */
export const REL_ORTHO = 1;
export const REL_DIAG = 2;
export const REL_KNIGHT = 4;
export const REL_ADJ = 8;

/** RELATION[(cell*3+o)*64 + target] */
export const RELATION: Uint8Array = new Uint8Array(NUM_CELLS * 3 * NUM_CELLS);
/** STEP[(cell*3+o)*64 + target]: index step from cell towards target along a line (0 if none). */
export const STEP: Int8Array = new Int8Array(NUM_CELLS * 3 * NUM_CELLS);

for (let cell = 0; cell < NUM_CELLS; cell++)
  for (let o = 0; o < 3; o++)
    for (let target = 0; target < NUM_CELLS; target++) {
      if (target === cell || !inPlane(cell, o, target)) continue;
      const [u0, v0] = planeCoords(cell, o);
      const [u1, v1] = planeCoords(target, o);
      const du = u1 - u0;
      const dv = v1 - v0;
      const adu = Math.abs(du);
      const adv = Math.abs(dv);
      let rel = 0;
      const n = Math.max(adu, adv);
      if (du === 0 || dv === 0) rel |= REL_ORTHO;
      if (adu === adv) rel |= REL_DIAG;
      if ((adu === 1 && adv === 2) || (adu === 2 && adv === 1)) rel |= REL_KNIGHT;
      if (n === 1) rel |= REL_ADJ;
      const i = (cell * 3 + o) * NUM_CELLS + target;
      RELATION[i] = rel;
      if (rel & (REL_ORTHO | REL_DIAG)) STEP[i] = (target - cell) / n;
    }
