// Search knowledge of the three ST3D variants: keys, move facts, captures; the evaluation is
// st3d-eval.ts's.
import { geometry, NUM_CELLS, NUM_PINS } from '../st3d/field.ts';
import { dropMove, pieceMove, platformMove, type St3dMove } from '../st3d/move.ts';
import { opposite, ROLES } from '../types.ts';
import { EMPTY, handIndex, pieceCode } from '../piece-codes.ts';
import { MAX_PLY } from './search-settings.ts';
import { kingInHand, type St3dPosition } from '../st3d/position.ts';
import { keepKingSafe } from '../st3d/standard.ts';
import { maskedCaptures } from './st3d-captures.ts';
import { warpFactorPieceMove } from './warp-factor-read.ts';
import { attacksKing, checkAfterMove, firstContactWin, forgetReach } from './st3d-checks.ts';
import { curvedSpaceCaptures, curvedSpaceGivesCheck, curvedSpaceLegalDrop } from '../st3d/curved-space.ts';
import { replaceEntry, roleIndex, xorEntry, zobristTable, type Key, type SearchRules } from './rules.ts';
import { capturerNotes, evaluatedCaptureCount, evaluatedCaptures, forgetEvaluated, st3dEvaluation, st3dValues, type St3dVariantName } from './st3d-eval.ts';

// ---- keys ------------------------------------------------------------------------
const BOARD_AT = 0; // cell*16 + code
const PLATFORM_AT = BOARD_AT + NUM_CELLS * 16; // pin*3 + state
const TAG_AT = PLATFORM_AT + NUM_PINS * 3; // pin*13 + tag
const HAND_AT = TAG_AT + NUM_PINS * 13; // index*16 + count
const TURN_AT = HAND_AT + 12 * 16;
const LOCK_AT = TURN_AT + 1; // pin + 1
const UNPLACED_AT = LOCK_AT + NUM_PINS + 1; // bit
const AFTER_CAPTURE_AT = UNPLACED_AT + 16;
const ZOBRIST = zobristTable(AFTER_CAPTURE_AT + 1, 0x5eed3d);

function hash(pos: St3dPosition, key: Key): void {
  key[0] = 0;
  key[1] = 0;
  for (let cell = 0; cell < NUM_CELLS; cell++) xorEntry(key, ZOBRIST, BOARD_AT + cell * 16 + pos.board[cell]!);
  for (let pin = 0; pin < NUM_PINS; pin++) {
    xorEntry(key, ZOBRIST, PLATFORM_AT + pin * 3 + pos.platforms[pin]!);
    xorEntry(key, ZOBRIST, TAG_AT + pin * 13 + pos.tags[pin]!);
  }
  for (let i = 0; i < 12; i++) xorEntry(key, ZOBRIST, HAND_AT + i * 16 + (pos.hands[i]! & 15));
  if (pos.turn === 'black') xorEntry(key, ZOBRIST, TURN_AT);
  xorEntry(key, ZOBRIST, LOCK_AT + pos.lockedPin + 1);
  for (let bit = 0; bit < 16; bit++) if (pos.unplaced & (1 << bit)) xorEntry(key, ZOBRIST, UNPLACED_AT + bit);
  if (pos.afterCapture) xorEntry(key, ZOBRIST, AFTER_CAPTURE_AT);
}

/**
 * Incremental: only the entries that differ between parent and child change the key. A piece
 * move without a platform move changes the board on its two cells only, a drop on its one
 * (applySt3dMove): then only those are compared, and arrays the child shares are skipped.
 */
