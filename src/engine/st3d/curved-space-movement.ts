// How pieces move and attack in Curved Space (rules.md section 4): on their
// 4x4 level as in ordinary chess, or through the worm-hole (wormhole.ts) from a
// centre or platform cell.
import { KNIGHT_LEAPS, opposite, type Color } from '../types.ts';
import { isFixed, NUM_CELLS, platformCell } from './field.ts';
import { BISHOP, BLACK_BIT, colorBit, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK } from '../piece-codes.ts';
import { findKing, type St3dPosition } from './position.ts';
import { CLOCKWISE, COUNTER_CLOCKWISE, SAME, wormhole, type Turn, type Wormhole } from './wormhole.ts';

// Consecutive positions share their platform arrays until a platform moves (applySt3dMove), and
// positions are never written: the same arrays are the same worm-hole, without building its key.
let last: { platforms: Int8Array; tags: Int8Array; wormhole: Wormhole } | undefined;
export function wormholeOf(pos: St3dPosition): Wormhole {
  if (last?.platforms === pos.platforms && last.tags === pos.tags) return last.wormhole;
  last = { platforms: pos.platforms, tags: pos.tags, wormhole: wormhole(pos.platforms, pos.tags) };
  return last.wormhole;
}

// ---- level moves: ordinary chess on one 4x4 level ------------------------------
// Local index = rank0*4 + file0. Directions 0-3 orthogonal, 4-7 diagonal.
export const LEVEL_DIRS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
] as const;
export const LEVEL_RAYS: readonly (readonly (readonly number[])[])[] = Array.from({ length: 16 }, (_, local) =>
  LEVEL_DIRS.map(([df, dr]) => {
    const ray: number[] = [];
    for (let f = (local & 3) + df, r = (local >> 2) + dr; f >= 0 && f < 4 && r >= 0 && r < 4; f += df, r += dr) ray.push(r * 4 + f);
    return ray;
  }),
);
const LEVEL_KNIGHT: readonly (readonly number[])[] = Array.from({ length: 16 }, (_, local) => {
  const leaps: number[] = [];
  for (const [df, dr] of KNIGHT_LEAPS) {
    const f = (local & 3) + df;
    const r = (local >> 2) + dr;
    if (f >= 0 && f < 4 && r >= 0 && r < 4) leaps.push(r * 4 + f);
  }
  return leaps;
});
// The same rays and leaps in flat arrays for the walks made at every node: ray (local, d) is
// RAY_CELLS[(local * 8 + d) * 3 ...], RAY_LENGTH[local * 8 + d] long; the leaps from `local` are
// KNIGHT_CELLS[local * 8 ...], KNIGHT_COUNT[local] of them.
const RAY_CELLS = new Int8Array(16 * 8 * 3);
const RAY_LENGTH = new Uint8Array(16 * 8);
const KNIGHT_CELLS = new Int8Array(16 * 8);
const KNIGHT_COUNT = new Uint8Array(16);
for (let local = 0; local < 16; local++) {
  for (let d = 0; d < 8; d++) {
    const ray = LEVEL_RAYS[local]![d]!;
    RAY_LENGTH[local * 8 + d] = ray.length;
    RAY_CELLS.set(ray, (local * 8 + d) * 3);
  }
  KNIGHT_COUNT[local] = LEVEL_KNIGHT[local]!.length;
  KNIGHT_CELLS.set(LEVEL_KNIGHT[local]!, local * 8);
}
/** The level directions of each role's moves (ALL_DIRS, SLIDE_DIRS) as a range, by role code. */
const LEVEL_DIR_FROM = new Int8Array([0, 0, 0, 0, 4, 0, 0]);
const LEVEL_DIR_TO = new Int8Array([0, 8, 8, 4, 8, 0, 0]);
const ORTHO = [0, 1, 2, 3];
const DIAG = [4, 5, 6, 7];
export const ALL_DIRS = [...ORTHO, ...DIAG];
export const SLIDE_DIRS: Record<number, readonly number[]> = { [ROOK]: ORTHO, [BISHOP]: DIAG, [QUEEN]: ALL_DIRS };
/** Every way a worm-hole slide turns. */
export const TURNS = [SAME, CLOCKWISE, COUNTER_CLOCKWISE] as const;
export const SLIDE_TURNS: Record<number, readonly Turn[]> = { [ROOK]: [SAME], [BISHOP]: [CLOCKWISE, COUNTER_CLOCKWISE], [QUEEN]: TURNS };

// ---- pseudo-legal targets -------------------------------------------------------
// Several paths (and a centre piece's level and worm-hole moves) may reach the
// same cell: one turn. `seen[cell] === stamp` marks targets already listed.
const seen = new Int32Array(NUM_CELLS);
let stamp = 0;

