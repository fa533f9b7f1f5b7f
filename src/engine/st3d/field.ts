// The ST3D field (rules.md section 1): three fixed 4x4 levels, 12 pins, 2x2
// attack platforms. Shared by First Contact, Warp Factor and Curved Space.
//
// Cell indices: fixed cells 0..47 = level*16 + rank0*4 + file0;
// platform cells 48..95 = 48 + pin*4 + prank0*2 + pfile0, where
// pin = level*4 + corner and corner 0..3 = a1, d1, a4, d4.
// A platform cell index is tied to the pin, not to a physical platform: when a
// platform moves, whatever stands on it is re-indexed to the new pin.

export const LEVELS = ['W', 'N', 'B'] as const;
export const CORNERS = ['a1', 'd1', 'a4', 'd4'] as const;
export const FILES = 'abcd';
const NUM_FIXED = 48;
export const NUM_PINS = 12;
export const NUM_CELLS = 96;

/** Platform state at a pin. */
export const NO_PLATFORM = 0;
export const UP = 1;
export const DOWN = 2;

const LEVEL_BASE_RANK = [1, 3, 5];
const LEVEL_HEIGHT = [0, 2, 4];

export const fixedCell = (level: number, file0: number, rank0: number): number => level * 16 + rank0 * 4 + file0;
export const platformCell = (pin: number, pfile0: number, prank0: number): number => 48 + pin * 4 + prank0 * 2 + pfile0;
export const isFixed = (cell: number): boolean => cell < NUM_FIXED;
export const levelOf = (cell: number): number => (cell < NUM_FIXED ? cell >> 4 : (cell - 48) >> 4);
export const pinOf = (cell: number): number => (cell - 48) >> 2;
/** Local 2x2 index (prank0*2 + pfile0) of a platform cell. */
export const platformLocal = (cell: number): number => (cell - 48) & 3;
/** Local 4x4 index (rank0*4 + file0) of a fixed cell. */
export const fixedLocal = (cell: number): number => cell & 15;
export const pinLevel = (pin: number): number => pin >> 2;
const pinCorner = (pin: number): number => pin & 3;

export function pinName(pin: number, state?: number): string {
  const base = `${LEVELS[pinLevel(pin)]}${CORNERS[pinCorner(pin)]}`;
  return state === UP ? base + 'u' : state === DOWN ? base + 'd' : base;
}

/** Canonical name of a cell; platform cells need the orientation of their pin's platform. */
export function cellName(cell: number, platforms: ArrayLike<number>): string {
  if (isFixed(cell)) {
    const local = fixedLocal(cell);
    return `${LEVELS[levelOf(cell)]}${FILES[local & 3]}${(local >> 2) + 1}`;
  }
  const pin = pinOf(cell);
  const local = platformLocal(cell);
  return `${pinName(pin, platforms[pin])}:${'ab'[local & 1]}${(local >> 1) + 1}`;
}

/**
 * Pins a platform may move to: orthogonally adjacent on the same level (a1<->d1, a1<->a4,
 * d1<->d4, a4<->d4) and the same-named pin of the adjacent level.
 */
export const adjacentPins = (pin: number): readonly number[] => ADJACENT_PINS[pin]!;

const ADJACENT_PINS: readonly (readonly number[])[] = Array.from({ length: NUM_PINS }, (_, pin) => {
  const level = pinLevel(pin);
  const corner = pinCorner(pin);
  const result = [level * 4 + (corner ^ 1), level * 4 + (corner ^ 2)];
  if (level > 0) result.push(pin - 4);
  if (level < 2) result.push(pin + 4);
  return result;
});

// ---- space ----------------------------------------------------------------
// Points: x 0..5 (z,a..e), y 0..9, h -1..5.
const SIZE_X = 6;
const SIZE_Y = 10;
const SIZE_H = 7;

