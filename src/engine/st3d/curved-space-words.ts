// Curved Space's piece targets as three 32-bit words of the 96 cells (bit (cell & 31) of word
// cell >> 5), for the evaluation, which needs each piece's target set and its size but not the
// order writeTargets lists them in: no list is written and read back, level slides are found
// from the level's occupancy (the first blocker of a ray is its lowest or highest set bit), and
// worm-hole steps are masks per worm-hole (Wormhole.stepMaskAt).
import { isFixed, NUM_CELLS } from './field.ts';
import type { St3dPosition } from './position.ts';
import { BLACK_BIT, EMPTY, KING, KNIGHT, PAWN } from '../piece-codes.ts';
import { LEVEL_DIRS, SLIDE_TURNS } from './curved-space-movement.ts';
import type { Wormhole } from './wormhole.ts';
import { KNIGHT_LEAPS } from '../types.ts';

/** Per local cell (rank * 4 + file) and level direction (0-7): the ray's cells as a 16-bit mask of the level. */
const RAY_MASK = new Int32Array(16 * 8);
/** Per direction: the ray goes to higher local indices (its first blocker is its lowest set bit). */
const RAY_RISES = LEVEL_DIRS.map(([df, dr]) => dr * 4 + df > 0);
for (let local = 0; local < 16; local++)
  for (const [d, [df, dr]] of LEVEL_DIRS.entries())
    for (let f = (local & 3) + df, r = (local >> 2) + dr; f >= 0 && f < 4 && r >= 0 && r < 4; f += df, r += dr) RAY_MASK[local * 8 + d]! |= 1 << (r * 4 + f);
/** Per fixed cell and role: the level occupancy (with bit 16 set) levelSlideMask last answered for, and the answer. */
const LEVEL_SLIDES = new Int32Array(48 * 8 * 2);
/** The level directions of a slider's moves as a range, by role code (queen 2, rook 3, bishop 4). */
const DIR_FROM = new Int8Array([0, 0, 0, 0, 4, 0, 0]);
const DIR_TO = new Int8Array([0, 0, 8, 4, 8, 0, 0]);

/** The cells a slider on local cell `local` reaches on its level (blockers included), given the level's occupancy. */
export function levelSlideMask(local: number, role: number, occupied: number): number {
  let reached = 0;
  for (let d = DIR_FROM[role]!, end = DIR_TO[role]!; d < end; d++) {
    const ray = RAY_MASK[local * 8 + d]!;
    const blockers = ray & occupied;
    if (blockers === 0) reached |= ray;
    else if (RAY_RISES[d]) reached |= ray & (((blockers & -blockers) << 1) - 1);
    else reached |= ray & -(1 << (31 - Math.clz32(blockers)));
  }
  return reached;
}

/** Per local cell, a pawn's pushes and captures, a king's steps and a knight's leaps on its level. */
const PUSH_MASK = new Int32Array(16);
const CAPTURE_MASK = new Int32Array(16);
const KING_MASK = new Int32Array(16);
const LEAP_MASK = new Int32Array(16);
for (let local = 0; local < 16; local++) {
  for (let d = 0; d < 8; d++) {
    const first = RAY_MASK[local * 8 + d]!;
    // The step is the ray's first cell: its lowest bit rising, its highest falling.
    const step = first === 0 ? 0 : RAY_RISES[d] ? first & -first : 1 << (31 - Math.clz32(first));
    if (d < 4) PUSH_MASK[local]! |= step;
    else CAPTURE_MASK[local]! |= step;
    KING_MASK[local]! |= step;
  }
  for (const [df, dr] of KNIGHT_LEAPS) {
    const f = (local & 3) + df;
    const r = (local >> 2) + dr;
    if (f >= 0 && f < 4 && r >= 0 && r < 4) LEAP_MASK[local]! |= 1 << (r * 4 + f);
  }
}

/**
 * The cells a queen, rook or bishop (`role`) on fixed cell `from` reaches on its level (blockers
 * included) given the level's occupancy (16 bits): the last answer for the cell and role, kept
 * while its level's occupancy stays.
 */
export function levelSlide(from: number, role: number, levelOccupied: number): number {
  const memo = (from * 8 + role) * 2;
  if (LEVEL_SLIDES[memo] !== (levelOccupied | 0x10000)) {
    LEVEL_SLIDES[memo] = levelOccupied | 0x10000;
    LEVEL_SLIDES[memo + 1] = levelSlideMask(from & 15, role, levelOccupied);
  }
  return LEVEL_SLIDES[memo + 1]!;
}

/**
 * Write into `out` (three words) the cells the piece on `from` may move to: writeTargets' cells
 * (own king safety not checked), as a set. `occupied` and `black` are the board's occupancy words
 * (occupancy.ts's OCCUPIED and BLACK_OCCUPIED, made from `board`).
 */
