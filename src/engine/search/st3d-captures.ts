// First Contact's and Warp Factor's captures for the search (quiescence and the staged first
// turn), in pieceCaptures' order (standard.ts): a pawn, king or knight is looked at only when its
// step masks meet an enemy piece (most meet none), a slider along its lines to the first piece.
import { MAX_LEAPS, NUM_CELLS, NUM_DIRS, type Geometry } from '../st3d/field.ts';
import { pieceMove, type St3dMove } from '../st3d/move.ts';
import { BLACK_BIT, EMPTY, KING, KNIGHT, PAWN } from '../piece-codes.ts';
import type { St3dPosition } from '../st3d/position.ts';
import { BLACK_OCCUPIED, markOccupied, OCCUPIED } from '../st3d/occupancy.ts';
import { LIVE_SLIDE_FROM, LIVE_SLIDE_TO, LIVE_STEP_FROM, LIVE_STEP_TO } from '../st3d/standard.ts';
import { CAPTURE, KING_STEP, LEAP, MASK_WORDS, stepMasks } from './st3d-step-masks.ts';

/** The captures of the side to move by ordinary piece movement (no king safety), appended to `out`. */
export function maskedCaptures(pos: St3dPosition, geo: Geometry, out: St3dMove[]): void {
  const board = pos.board;
  const black = pos.turn === 'black';
  const own = black ? BLACK_BIT : 0;
  markOccupied(board);
  const masks = stepMasks(geo);
  const enemy0 = black ? OCCUPIED[0]! & ~BLACK_OCCUPIED[0]! : BLACK_OCCUPIED[0]!;
  const enemy1 = black ? OCCUPIED[1]! & ~BLACK_OCCUPIED[1]! : BLACK_OCCUPIED[1]!;
  const enemy2 = black ? OCCUPIED[2]! & ~BLACK_OCCUPIED[2]! : BLACK_OCCUPIED[2]!;
  const { next, liveTo, liveDir, liveAt } = geo;
  for (let word = 0; word < 3; word++) {
    const mine = black ? BLACK_OCCUPIED[word]! : OCCUPIED[word]! & ~BLACK_OCCUPIED[word]!;
    for (let bits = mine; bits !== 0; bits &= bits - 1) {
      const from = (word << 5) | (31 - Math.clz32(bits & -bits));
      const role = board[from]! & 7;
      const base = from * NUM_DIRS;
      const at = from * 4;
      if (role === PAWN || role === KNIGHT || role === KING) {
        const m = from * MASK_WORDS + (role === PAWN ? CAPTURE : role === KING ? KING_STEP : LEAP);
        if (((masks[m]! & enemy0) | (masks[m + 1]! & enemy1) | (masks[m + 2]! & enemy2)) === 0) continue;
        if (role === KNIGHT) {
          const table = geo.knightTo;
          for (let i = from * MAX_LEAPS, end = i + MAX_LEAPS; i < end; i++) {
            const to = table[i]!;
            if (to < 0) break;
            if (board[to] !== EMPTY && (board[to]! & BLACK_BIT) !== own) out.push(pieceMove(from, to));
          }
          continue;
        }
      }
      // A pawn captures along directions 6-17; a king, queen or bishop steps along its step range.
      const stepFrom = role === PAWN ? liveAt[at + 1]! : liveAt[at + LIVE_STEP_FROM[role]!]!;
      for (let i = base + stepFrom, end = base + liveAt[at + (role === PAWN ? 3 : LIVE_STEP_TO[role]!)]!; i < end; i++) {
        const to = liveTo[i]!;
        if (board[to] !== EMPTY && (board[to]! & BLACK_BIT) !== own) out.push(pieceMove(from, to));
      }
      for (let i = base + liveAt[at + LIVE_SLIDE_FROM[role]!]!, end = base + liveAt[at + LIVE_SLIDE_TO[role]!]!; i < end; i++) {
        const d = liveDir[i]!;
        let to = liveTo[i]!;
        while (to >= 0 && board[to] === EMPTY) to = next[to * NUM_DIRS + d]!;
        if (to >= 0 && (board[to]! & BLACK_BIT) !== own) out.push(pieceMove(from, to));
      }
    }
  }
}

/**
 * The captures of the piece on `cell` (by ordinary movement) as from * NUM_CELLS + to, in its
 * targets' order (pieceCaptures'), written into `out` from `count` on; returns the new count.
 */
export function captureCells(board: Int8Array, geo: Geometry, cell: number, out: Int32Array, count: number): number {
  const code = board[cell]!;
  const role = code & 7;
  const own = code & BLACK_BIT;
  let n = count;
  if (role === KNIGHT) {
    const table = geo.knightTo;
    for (let i = cell * MAX_LEAPS, end = i + MAX_LEAPS; i < end; i++) {
      const to = table[i]!;
      if (to < 0) break;
      if (board[to] !== EMPTY && (board[to]! & BLACK_BIT) !== own) out[n++] = cell * NUM_CELLS + to;
    }
    return n;
  }
  // A pawn captures along directions 6-17 (its pushes are onto empty cells), a king along any, a
  // queen or bishop steps along 10-17; then a slider's lines, each to its first piece.
  const { next, liveTo, liveDir, liveAt } = geo;
  const base = cell * NUM_DIRS;
  const at = cell * 4;
  const stepFrom = role === PAWN ? liveAt[at + 1]! : liveAt[at + LIVE_STEP_FROM[role]!]!;
  for (let i = base + stepFrom, end = base + liveAt[at + (role === PAWN ? 3 : LIVE_STEP_TO[role]!)]!; i < end; i++) {
    const to = liveTo[i]!;
    if (board[to] !== EMPTY && (board[to]! & BLACK_BIT) !== own) out[n++] = cell * NUM_CELLS + to;
  }
  for (let i = base + liveAt[at + LIVE_SLIDE_FROM[role]!]!, end = base + liveAt[at + LIVE_SLIDE_TO[role]!]!; i < end; i++) {
    const d = liveDir[i]!;
    let to = liveTo[i]!;
    while (to >= 0 && board[to] === EMPTY) to = next[to * NUM_DIRS + d]!;
    if (to >= 0 && (board[to]! & BLACK_BIT) !== own) out[n++] = cell * NUM_CELLS + to;
  }
  return n;
}
