// Why a Planar Chess turn is illegal, in players' terms.
import { colorName, opposite, ROLE_NAMES, type Color } from '../types.ts';
import { colorOf, EMPTY, handIndex, KING, KNIGHT, PAWN, pieceCode, QUEEN, roleOf, ROOK, BISHOP } from '../piece-codes.ts';
import { attackerOf, attacks, blocker, findKing } from './attacks.ts';
import { cellName, NUM_CELLS, ORIENTATIONS, orientationIndex, REL_ADJ, REL_DIAG, REL_KNIGHT, REL_ORTHO, RELATION, STEP } from './cube.ts';
import { describe, placingKings, type PlanarMove, type PlanarPosition } from './position.ts';

/** By role code: the relation (cube.ts) a piece needs to its target, and why not when it lacks it. */
const REACH: Record<number, readonly [number, string]> = {
  [KING]: [REL_ADJ, 'a king steps to an adjacent cell'],
  [QUEEN]: [REL_ORTHO | REL_DIAG, 'it is not on an orthogonal or diagonal line'],
  [ROOK]: [REL_ORTHO, 'it is not on an orthogonal line'],
  [BISHOP]: [REL_DIAG, 'it is not on a diagonal line'],
  [KNIGHT]: [REL_KNIGHT, "it is not a knight's leap away"],
  [PAWN]: [REL_ADJ, 'a pawn steps to an adjacent cell'],
};

/** The own king's exposure after a board change, as a reason, or undefined. */
function exposure(board: Int8Array, orient: Int8Array, king: number, us: Color): string | undefined {
  const by = attackerOf(board, orient, king, opposite(us));
  if (by < 0) return undefined;
  return `it would leave your king on ${cellName(king)} attacked by the ${ROLE_NAMES[roleOf(board[by]!)]} on ${cellName(by)}`;
}

/** Undefined when `move` is legal in pos, else the reason in players' terms. */
export function whyIllegal(pos: PlanarPosition, move: PlanarMove): string | undefined {
  const us = pos.turn;
  const them = opposite(us);
  const board = pos.board;
  const placing = placingKings(pos);
  const theirKing = findKing(board, them);

  if (move.kind === 'drop') {
    const { role, to } = move;
    const o = orientationIndex(move.orientation);
    const name = ROLE_NAMES[role];
    if (placing && role !== 'K') return `kings must be placed first: ${colorName(us)} still has to place the king`;
    if (pos.hands[handIndex(us, role)]! === 0) return `no ${name} in hand`;
    if (board[to] !== EMPTY) return `${cellName(to)} is occupied`;
    const code = pieceCode(us, role);
    if (theirKing >= 0 && attacks(board, code, o, to, theirKing))
      return `a ${name} ${role === 'K' ? 'placed' : 'dropped'} there would attack the ${them} king on ${cellName(theirKing)}`;
    const after = board.slice();
    after[to] = code;
    if (role === 'K') {
      const by = attackerOf(after, pos.orient, to, them);
      if (by >= 0) return `a king placed there would be attacked by the ${describe(pos, by)}`;
      return undefined;
    }
    return exposure(after, pos.orient, findKing(board, us), us);
  }

  if (placing) return `kings must be placed first: ${colorName(us)} still has to place the king`;
  const cell = move.kind === 'move' ? move.from : move.cell;
  const code = board[cell]!;
  if (code === EMPTY) return `no piece on ${cellName(cell)}`;
  if (colorOf(code) !== us) return `the piece on ${cellName(cell)} is ${colorName(them)}'s`;
  const o = pos.orient[cell]!;
  const ourKing = findKing(board, us);

  if (move.kind === 'orient') {
    if (ORIENTATIONS[o] === move.orientation) return `the ${describe(pos, cell)} is already oriented ${move.orientation}`;
    return exposure(board, pos.orient, ourKing, us);
  }

  const { from, to } = move;
  const piece = `the ${describe(pos, from)} (plane ${ORIENTATIONS[o]})`;
  if (from === to) return `a move must go to another cell`;
  const target = board[to]!;
  if (target !== EMPTY && colorOf(target) === us) return `${cellName(to)} is occupied by your own ${ROLE_NAMES[roleOf(target)]}`;
  const i = (from * 3 + o) * NUM_CELLS + to;
  const rel = RELATION[i]!;
  if (rel === 0) return `${piece} cannot reach ${cellName(to)}: it is not in its plane`;
  const role = code & 7;
  const cannot = (why: string) => `${piece} cannot reach ${cellName(to)}: ${why}`;
  const [needs, otherwise] = REACH[role]!;
  if (!(rel & needs)) return cannot(otherwise);
  if (role === PAWN) {
    if (rel & REL_ORTHO && target !== EMPTY) return cannot(`a pawn captures only diagonally`);
    if (rel & REL_DIAG && target === EMPTY) return cannot(`a pawn steps diagonally only to capture`);
  }
  if (role === ROOK || role === BISHOP || role === QUEEN) {
    const b = blocker(board, from, to, STEP[i]!);
    if (b >= 0) return `the ${describe(pos, from)} is blocked by ${cellName(b)}`;
  }
  const after = board.slice();
  const afterO = pos.orient.slice();
  after[to] = code;
  afterO[to] = o;
  after[from] = EMPTY;
  afterO[from] = 0;
  return exposure(after, afterO, role === KING ? to : ourKing, us);
}