export function targetWords(board: Int8Array, wh: Wormhole, from: number, occupied: Int32Array, black: Int32Array, out: Int32Array): void {
  const code = board[from]!;
  const role = code & 7;
  const side = code & BLACK_BIT;
  const o0 = occupied[0]!;
  const o1 = occupied[1]!;
  const o2 = occupied[2]!;
  // Each word's cells not of the piece's side (empty or enemy), and its enemy cells.
  const free0 = side ? ~black[0]! : black[0]! | ~o0;
  const free1 = side ? ~black[1]! : black[1]! | ~o1;
  const free2 = side ? ~black[2]! : black[2]! | ~o2;
  let t0 = 0;
  let t1 = 0;
  let t2 = 0;
  if (isFixed(from)) {
    const shift = from & 16;
    const local = from & 15;
    const word = from >> 5;
    const levelOccupied = ((word === 0 ? o0 : o1) >>> shift) & 0xffff;
    const levelFree = ((word === 0 ? free0 : free1) >>> shift) & 0xffff;
    let level: number;
    if (role === PAWN) level = (PUSH_MASK[local]! & ~levelOccupied) | (CAPTURE_MASK[local]! & levelFree & levelOccupied);
    else if (role === KNIGHT) level = LEAP_MASK[local]! & levelFree;
    else if (role === KING) level = KING_MASK[local]! & levelFree;
    else level = levelSlide(from, role, levelOccupied) & levelFree;
    if (word === 0) t0 = level << shift;
    else t1 = level << shift;
  }
  if (wh.isWormholeCell(from)) {
    if (role === PAWN) {
      const orth = wh.stepMaskAt(from, 0);
      const diag = wh.stepMaskAt(from, 1);
      const masks = wh.stepMasks;
      t0 |= (masks[orth]! & ~o0) | (masks[diag]! & free0 & o0);
      t1 |= (masks[orth + 1]! & ~o1) | (masks[diag + 1]! & free1 & o1);
      t2 |= (masks[orth + 2]! & ~o2) | (masks[diag + 2]! & free2 & o2);
    } else if (role === KNIGHT) {
      const tri = wh.stepMaskAt(from, 2);
      const masks = wh.stepMasks;
      t0 |= masks[tri]! & free0;
      t1 |= masks[tri + 1]! & free1;
      t2 |= masks[tri + 2]! & free2;
    } else if (role === KING) {
      const orth = wh.stepMaskAt(from, 0);
      const diag = wh.stepMaskAt(from, 1);
      const masks = wh.stepMasks;
      t0 |= (masks[orth]! | masks[diag]!) & free0;
      t1 |= (masks[orth + 1]! | masks[diag + 1]!) & free1;
      t2 |= (masks[orth + 2]! | masks[diag + 2]!) & free2;
    } else {
      // Every cell a slide enters (it stops on an occupied one), then only those not of its side.
      let r0 = 0;
      let r1 = 0;
      let r2 = 0;
      const turns = SLIDE_TURNS[role]!;
      for (let k = 0; k < turns.length; k++) {
        const at = wh.slideMemoAt(from, turns[k]!);
        const memo = wh.slideMemo;
        const k0 = o0 & memo[at]!;
        const k1 = o1 & memo[at + 1]!;
        const k2 = o2 & memo[at + 2]!;
        if (memo[at + 3] !== 2 || k0 !== memo[at + 4] || k1 !== memo[at + 5] || k2 !== memo[at + 6]) {
          // The inner cells' occupancy changed since the last walk of this tree: walk it again.
          let s0 = 0;
          let s1 = 0;
          let s2 = 0;
          const { cells, ends } = wh.slideTree(from, turns[k]!);
          for (let i = 0; i < cells.length; ) {
            const to = cells[i]!;
            const bit = 1 << to;
            if (to < 32) s0 |= bit;
            else if (to < 64) s1 |= bit;
            else s2 |= bit;
            i = board[to] === EMPTY ? i + 1 : ends[i]!;
          }
          memo[at + 3] = 2;
          memo[at + 4] = k0;
          memo[at + 5] = k1;
          memo[at + 6] = k2;
          memo[at + 7] = s0;
          memo[at + 8] = s1;
          memo[at + 9] = s2;
        }
        r0 |= memo[at + 7]!;
        r1 |= memo[at + 8]!;
        r2 |= memo[at + 9]!;
      }
      t0 |= r0 & free0;
      t1 |= r1 & free1;
      t2 |= r2 & free2;
    }
  }
  out[0] = t0;
  out[1] = t1;
  out[2] = t2;
}

/**
 * The cells of the pieces of the side to move that have a capture, in cell order, as the last
 * evaluation of `capturersOf` found them (the first capturerCount entries): quiescence lists the
 * captures of the position it has just evaluated, and need look at no other piece.
 */
export const CAPTURERS = new Int8Array(NUM_CELLS);
let capturersOf: St3dPosition | undefined;
let capturerCount = 0;

/** Note that CAPTURERS holds `count` pieces of `pos`. */
export function noteCapturers(pos: St3dPosition, count: number): void {
  capturersOf = pos;
  capturerCount = count;
}

/** How many of CAPTURERS are of `pos`, or -1 when they were noted for another position. */
export const capturersIn = (pos: St3dPosition): number => (pos === capturersOf ? capturerCount : -1);