function rehash(parent: St3dPosition, child: St3dPosition, key: Key, move?: St3dMove): void {
  const kind = move?.kind;
  if (kind === 'move' && !move!.platform) {
    // The two cells' entries out and in (an entry taken out and put back in changes nothing, so
    // no test of whether a cell changed).
    const from = BOARD_AT + move!.from * 16;
    const to = BOARD_AT + move!.to * 16;
    const a = (from + parent.board[move!.from]!) * 2;
    const b = (from + child.board[move!.from]!) * 2;
    const c = (to + parent.board[move!.to]!) * 2;
    const d = (to + child.board[move!.to]!) * 2;
    key[0]! ^= ZOBRIST[a]! ^ ZOBRIST[b]! ^ ZOBRIST[c]! ^ ZOBRIST[d]!;
    key[1]! ^= ZOBRIST[a + 1]! ^ ZOBRIST[b + 1]! ^ ZOBRIST[c + 1]! ^ ZOBRIST[d + 1]!;
    // The search's piece moves share every other array and field but the turn.
    if (
      parent.platforms === child.platforms &&
      parent.hands === child.hands &&
      parent.lockedPin === child.lockedPin &&
      parent.unplaced === child.unplaced &&
      parent.afterCapture === child.afterCapture
    ) {
      if (parent.turn !== child.turn) xorEntry(key, ZOBRIST, TURN_AT);
      return;
    }
  } else if (kind === 'drop') replaceEntry(key, ZOBRIST, BOARD_AT + move!.to * 16, parent.board[move!.to]!, child.board[move!.to]!);
  else if (parent.board !== child.board)
    for (let cell = 0; cell < NUM_CELLS; cell++) replaceEntry(key, ZOBRIST, BOARD_AT + cell * 16, parent.board[cell]!, child.board[cell]!);
  if (parent.platforms !== child.platforms)
    for (let pin = 0; pin < NUM_PINS; pin++) {
      replaceEntry(key, ZOBRIST, PLATFORM_AT + pin * 3, parent.platforms[pin]!, child.platforms[pin]!);
      replaceEntry(key, ZOBRIST, TAG_AT + pin * 13, parent.tags[pin]!, child.tags[pin]!);
    }
  if (parent.hands !== child.hands) for (let i = 0; i < 12; i++) replaceEntry(key, ZOBRIST, HAND_AT + i * 16, parent.hands[i]! & 15, child.hands[i]! & 15);
  if (parent.turn !== child.turn) xorEntry(key, ZOBRIST, TURN_AT);
  replaceEntry(key, ZOBRIST, LOCK_AT + 1, parent.lockedPin, child.lockedPin);
  const unplaced = parent.unplaced ^ child.unplaced;
  if (unplaced) for (let bit = 0; bit < 16; bit++) if (unplaced & (1 << bit)) xorEntry(key, ZOBRIST, UNPLACED_AT + bit);
  if (parent.afterCapture !== child.afterCapture) xorEntry(key, ZOBRIST, AFTER_CAPTURE_AT);
}

// ---- move facts ------------------------------------------------------------------

function moveKey(move: St3dMove): number {
  switch (move.kind) {
    case 'move': {
      const p = move.platform;
      const shift = p ? 1 + (p.from * NUM_PINS + p.to) * 2 + (p.up ? 1 : 0) : 0;
      return ((move.from * NUM_CELLS + move.to) * 300 + shift) * 4;
    }
    case 'drop':
      return (roleIndex(move.role) * NUM_CELLS + move.to) * 4 + 1;
    case 'place':
      return ((move.pin * 2 + (move.up ? 1 : 0)) * 13 + move.number) * 4 + 2;
    case 'platform':
      return ((move.from * NUM_PINS + move.to) * 2 + (move.up ? 1 : 0)) * 4 + 3;
  }
}

// ---- playing in the search ------------------------------------------------------
/** Per ply, the board of the position the search plays into it (one of a ply's positions is in use at a time). */
const PLY_BOARDS = Array.from({ length: MAX_PLY + 2 }, () => new Int8Array(NUM_CELLS));

/**
 * The ST3D variants' play for the search: a piece move without a platform or a drop (applySt3dMove's
 * copies of the board and hands, the turn passed) onto the ply's board, so no board is made per
 * node; other turns played.
 */
