// Warp Factor's hash and killer turns read for the search (legalByKey, asked out of check): a piece
// move is checked against its piece's own movement and warps, and its king safety alone, where the
// variant's findLegal lists all the mover's turns first (pseudoMoves) to find it among them.
import { geometry, isFixed, NO_PLATFORM, NUM_CELLS, pinOf, platformLocal } from '../st3d/field.ts';
import { pieceMove, type St3dMove } from '../st3d/move.ts';
import { BLACK_BIT, EMPTY, KING } from '../piece-codes.ts';
import type { St3dPosition } from '../st3d/position.ts';
import { keepKingSafe, writePieceTargets } from '../st3d/standard.ts';

/** The piece's targets (writePieceTargets' scratch: no list emptied and grown again per call). */
const TARGETS = new Int16Array(NUM_CELLS);
const ONE: St3dMove[] = [];

/**
 * The legal turn `from`-`to` of a piece (no platform with it) in `pos`, not in check, or undefined:
 * the answer of warpFactor.findLegal for that candidate (the same shared turn object).
 */
export function warpFactorPieceMove(pos: St3dPosition, from: number, to: number): St3dMove | undefined {
  const board = pos.board;
  const code = board[from]!;
  if (code === EMPTY || (code & BLACK_BIT) !== (pos.turn === 'black' ? BLACK_BIT : 0) || from === to) return undefined;
  // A warp: a piece other than the king to the same-named vacant cell of another fixed level or platform.
  let reached =
    (code & 7) !== KING &&
    board[to] === EMPTY &&
    (isFixed(from)
      ? isFixed(to) && (to & 15) === (from & 15)
      : !isFixed(to) && platformLocal(to) === platformLocal(from) && pos.platforms[pinOf(to)] !== NO_PLATFORM);
  if (!reached) {
    const n = writePieceTargets(board, geometry(pos.platforms), from, TARGETS);
    for (let i = 0; i < n && !reached; i++) reached = TARGETS[i] === to;
  }
  if (!reached) return undefined;
  ONE[0] = pieceMove(from, to);
  ONE.length = 1;
  return keepKingSafe(pos, ONE, false, false, -1).length ? ONE[0] : undefined;
}
