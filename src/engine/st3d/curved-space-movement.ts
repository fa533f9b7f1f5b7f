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
const LEVEL_DIRS = [
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

// writeTargets' output while it runs (module state, not closures: it runs at every node of a search).
let OUT: Int16Array = new Int16Array(0);
let N = 0;
/** Whether cells must be marked as listed (a piece that also moves through the worm-hole). */
let MARK = false;
/** Only cells holding an enemy piece are written (captures). */
let CAPTURES_ONLY = false;

function put(to: number): void {
  if (MARK) {
    if (seen[to] === stamp) return;
    seen[to] = stamp;
  }
  OUT[N++] = to;
}

/** An empty target: written unless only captures are. */
function putEmpty(to: number): void {
  if (!CAPTURES_ONLY) put(to);
}

const isEnemy = (board: Int8Array, to: number, own: number) => board[to] !== EMPTY && (board[to]! & BLACK_BIT) !== own;

/** A target that may be empty or hold an enemy piece (a capture). */
function putOpen(board: Int8Array, to: number, own: number): void {
  if (board[to] === EMPTY) putEmpty(to);
  else if ((board[to]! & BLACK_BIT) !== own) put(to);
}

/**
 * The cells the piece on `from` may move to (own king safety not checked), each once, written
 * into `out` from index `n` on (it must have room for NUM_CELLS more); returns the index after
 * the last. With `capturesOnly`, only the cells holding an enemy piece, in the same order.
 */
export function writeTargets(board: Int8Array, wh: Wormhole, from: number, out: Int16Array, n: number, capturesOnly = false): number {
  stamp++;
  OUT = out;
  N = n;
  CAPTURES_ONLY = capturesOnly;
  const code = board[from]!;
  const role = code & 7;
  const own = code & BLACK_BIT;
  // Level moves never repeat a cell (distinct rays and leaps): only a piece that also moves
  // through the worm-hole needs them marked, to list each cell once.
  const through = wh.isWormholeCell(from);
  MARK = through;
  if (isFixed(from)) {
    const base = from & ~15;
    const rays = LEVEL_RAYS[from & 15]!;
    if (role === PAWN) {
      for (let d = 0; d < 4; d++) if (rays[d]!.length && board[base + rays[d]![0]!] === EMPTY) putEmpty(base + rays[d]![0]!);
      for (let d = 4; d < 8; d++) if (rays[d]!.length && isEnemy(board, base + rays[d]![0]!, own)) put(base + rays[d]![0]!);
    } else if (role === KNIGHT) {
      const leaps = LEVEL_KNIGHT[from & 15]!;
      for (let i = 0; i < leaps.length; i++) putOpen(board, base + leaps[i]!, own);
    } else {
      const dirs = role === KING ? ALL_DIRS : SLIDE_DIRS[role]!;
      for (let k = 0; k < dirs.length; k++) {
        const ray = rays[dirs[k]!]!;
        for (let i = 0; i < ray.length; i++) {
          const to = base + ray[i]!;
          putOpen(board, to, own);
          if (board[to] !== EMPTY || role === KING) break;
        }
      }
    }
  }
  if (through) {
    MARK = true;
    if (role === PAWN) {
      const orth = wh.stepTargets(from, 0);
      for (let i = 0; i < orth.length; i++) if (board[orth[i]!] === EMPTY) putEmpty(orth[i]!);
      const diag = wh.stepTargets(from, 1);
      for (let i = 0; i < diag.length; i++) if (isEnemy(board, diag[i]!, own)) put(diag[i]!);
    } else if (role === KNIGHT || role === KING) {
      const kinds = role === KNIGHT ? KNIGHT_STEPS : KING_STEPS;
      for (let k = 0; k < kinds.length; k++) {
        const steps = wh.stepTargets(from, kinds[k]!);
        for (let i = 0; i < steps.length; i++) putOpen(board, steps[i]!, own);
      }
    } else {
      const turns = SLIDE_TURNS[role]!;
      for (let k = 0; k < turns.length; k++) {
        const { cells, ends } = wh.slideTree(from, turns[k]!);
        for (let i = 0; i < cells.length; ) {
          const to = cells[i]!;
          if (board[to] === EMPTY) {
            putEmpty(to);
            i++;
          } else {
            if ((board[to]! & BLACK_BIT) !== own) put(to);
            i = ends[i]!; // the slide stops here on this branch
          }
        }
      }
    }
  }
  return N;
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
  const rays = LEVEL_RAYS[cell & 15]!;
  for (const d of ALL_DIRS) {
    const ray = rays[d]!;
    for (let i = 0; i < ray.length; i++) {
      const c = base + ray[i]!;
      const code = board[c]!;
      if (code === EMPTY) continue;
      if ((code & BLACK_BIT) === by) {
        const role = code & 7;
        if (role === QUEEN || role === (d < 4 ? ROOK : BISHOP) || (i === 0 && (role === KING || (role === PAWN && d >= 4)))) return c;
      }
      break;
    }
  }
  for (const local of LEVEL_KNIGHT[cell & 15]!) if (board[base + local] === KNIGHT + by) return base + local;
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
  const king = findKing(pos, color);
  if (king < 0) return -1;
  const by = colorBit(opposite(color));
  const byLevel = levelAttacker(pos.board, king, by);
  return byLevel >= 0 ? byLevel : wormholeAttacker(pos.board, wormholeOf(pos), king, by);
}

/** The king of `color` is on the field and attacked. */
export const kingAttacked = (pos: St3dPosition, color: Color): boolean => kingAttacker(pos, color) >= 0;

const platformCells = (pin: number) => [0, 1, 2, 3].map((local) => platformCell(pin, local & 1, local >> 1));
export const isEmptyPlatform = (board: Int8Array, pin: number) => platformCells(pin).every((c) => board[c] === EMPTY);