function playAt(pos: St3dPosition, move: St3dMove, ply: number, play: (pos: St3dPosition, move: St3dMove) => St3dPosition, reuse: boolean): St3dPosition {
  const { platforms, tags, lockedPin, unplaced, afterCapture } = pos;
  let hands = pos.hands;
  const board = PLY_BOARDS[ply]!;
  if (move.kind === 'move' && !move.platform) {
    board.set(pos.board);
    board[move.to] = board[move.from]!;
    board[move.from] = EMPTY;
  } else if (move.kind === 'drop') {
    board.set(pos.board);
    board[move.to] = pieceCode(pos.turn, move.role);
    hands = hands.slice();
    hands[handIndex(pos.turn, move.role)]!--;
  } else return play(pos, move);
  if (reuse) {
    const kept = PLY_POSITIONS[ply];
    if (kept) {
      forgetEvaluated(kept);
      forgetReach(kept);
      kept.platforms = platforms;
      kept.tags = tags;
      kept.hands = hands;
      kept.turn = opposite(pos.turn);
      kept.lockedPin = lockedPin;
      kept.unplaced = unplaced;
      kept.afterCapture = afterCapture;
      return kept;
    }
    return (PLY_POSITIONS[ply] = { board, platforms, tags, hands, turn: opposite(pos.turn), lockedPin, unplaced, afterCapture });
  }
  return { board, platforms, tags, hands, turn: opposite(pos.turn), lockedPin, unplaced, afterCapture };
}
type Writable<T> = { -readonly [K in keyof T]: T[K] };
/**
 * Warp Factor (`reuse`): per ply, the position object played into it, written again for the next
 * (no object made per node). What the evaluation (its noted captures) and the check test (its
 * reach) noted about it by its identity is forgotten first; every other memo goes by key or array.
 */
const PLY_POSITIONS: (Writable<St3dPosition> | undefined)[] = new Array(MAX_PLY + 2).fill(undefined);

// ---- captures and First Contact's winning turns ------------------------------------
const NO_CAPTURES: St3dMove[] = [];
/** Legal captures by ordinary piece movement (First Contact, Warp Factor: warps never capture), asked out of check only. */
function standardCaptures(pos: St3dPosition, lock: boolean): St3dMove[] {
  // None met by the evaluation of this position: one shared empty list (the search only reads it).
  if (evaluatedCaptureCount(pos) === 0) return NO_CAPTURES;
  const captures: St3dMove[] = [];
  if (!evaluatedCaptures(pos, captures)) maskedCaptures(pos, geometry(pos.platforms), captures);
  return keepKingSafe(pos, captures, lock, false, -1);
}

/** The turn moveKey gives `key`, as a candidate (not known to be legal anywhere), or undefined. */
function moveOfKey(key: number): St3dMove | undefined {
  if (!(key >= 0) || key % 1 !== 0) return undefined;
  const tag = key % 4;
  const v = (key - tag) / 4;
  switch (tag) {
    case 0: {
      const shift = v % 300;
      const cells = (v - shift) / 300;
      const from = Math.floor(cells / NUM_CELLS);
      const to = cells % NUM_CELLS;
      if (from >= NUM_CELLS) return undefined;
      if (!shift) return pieceMove(from, to);
      const s = shift - 1;
      const pins = s >> 1;
      return { kind: 'move', from, to, platform: { from: Math.floor(pins / NUM_PINS), to: pins % NUM_PINS, up: (s & 1) === 1 } };
    }
    case 1: {
      const role = ROLES[Math.floor(v / NUM_CELLS)];
      return role ? dropMove(role, v % NUM_CELLS) : undefined;
    }
    case 2: {
      const number = v % 13;
      const pinUp = (v - number) / 13;
      return pinUp < NUM_PINS * 2 ? { kind: 'place', pin: pinUp >> 1, up: (pinUp & 1) === 1, number } : undefined;
    }
    default: {
      const pins = v >> 1;
      return pins < NUM_PINS * NUM_PINS ? platformMove(Math.floor(pins / NUM_PINS), pins % NUM_PINS, (v & 1) === 1) : undefined;
    }
  }
}

