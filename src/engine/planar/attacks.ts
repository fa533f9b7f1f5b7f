// Planar Chess attacks: which piece attacks which cell, inside its plane, on a bare
// board (positions build on this, not the other way round).
import type { Color } from '../types.ts';
import { BISHOP, BLACK_BIT, colorBit, EMPTY, KING, KNIGHT, PAWN, pieceCode, QUEEN, ROOK } from '../piece-codes.ts';
import { NUM_CELLS as CUBE_CELLS, REL_ADJ, REL_DIAG, REL_KNIGHT, REL_ORTHO, RELATION as CUBE_RELATION, STEP as CUBE_STEP } from './cube.ts';

// Module-local aliases: hot loops read these rather than imported bindings.
const NUM_CELLS: number = CUBE_CELLS;
const RELATION: Uint8Array = CUBE_RELATION;
const STEP: Int8Array = CUBE_STEP;

export const findKing = (board: Int8Array, color: Color): number => board.indexOf(pieceCode(color, 'K'));

/** Does the piece `code` with orientation `o` on `from` attack `to` on this board? */
export function attacks(board: Int8Array, code: number, o: number, from: number, to: number): boolean {
  const i = (from * 3 + o) * NUM_CELLS + to;
  const rel = RELATION[i]!;
  if (rel === 0) return false;
  switch (code & 7) {
    case KING:
      return (rel & REL_ADJ) !== 0;
    case PAWN:
      return (rel & REL_ADJ) !== 0 && (rel & REL_DIAG) !== 0;
    case KNIGHT:
      return (rel & REL_KNIGHT) !== 0;
    case ROOK:
      if (!(rel & REL_ORTHO)) return false;
      break;
    case BISHOP:
      if (!(rel & REL_DIAG)) return false;
      break;
    case QUEEN:
      if (!(rel & (REL_ORTHO | REL_DIAG))) return false;
      break;
    default:
      return false;
  }
  return blocker(board, from, to, STEP[i]!) < 0;
}

/** First occupied cell strictly between from and to along `step`, or -1. */
export function blocker(board: Int8Array, from: number, to: number, step: number): number {
  for (let c = from + step; c !== to; c += step) if (board[c] !== EMPTY) return c;
  return -1;
}

/**
 * Per target cell, the cells from which a piece in some orientation could attack it on an empty
 * board (RELATION not 0), in ascending order: attackerOf looks nowhere else.
 */
const NEAR: readonly Int8Array[] = Array.from({ length: NUM_CELLS }, (_, target) => {
  const cells: number[] = [];
  for (let c = 0; c < NUM_CELLS; c++)
    if (RELATION[c * 3 * NUM_CELLS + target] || RELATION[(c * 3 + 1) * NUM_CELLS + target] || RELATION[(c * 3 + 2) * NUM_CELLS + target]) cells.push(c);
  return Int8Array.from(cells);
});

/** A cell holding a piece of `by` that attacks `target`, or -1 (the lowest such cell). */
export function attackerOf(board: Int8Array, orient: Int8Array, target: number, by: Color): number {
  const bit = colorBit(by);
  const near = target >= 0 && target < NUM_CELLS ? NEAR[target] : undefined;
  if (near)
    for (let i = 0; i < near.length; i++) {
      const c = near[i]!;
      const code = board[c]!;
      if (code === EMPTY || (code & BLACK_BIT) !== bit) continue;
      if (attacks(board, code, orient[c]!, c, target)) return c;
    }
  else
    for (let c = 0; c < NUM_CELLS; c++) {
      const code = board[c]!;
      if (code === EMPTY || (code & BLACK_BIT) !== bit) continue;
      if (attacks(board, code, orient[c]!, c, target)) return c;
    }
  return -1;
}

/**
 * Per (king, cell) pair, king * 64 + cell: the cells beyond `cell` on the straight line from the
 * king through it, nearest first, -1 padded (a line in the 4-cell cube has at most two beyond);
 * none where no plane holds the line.
 */
const BEYOND = new Int8Array(NUM_CELLS * NUM_CELLS * 2).fill(-1);
for (let king = 0; king < NUM_CELLS; king++)
  for (let cell = 0; cell < NUM_CELLS; cell++)
    for (let o = 0; o < 3; o++) {
      const i = (king * 3 + o) * NUM_CELLS + cell;
      if (!(RELATION[i]! & (REL_ORTHO | REL_DIAG))) continue;
      // Walk on while the cell stays on the king's line in this plane (the same step from the king).
      let at = (king * NUM_CELLS + cell) * 2;
      for (let c = cell + STEP[i]!; c >= 0 && c < NUM_CELLS; c += STEP[i]!) {
        const j = (king * 3 + o) * NUM_CELLS + c;
        if (!(RELATION[j]! & (REL_ORTHO | REL_DIAG)) || STEP[j] !== STEP[i]) break;
        BEYOND[at++] = c;
      }
    }

/**
 * After a turn that moved the piece now on `to` (from `from`, or -1 for a piece dropped or turned
 * there), does its side attack `king`? Before the turn it did not (the position was legal), so only
 * that piece can, or a slider behind `from` on a line to the king (a discovered attack).
 */
