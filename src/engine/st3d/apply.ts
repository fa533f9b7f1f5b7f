// Applying a turn to an ST3D position: shared by every ST3D variant.
import { opposite } from '../types.ts';
import { DOWN, NO_PLATFORM, platformCell, UP } from './field.ts';
import type { PlatformShift, St3dMove } from './move.ts';
import { EMPTY, handIndex, pieceCode } from '../piece-codes.ts';
import { copyBoard, type St3dPosition } from './position.ts';

/** Move or flip a platform in place, with whatever stands on it. */
export function shiftPlatform(board: Int8Array, platforms: Int8Array, tags: Int8Array, shift: PlatformShift): void {
  if (shift.to !== shift.from) {
    // Whatever stands on the platform travels with it (same local cell).
    for (let local = 0; local < 4; local++) {
      const fromCell = platformCell(shift.from, local & 1, local >> 1);
      board[platformCell(shift.to, local & 1, local >> 1)] = board[fromCell]!;
      board[fromCell] = EMPTY;
    }
    tags[shift.to] = tags[shift.from]!;
    tags[shift.from] = 0;
    platforms[shift.from] = NO_PLATFORM;
  }
  platforms[shift.to] = shift.up ? UP : DOWN;
}

/**
 * The position after `move`; `lock` = the variant tracks First Contact's "moved last" lock.
 * Copy-on-write: positions are immutable, so the next one shares every array the turn leaves as
 * it is (a piece move copies only the board). Platforms and tags are copied together.
 */
export function applySt3dMove(pos: St3dPosition, move: St3dMove, lock: boolean): St3dPosition {
  let { board, platforms, tags, hands, lockedPin, unplaced } = pos;
  switch (move.kind) {
    case 'move':
      board = copyBoard(board);
      board[move.to] = board[move.from]!;
      board[move.from] = EMPTY;
      if (move.platform) {
        platforms = platforms.slice();
        tags = tags.slice();
        shiftPlatform(board, platforms, tags, move.platform);
        if (lock) lockedPin = move.platform.to;
      }
      break;
    case 'drop':
      board = copyBoard(board);
      board[move.to] = pieceCode(pos.turn, move.role);
      hands = hands.slice();
      hands[handIndex(pos.turn, move.role)]!--;
      break;
    case 'place': {
      platforms = platforms.slice();
      tags = tags.slice();
      platforms[move.pin] = move.up ? UP : DOWN;
      tags[move.pin] = move.number;
      // Anonymous platforms (First Contact) take the highest unplaced bit, so the
      // remaining ones are always 1..n and the text form's count reads back the same.
      const bit = move.number ? 1 << move.number : 1 << (31 - Math.clz32(unplaced));
      unplaced &= ~bit;
      break;
    }
    case 'platform':
      board = copyBoard(board);
      platforms = platforms.slice();
      tags = tags.slice();
      shiftPlatform(board, platforms, tags, move);
      if (lock) lockedPin = move.to;
      break;
  }
  return { board, platforms, tags, hands, turn: opposite(pos.turn), lockedPin, unplaced, afterCapture: pos.afterCapture };
}