/** Global point [x, y, h] of a cell, or undefined for a platform cell whose pin is empty. */
export function cellPoint(cell: number, platforms: ArrayLike<number>): [number, number, number] | undefined {
  if (isFixed(cell)) {
    const level = levelOf(cell);
    const local = fixedLocal(cell);
    return [(local & 3) + 1, (local >> 2) + LEVEL_BASE_RANK[level]!, LEVEL_HEIGHT[level]!];
  }
  const pin = pinOf(cell);
  const state = platforms[pin];
  if (state !== UP && state !== DOWN) return undefined;
  return platformPoint(pin, state === UP, platformLocal(cell));
}

/** Global point of the platform cell `local` of a platform on `pin`, upright if `up`. */
function platformPoint(pin: number, up: boolean, local: number): [number, number, number] {
  const level = pinLevel(pin);
  const corner = pinCorner(pin);
  const x0 = corner & 1 ? 4 : 0;
  const y0 = corner & 2 ? LEVEL_BASE_RANK[level]! + 3 : LEVEL_BASE_RANK[level]! - 1;
  return [x0 + (local & 1), y0 + (local >> 1), LEVEL_HEIGHT[level]! + (up ? 1 : -1)];
}

/**
 * Can a platform put on `pin` (upright if `up`) carry an attack to the point `target`: is one
 * of its cells on a slide line through `target` (orthogonal, or diagonal on the level), or the
 * cell a knight's leap between fixed levels onto `target` passes through? Cells only added can
 * open an attack (a removed cell leaves a gap, which ends lines and leaps), so a platform move
 * for which this is false leaves every attack on `target` as it was.
 */
export function platformMayReach(pin: number, up: boolean, target: readonly number[]): boolean {
  // platformPoint's arithmetic, without building the points (keepKingSafe and the search ask often).
  const level = pinLevel(pin);
  const corner = pinCorner(pin);
  const x0 = corner & 1 ? 4 : 0;
  const y0 = corner & 2 ? LEVEL_BASE_RANK[level]! + 3 : LEVEL_BASE_RANK[level]! - 1;
  const h = LEVEL_HEIGHT[level]! + (up ? 1 : -1);
  const dh = Math.abs(h - target[2]!);
  for (let local = 0; local < 4; local++) {
    const dx = Math.abs(x0 + (local & 1) - target[0]!);
    const dy = Math.abs(y0 + (local >> 1) - target[1]!);
    if ((dx === 0 ? 1 : 0) + (dy === 0 ? 1 : 0) + (dh === 0 ? 1 : 0) === 2) return true;
    if (dh === 0 && dx === dy) return true;
    if (dh === 1 && dx + dy === 1) return true;
  }
  return false;
}

// ---- directions -----------------------------------------------------------
/** 0-5 orthogonal, 6-9 diagonal on the level, 10-17 triagonal. */
const DIRECTIONS: readonly (readonly [number, number, number])[] = (() => {
  const dirs: [number, number, number][] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
    [1, 1, 0],
    [1, -1, 0],
    [-1, 1, 0],
    [-1, -1, 0],
  ];
  for (const dx of [1, -1]) for (const dy of [1, -1]) for (const dh of [1, -1]) dirs.push([dx, dy, dh]);
  return dirs;
})();
export const NUM_DIRS = 18;
export const ORTHOGONAL = [0, 1, 2, 3, 4, 5];
export const DIAGONAL_LEVEL = [6, 7, 8, 9];
export const TRIAGONAL = [10, 11, 12, 13, 14, 15, 16, 17];

/** The 24 knight leaps: all permutations of (±2, ±1, 0). */
export const KNIGHT_LEAPS: readonly (readonly [number, number, number])[] = (() => {
  const leaps: [number, number, number][] = [];
  for (let a = 0; a < 3; a++)
    for (let b = 0; b < 3; b++) {
      if (a === b) continue;
      for (const sa of [2, -2])
        for (const sb of [1, -1]) {
          const v: [number, number, number] = [0, 0, 0];
          v[a] = sa;
          v[b] = sb;
          leaps.push(v);
        }
    }
  return leaps;
})();