export function attacksAfterTurn(board: Int8Array, orient: Int8Array, from: number, to: number, king: number): boolean {
  if (king < 0) return false;
  const code = board[to]!;
  if (attacks(board, code, orient[to]!, to, king)) return true;
  if (from < 0) return false;
  const at = (king * NUM_CELLS + from) * 2;
  for (let k = at; k < at + 2; k++) {
    const c = BEYOND[k]!;
    if (c < 0) return false;
    const piece = board[c]!;
    if (piece === EMPTY) continue;
    return (piece & BLACK_BIT) === (code & BLACK_BIT) && attacks(board, piece, orient[c]!, c, king);
  }
  return false;
}

/**
 * Would moving our piece from `from` to `to` (not the king's move) leave `king` attacked by a piece
 * that did not attack it before? Only by opening a line: the first piece beyond `from` on the king's
 * line through it, an enemy slider reaching the king along that line once `from` is empty (a pin),
 * unless the move captures it or lands on that line between it and the king.
 */
export function moveOpensLine(board: Int8Array, orient: Int8Array, king: number, from: number, to: number): boolean {
  const at = (king * NUM_CELLS + from) * 2;
  let c = BEYOND[at]!;
  if (c === to) return false;
  if (c >= 0 && board[c] === EMPTY) {
    c = BEYOND[at + 1]!;
    if (c === to) return false;
  }
  if (c < 0 || board[c] === EMPTY) return false;
  const code = board[c]!;
  if ((code & BLACK_BIT) === (board[king]! & BLACK_BIT)) return false;
  const i = (c * 3 + orient[c]!) * NUM_CELLS + king;
  const rel = RELATION[i]!;
  const role = code & 7;
  const line = role === ROOK ? rel & REL_ORTHO : role === BISHOP ? rel & REL_DIAG : role === QUEEN ? rel & (REL_ORTHO | REL_DIAG) : 0;
  if (!line) return false;
  const step = STEP[i]!;
  for (let x = from + step; x !== king; x += step) if (x === to || board[x] !== EMPTY) return false;
  return true;
}

/**
 * The piece checking `king` (attacked by `by`): its cell when it is the only one, -2 when there are
 * more, -1 when none. `between` is set to 1 on the cells strictly between a lone checking slider
 * and the king (where a piece blocks it), 0 elsewhere.
 */
export function checkerOf(board: Int8Array, orient: Int8Array, king: number, by: Color, between: Uint8Array): number {
  between.fill(0);
  const bit = colorBit(by);
  const near = NEAR[king]!;
  let checker = -1;
  for (let i = 0; i < near.length; i++) {
    const c = near[i]!;
    const code = board[c]!;
    if (code === EMPTY || (code & BLACK_BIT) !== bit || !attacks(board, code, orient[c]!, c, king)) continue;
    if (checker >= 0) return -2;
    checker = c;
  }
  if (checker >= 0) {
    const i = (checker * 3 + orient[checker]!) * NUM_CELLS + king;
    const step = STEP[i]!;
    const role = board[checker]! & 7;
    if (step !== 0 && (role === ROOK || role === BISHOP || role === QUEEN)) for (let x = checker + step; x !== king; x += step) between[x] = 1;
  }
  return checker;
}

/** pinnersOf's answer: one for every call (the generator, its only caller, is never nested). */
const PINNERS = new Int8Array(NUM_CELLS);

/**
 * Per cell, the enemy slider whose line to `king` (in the slider's plane) is blocked only by
 * the piece on that cell, or -1. Out of check, moving a non-king piece exposes the king exactly
 * when it leaves such a line: every other attack is unchanged by the move.
 */
export function pinnersOf(board: Int8Array, orient: Int8Array, king: number, ourBit: number): Int8Array {
  const pinners = PINNERS.fill(-1);
  for (let s = 0; s < NUM_CELLS; s++) {
    const code = board[s]!;
    if (code === EMPTY || (code & BLACK_BIT) === ourBit) continue;
    const role = code & 7;
    if (role !== ROOK && role !== BISHOP && role !== QUEEN) continue;
    const i = (s * 3 + orient[s]!) * NUM_CELLS + king;
    const rel = RELATION[i]!;
    if (!(rel & (role === ROOK ? REL_ORTHO : role === BISHOP ? REL_DIAG : REL_ORTHO | REL_DIAG))) continue;
    const step = STEP[i]!;
    const first = blocker(board, s, king, step);
    if (first >= 0 && blocker(board, first, king, step) < 0) pinners[first] = s;
  }
  return pinners;
}

/** Is `to` the pinner's cell or strictly between it and the king on their line? */
export function staysOnLine(orient: Int8Array, pinner: number, king: number, to: number): boolean {
  if (to === pinner) return true;
  const step = STEP[(pinner * 3 + orient[pinner]!) * NUM_CELLS + king]!;
  for (let c = pinner + step; c !== king; c += step) if (c === to) return true;
  return false;
}