const isEnemy = (board: Int8Array, to: number, own: number) => board[to] !== EMPTY && (board[to]! & BLACK_BIT) !== own;

/**
 * The cells the piece on `from` may move to (own king safety not checked), each once, written
 * into `out` from index `n` on (it must have room for NUM_CELLS more); returns the index after
 * the last. With `capturesOnly`, only the cells holding an enemy piece, in the same order.
 * Written out with locals (it runs for every piece at every node): a target is "open" when empty
 * (written unless only captures are) or holding an enemy piece (written).
 */
export function writeTargets(board: Int8Array, wh: Wormhole, from: number, out: Int16Array, n: number, capturesOnly = false): number {
  const mark = ++stamp;
  const code = board[from]!;
  const role = code & 7;
  const own = code & BLACK_BIT;
  // Level moves never repeat a cell (distinct rays and leaps): only a piece that also moves
  // through the worm-hole marks them, so that its worm-hole moves list each cell once.
  const through = wh.isWormholeCell(from);
  if (isFixed(from)) {
    const base = from & ~15;
    const local = from & 15;
    const rays = local * 8;
    if (role === PAWN) {
      if (!capturesOnly)
        for (let d = 0; d < 4; d++) {
          const to = base + RAY_CELLS[(rays + d) * 3]!;
          if (RAY_LENGTH[rays + d] && board[to] === EMPTY) {
            if (through) seen[to] = mark;
            out[n++] = to;
          }
        }
      for (let d = 4; d < 8; d++) {
        const to = base + RAY_CELLS[(rays + d) * 3]!;
        if (RAY_LENGTH[rays + d] && isEnemy(board, to, own)) {
          if (through) seen[to] = mark;
          out[n++] = to;
        }
      }
    } else if (role === KNIGHT) {
      for (let i = local * 8, end = i + KNIGHT_COUNT[local]!; i < end; i++) {
        const to = base + KNIGHT_CELLS[i]!;
        const target = board[to]!;
        if (target === EMPTY ? !capturesOnly : (target & BLACK_BIT) !== own) {
          if (through) seen[to] = mark;
          out[n++] = to;
        }
      }
    } else {
      for (let d = LEVEL_DIR_FROM[role]!, end = LEVEL_DIR_TO[role]!; d < end; d++) {
        for (let i = (rays + d) * 3, stop = i + RAY_LENGTH[rays + d]!; i < stop; i++) {
          const to = base + RAY_CELLS[i]!;
          const target = board[to]!;
          if (target === EMPTY ? !capturesOnly : (target & BLACK_BIT) !== own) {
            if (through) seen[to] = mark;
            out[n++] = to;
          }
          if (target !== EMPTY || role === KING) break;
        }
      }
    }
  }
  if (through) {
    // Worm-hole moves may reach a cell twice (or one the level moves listed): each is written once.
    if (role === PAWN) {
      if (!capturesOnly) {
        const orth = wh.stepTargets(from, 0);
        for (let i = 0; i < orth.length; i++) {
          const to = orth[i]!;
          if (board[to] === EMPTY && seen[to] !== mark) {
            seen[to] = mark;
            out[n++] = to;
          }
        }
      }
      const diag = wh.stepTargets(from, 1);
      for (let i = 0; i < diag.length; i++) {
        const to = diag[i]!;
        if (isEnemy(board, to, own) && seen[to] !== mark) {
          seen[to] = mark;
          out[n++] = to;
        }
      }
    } else if (role === KNIGHT || role === KING) {
      const kinds = role === KNIGHT ? KNIGHT_STEPS : KING_STEPS;
      for (let k = 0; k < kinds.length; k++) {
        const steps = wh.stepTargets(from, kinds[k]!);
        for (let i = 0; i < steps.length; i++) {
          const to = steps[i]!;
          const target = board[to]!;
          if ((target === EMPTY ? !capturesOnly : (target & BLACK_BIT) !== own) && seen[to] !== mark) {
            seen[to] = mark;
            out[n++] = to;
          }
        }
      }
    } else {
      const turns = SLIDE_TURNS[role]!;
      for (let k = 0; k < turns.length; k++) {
        const { cells, ends } = wh.slideTree(from, turns[k]!);
        for (let i = 0; i < cells.length; ) {
          const to = cells[i]!;
          const target = board[to]!;
          if (target === EMPTY) {
            if (!capturesOnly && seen[to] !== mark) {
              seen[to] = mark;
              out[n++] = to;
            }
            i++;
          } else {
            if ((target & BLACK_BIT) !== own && seen[to] !== mark) {
              seen[to] = mark;
              out[n++] = to;
            }
            i = ends[i]!; // the slide stops here on this branch
          }
        }
      }
    }
  }
  return n;
}