/** Precomputed neighbour tables for one arrangement of platforms. */
export interface Geometry {
  /** next[cell * NUM_DIRS + dir] = neighbouring cell, or -1 where there is no cell. */
  readonly next: Int8Array;
  /** knightTo[cell * MAX_LEAPS + i]: cells a knight on `cell` may leap to (platform rule applied), -1 after the last. */
  readonly knightTo: Int8Array;
  /** knightFrom[cell * MAX_LEAPS + i]: cells from which a knight may leap to `cell`, -1 after the last. */
  readonly knightFrom: Int8Array;
  /**
   * The directions from each cell that lead to a cell (most do not: the levels lie two apart), in
   * ascending order: liveTo[cell * NUM_DIRS + k] is the neighbour along liveDir[...] for k from
   * liveAt[cell * 4 + j] on, where j = 0, 1, 2, 3 start directions 0, 6, 10 and the end (a range of
   * direction numbers, as the pieces' moves are given, is a range of k).
   */
  readonly liveTo: Int8Array;
  readonly liveDir: Int8Array;
  readonly liveAt: Uint8Array;
  /** Cells that exist (fixed cells and cells of placed platforms). */
  readonly present: readonly number[];
  /** Each present cell's point in space (x, y, height), as cellPoint gives it; 0 for absent cells. */
  readonly px: Int8Array;
  readonly py: Int8Array;
  readonly ph: Int8Array;
}
export const MAX_LEAPS = 24;

/** The cells listed for `cell` in a knight table, as an array (for tests and explanations). */
export function knightCells(table: Int8Array, cell: number): number[] {
  const cells: number[] = [];
  for (let i = cell * MAX_LEAPS; i < (cell + 1) * MAX_LEAPS && table[i]! >= 0; i++) cells.push(table[i]!);
  return cells;
}

/** A number identifying an arrangement of platforms (base-3 digits per pin). */
export function platformKey(platforms: ArrayLike<number>): number {
  let key = 0;
  for (let pin = NUM_PINS - 1; pin >= 0; pin--) key = key * 3 + platforms[pin]!;
  return key;
}

const geometryCache = new Map<number, Geometry>();
const GEOMETRY_CACHE_LIMIT = 4096;

/** Geometry for the platforms as placed; cached because platforms rarely move. */
let lastKey = -1;
let lastGeometry: Geometry | undefined;
/**
 * The array of the call before: a position's platforms are never written once it is made (copy on
 * write), so the same array is the same arrangement, without its key. Arrays written between calls
 * (trial platforms) go through scratchGeometry.
 */
let lastPlatforms: ArrayLike<number> | undefined;
export function geometry(platforms: ArrayLike<number>): Geometry {
  if (platforms === lastPlatforms) return lastGeometry!;
  lastPlatforms = platforms;
  const key = platformKey(platforms);
  // Most calls come with the arrangement of the call before (the search asks at every node).
  if (key === lastKey) return lastGeometry!;
  let geo = geometryCache.get(key);
  if (!geo) {
    if (geometryCache.size >= GEOMETRY_CACHE_LIMIT) geometryCache.clear();
    geo = buildGeometry(platforms);
    geometryCache.set(key, geo);
  }
  lastKey = key;
  lastGeometry = geo;
  return geo;
}

/** geometry for an array that is written between calls (a scratch copy of the platforms). */
export function scratchGeometry(platforms: ArrayLike<number>): Geometry {
  const geo = geometry(platforms);
  lastPlatforms = undefined;
  return geo;
}

const LEAP_DH = KNIGHT_LEAPS.map((d) => d[2]);