export function st3dSearchRules(
  name: St3dVariantName,
  play: (pos: St3dPosition, move: St3dMove) => St3dPosition,
  findLegal?: (pos: St3dPosition, candidate: St3dMove) => St3dMove | undefined,
): SearchRules<St3dPosition, St3dMove> {
  const values = st3dValues(name);
  return {
    hash,
    rehash,
    evaluate: st3dEvaluation(name),
    ...(name === 'curved-space' ? {} : { evaluationNotes: capturerNotes }),
    victim: (pos, move) => (move.kind === 'move' ? values[pos.board[move.to]! & 7]! : 0),
    attacker: (pos, move) => (move.kind === 'move' ? values[pos.board[move.from]! & 7]! : 0),
    moveKey,
    playAt: (pos: St3dPosition, move: St3dMove, ply: number) => playAt(pos, move, ply, play, name === 'warp-factor'),
    isDrop: (move) => move.kind === 'drop',
    ...(findLegal
      ? {
          legalByKey: (pos: St3dPosition, key: number) => {
            const candidate = moveOfKey(key);
            const found =
              candidate &&
              (name === 'warp-factor' && candidate.kind === 'move' && !candidate.platform
                ? warpFactorPieceMove(pos, candidate.from, candidate.to)
                : name === 'curved-space' && candidate.kind === 'drop'
                  ? curvedSpaceLegalDrop(pos, candidate)
                  : findLegal(pos, candidate));
            return found && moveKey(found) === key ? found : undefined;
          },
        }
      : {}),
    captures:
      name === 'curved-space'
        ? // A capture followed by a platform's move (the after-capture option) counts once, bare: its
          // dozen platform moves change no material, and over six plies of captures they made the
          // quiescence search explode (a position with a few captures took minutes at level 2).
          // Only the captures are listed (not every legal turn filtered down to them).
          (pos) => curvedSpaceCaptures(pos)
        : (pos) => standardCaptures(pos, name === 'first-contact'),
    // The same lists, in legalMoves' order: First Contact and Warp Factor list piece moves (captures
    // among them) before warps and platform moves, keepKingSafe judging each turn on its own; Curved
    // Space's captures are its legal turns onto occupied cells, save under the after-capture option
    // (there a capture may be legal only with a platform move). Not while placing platforms or a king.
    firstCaptures: (pos) =>
      pos.unplaced || kingInHand(pos, pos.turn)
        ? undefined
        : name === 'curved-space'
          ? pos.afterCapture
            ? undefined
            : curvedSpaceCaptures(pos)
          : standardCaptures(pos, name === 'first-contact'),
    // Curved Space's pieces move by their own rules: its turn is tried on a scratch board (or played).
    givesCheck:
      name === 'curved-space'
        ? (pos: St3dPosition, move: St3dMove) => curvedSpaceGivesCheck(pos, move, play)
        : (pos: St3dPosition, move: St3dMove) => attacksKing(pos, move, play),
    // Warp Factor: whether a turn checks, read from the turn (every node asked isCheck).
    ...(name === 'warp-factor' ? { checkAfter: checkAfterMove } : {}),
    // First Contact: a check wins at once.
    // Tried before the own-king test, which then only the checking turns need.
    ...(name === 'first-contact'
      ? {
          winningTurn: (pos: St3dPosition) => firstContactWin(pos, play),
          // The same question with the opponent to move (the position as if this side passed).
          threatened: (pos: St3dPosition) => firstContactWin({ ...pos, turn: pos.turn === 'white' ? 'black' : 'white' }, play) !== undefined,
          pass: (pos: St3dPosition): St3dPosition => ({ ...pos, turn: pos.turn === 'white' ? 'black' : 'white' }),
        }
      : {}),
  };
}
