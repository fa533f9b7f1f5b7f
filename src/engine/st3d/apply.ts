// Applying a turn to an ST3D position: shared by every ST3D variant.
import { opposite } from '../types.ts';
import { DOWN, NO_PLATFORM, platformCell, UP } from './field.ts';
import type { PlatformShift, St3dMove } from './move.ts';
import { EMPTY, handIndex, pieceCode } from '../piece-codes.ts';
import type { clonePosition, St3dPosition } from './position.ts';

type Mutable = ReturnType<typeof clonePosition>;

function shiftPlatform(next: Mutable, shift: PlatformShift, lock: boolean): void {
  next.platforms = next.platforms.slice();
  next.tags = next.tags.slice();
  if (shift.to !== shift.from) {
    // Whatever stands on the platform travels with it (same local cell).
    for (let local = 0; local < 4; local++) {
      const fromCell = platformCell(shift.from, local & 1, local >> 1);
      next.board[platformCell(shift.to, local & 1, local >> 1)] = next.board[fromCell]!;
      next.board[fromCell] = EMPTY;
    }
    next.tags[shift.to] = next.tags[shift.from]!;
    next.tags[shift.from] = 0;
    next.platforms[shift.from] = NO_PLATFORM;
  }
  next.platforms[shift.to] = shift.up ? UP : DOWN;
  if (lock) next.lockedPin = shift.to;
}

/**
 * The position after `move`; `lock` = the variant tracks First Contact's "moved last" lock.
 * Positions are never written once made, so the next one shares the arrays the move leaves as they are.
 */
export function applySt3dMove(pos: St3dPosition, move: St3dMove, lock: boolean): St3dPosition {
  const next: Mutable = {
    board: pos.board.slice(),
    platforms: pos.platforms,
    tags: pos.tags,
    hands: pos.hands,
    turn: pos.turn,
    lockedPin: pos.lockedPin,
    unplaced: pos.unplaced,
    afterCapture: pos.afterCapture,
  };
  switch (move.kind) {
    case 'move':
      next.board[move.to] = next.board[move.from]!;
      next.board[move.from] = EMPTY;
      if (move.platform) shiftPlatform(next, move.platform, lock);
      break;
    case 'drop':
      next.hands = pos.hands.slice();
      next.board[move.to] = pieceCode(pos.turn, move.role);
      next.hands[handIndex(pos.turn, move.role)]!--;
      break;
    case 'place': {
      next.platforms = pos.platforms.slice();
      next.tags = pos.tags.slice();
      next.platforms[move.pin] = move.up ? UP : DOWN;
      next.tags[move.pin] = move.number;
      // Anonymous platforms (First Contact) take the highest unplaced bit, so the
      // remaining ones are always 1..n and the text form's count reads back the same.
      const bit = move.number ? 1 << move.number : 1 << (31 - Math.clz32(next.unplaced));
      next.unplaced &= ~bit;
      break;
    }
    case 'platform':
      shiftPlatform(next, move, lock);
      break;
  }
  next.turn = opposite(pos.turn);
  return next;
}