// The build works in a padded copy of space (PAD cells of margin on every side, more
// than any step or leap reaches), so a neighbour is one array read, no bounds test.
const PAD = 2;
const PX = SIZE_X + 2 * PAD;
const PY = SIZE_Y + 2 * PAD;
const PH = SIZE_H + 2 * PAD;
const padded = (x: number, y: number, h: number) => ((h + 1 + PAD) * PY + y + PAD) * PX + x + PAD;
const DIR_OFFSET = DIRECTIONS.map(([x, y, h]) => padded(x, y, h) - padded(0, 0, 0));
const LEAP_OFFSET = KNIGHT_LEAPS.map(([x, y, h]) => padded(x, y, h) - padded(0, 0, 0));
/** For a leap changing height, the offset of the point one step along the height axis from the origin. */
const LEAP_STEP_OFFSET = KNIGHT_LEAPS.map(([, , h]) => padded(0, 0, Math.sign(h)) - padded(0, 0, 0));
/** Padded point of each fixed cell, and of each platform cell per state (index cell*3 + state); -1 without one. */
const CELL_POINT = new Int16Array(NUM_CELLS * 3).fill(-1);
const CELL_XYH = new Int8Array(NUM_CELLS * 3 * 3);
for (let cell = 0; cell < NUM_CELLS; cell++)
  for (const state of [NO_PLATFORM, UP, DOWN]) {
    const p = cellPoint(cell, { [pinOf(cell)]: state, length: NUM_PINS });
    if (!p || (isFixed(cell) && state !== NO_PLATFORM)) continue;
    CELL_POINT[cell * 3 + state] = padded(p[0], p[1], p[2]);
    CELL_XYH.set(p, (cell * 3 + state) * 3);
  }
/** Scratch padded space: cell at each point, -1 elsewhere (restored after each build). */
const SPACE = new Int16Array(PX * PY * PH).fill(-1);

function buildGeometry(platforms: ArrayLike<number>): Geometry {
  const px = new Int8Array(NUM_CELLS);
  const py = new Int8Array(NUM_CELLS);
  const ph = new Int8Array(NUM_CELLS);
  const point = new Int16Array(NUM_CELLS);
  const present: number[] = [];
  for (let cell = 0; cell < NUM_CELLS; cell++) {
    const state = cell < NUM_FIXED ? NO_PLATFORM : platforms[pinOf(cell)]!;
    const at = CELL_POINT[cell * 3 + state]!;
    if (at < 0) continue;
    const xyh = (cell * 3 + state) * 3;
    px[cell] = CELL_XYH[xyh]!;
    py[cell] = CELL_XYH[xyh + 1]!;
    ph[cell] = CELL_XYH[xyh + 2]!;
    point[cell] = at;
    SPACE[at] = cell;
    present.push(cell);
  }
  // Cell numbers (below 96) and -1 fit a byte: a search keeps thousands of geometries.
  const next = new Int8Array(NUM_CELLS * NUM_DIRS).fill(-1);
  const knightTo = new Int8Array(NUM_CELLS * MAX_LEAPS).fill(-1);
  const knightFrom = new Int8Array(NUM_CELLS * MAX_LEAPS).fill(-1);
  const fromCount = new Uint8Array(NUM_CELLS);
  const liveTo = new Int8Array(NUM_CELLS * NUM_DIRS);
  const liveDir = new Int8Array(NUM_CELLS * NUM_DIRS);
  const liveAt = new Uint8Array(NUM_CELLS * 4);
  for (const cell of present) {
    const at = point[cell]!;
    let live = 0;
    for (let d = 0; d < NUM_DIRS; d++) {
      if (d === 6) liveAt[cell * 4 + 1] = live;
      else if (d === 10) liveAt[cell * 4 + 2] = live;
      const neighbour = SPACE[at + DIR_OFFSET[d]!]!;
      next[cell * NUM_DIRS + d] = neighbour;
      if (neighbour < 0) continue;
      liveTo[cell * NUM_DIRS + live] = neighbour;
      liveDir[cell * NUM_DIRS + live++] = d;
    }
    liveAt[cell * 4 + 3] = live;
    let toCount = 0;
    for (let l = 0; l < MAX_LEAPS; l++) {
      const target = SPACE[at + LEAP_OFFSET[l]!]!;
      if (target < 0) continue;
      // Fixed level to another fixed level only through a platform cell
      // one step from the origin along the height axis.
      if (cell < NUM_FIXED && target < NUM_FIXED && LEAP_DH[l] !== 0 && SPACE[at + LEAP_STEP_OFFSET[l]!]! < NUM_FIXED) continue;
      knightTo[cell * MAX_LEAPS + toCount++] = target;
      knightFrom[target * MAX_LEAPS + fromCount[target]!++] = cell;
    }
  }
  for (const cell of present) SPACE[point[cell]!] = -1;
  return { next, knightTo, knightFrom, liveTo, liveDir, liveAt, present, px, py, ph };
}
