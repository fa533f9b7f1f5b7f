// Set-up positions (a game started from a position text): the checks every
// variant shares. Each variant adds its own in its validateSetup; the rules a
// set-up must follow are in docs/comforts.md#set-up-positions.
import { colorName, opposite, plural, ROLE_NAMES, ROLES, STANDARD_SET, type Color, COLORS } from './types.ts';
import { EMPTY, handIndex, KING, pieceCode } from './piece-codes.ts';

/** What the shared checks read: any position with a board of piece codes, hands and a side to move. */
interface SetupBoard {
  readonly board: Int8Array;
  readonly hands: Int8Array;
  readonly turn: Color;
}

/**
 * More pieces of a kind than one set holds, board and hand together, or a side without its king.
 * No variant promotes pawns, so a second queen can never come from a pawn: the set is the limit.
 */
export function setCountProblem(pos: SetupBoard, where: string): string | undefined {
  for (const color of COLORS)
    for (const role of ROLES) {
      const code = pieceCode(color, role);
      const total = pos.board.reduce((n, c) => n + (c === code ? 1 : 0), 0) + pos.hands[handIndex(color, role)]!;
      if (total > STANDARD_SET[role])
        return `${colorName(color)} has ${plural(total, ROLE_NAMES[role])} ${where} and in hand; a set has ${STANDARD_SET[role]} (no variant promotes pawns)`;
      if (role === 'K' && total === 0) return `${colorName(color)} has no king, ${where} or in hand`;
    }
  return undefined;
}

/**
 * Kings placed in turn, `first` first, and nothing else on the board before both are: with
 * both kings in hand `first` is to move; with one, its owner is.
 * `describe` names the piece on a cell, like "rook on Ab1".
 */
export function kingOrderProblem(pos: SetupBoard, first: Color, where: string, describe: (cell: number) => string): string | undefined {
  const second = opposite(first);
  const firstInHand = pos.hands[handIndex(first, 'K')]! > 0;
  const secondInHand = pos.hands[handIndex(second, 'K')]! > 0;
  if (!firstInHand && !secondInHand) return undefined;
  if (firstInHand && secondInHand && pos.turn !== first)
    return `${colorName(first)} places its king first: ${colorName(second)} cannot be to move while both kings are in hand`;
  if (firstInHand && !secondInHand)
    return `${colorName(first)} places its king first: ${colorName(second)}'s king cannot stand while ${colorName(first)}'s is in hand`;
  if (!firstInHand && pos.turn !== second) return `${colorName(second)} still has to place its king, so ${colorName(second)} must be to move`;
  const other = pos.board.findIndex((c) => c !== EMPTY && (c & 7) !== KING);
  if (other >= 0) return `the ${describe(other)} stands ${where} before both kings are placed`;
  return undefined;
}

/** The side that has just moved may not have left its king attacked. */
export function notToMoveInCheck(pos: SetupBoard, kingCell: string, attacker: string): string {
  return `the ${opposite(pos.turn)} king on ${kingCell} is attacked by the ${attacker}, but ${colorName(pos.turn)} is to move`;
}