const KNIGHT_STEPS = [2] as const;
const KING_STEPS = [0, 1] as const;

const PIECE_TARGETS = new Int16Array(NUM_CELLS);

/** Cells the piece on `from` may move to (own king safety not checked), pushed onto `out`. */
export function pieceTargets(board: Int8Array, wh: Wormhole, from: number, out: number[]): void {
  const n = writeTargets(board, wh, from, PIECE_TARGETS, 0);
  for (let i = 0; i < n; i++) out.push(PIECE_TARGETS[i]!);
}

// ---- attacks --------------------------------------------------------------------
// Every movement is symmetric (a worm-hole path read backwards is a path of
// the same kind, clockwise becoming counter-clockwise), so attackers are found
// by moving from the attacked cell.

/** A piece of colour bit `by` attacking fixed cell `cell` by a level move, or -1. */
export function levelAttacker(board: Int8Array, cell: number, by: number): number {
  if (!isFixed(cell)) return -1;
  const base = cell & ~15;
  const local = cell & 15;
  for (let d = 0; d < 8; d++) {
    const first = (local * 8 + d) * 3;
    for (let i = first, stop = first + RAY_LENGTH[local * 8 + d]!; i < stop; i++) {
      const c = base + RAY_CELLS[i]!;
      const code = board[c]!;
      if (code === EMPTY) continue;
      if ((code & BLACK_BIT) === by) {
        const role = code & 7;
        if (role === QUEEN || role === (d < 4 ? ROOK : BISHOP) || (i === first && (role === KING || (role === PAWN && d >= 4)))) return c;
      }
      break;
    }
  }
  for (let i = local * 8, end = i + KNIGHT_COUNT[local]!; i < end; i++) if (board[base + KNIGHT_CELLS[i]!] === KNIGHT + by) return base + KNIGHT_CELLS[i]!;
  return -1;
}

/** A piece of colour bit `by` attacking `cell` through the worm-hole, or -1. */
export function wormholeAttacker(board: Int8Array, wh: Wormhole, cell: number, by: number): number {
  if (!wh.isWormholeCell(cell)) return -1;
  for (const turn of TURNS) {
    const slider = turn === SAME ? ROOK + by : BISHOP + by;
    const { cells, ends } = wh.slideTree(cell, turn);
    for (let i = 0; i < cells.length; ) {
      const code = board[cells[i]!]!;
      if (code === EMPTY) i++;
      else {
        if (code === slider || code === QUEEN + by) return cells[i]!;
        i = ends[i]!;
      }
    }
  }
  for (const c of wh.stepTargets(cell, 0)) if (board[c] === KING + by) return c;
  for (const c of wh.stepTargets(cell, 1)) if (board[c] === KING + by || board[c] === PAWN + by) return c;
  for (const c of wh.stepTargets(cell, 2)) if (board[c] === KNIGHT + by) return c;
  return -1;
}

export const isAttacked = (board: Int8Array, wh: Wormhole, cell: number, by: Color) =>
  levelAttacker(board, cell, colorBit(by)) >= 0 || wormholeAttacker(board, wh, cell, colorBit(by)) >= 0;

/** A cell holding a piece that attacks the king of `color`, or -1 (also when the king is in hand). */
export function kingAttacker(pos: St3dPosition, color: Color): number {
  if (pos === memoPos && color === memoColor) return memoAttacker;
  const king = findKing(pos, color);
  const by = colorBit(opposite(color));
  const byLevel = king < 0 ? -1 : levelAttacker(pos.board, king, by);
  memoAttacker = king < 0 || byLevel >= 0 ? byLevel : wormholeAttacker(pos.board, wormholeOf(pos), king, by);
  memoPos = pos;
  memoColor = color;
  return memoAttacker;
}
// One entry, by identity (positions are immutable): the search asks isCheck of a position and
// then lists its turns, which ask again.
let memoPos: St3dPosition | undefined;
let memoColor: Color = 'white';
let memoAttacker = -1;

/** The king of `color` is on the field and attacked. */
export const kingAttacked = (pos: St3dPosition, color: Color): boolean => kingAttacker(pos, color) >= 0;

const platformCells = (pin: number) => [0, 1, 2, 3].map((local) => platformCell(pin, local & 1, local >> 1));
export const isEmptyPlatform = (board: Int8Array, pin: number) => platformCells(pin).every((c) => board[c] === EMPTY);
