// Curved Space (rules.md section 4): numbered platforms placed, kings placed,
// then drops and piece moves. How pieces move: curved-space-movement.ts; why a
// turn is illegal: curved-space-explain.ts.
import { drawOutcome, err, ok, opposite, ROLES, winOutcome, type Result, variantTitle } from '../types.ts';
import { DOWN, isFixed, NO_PLATFORM, NUM_CELLS, NUM_PINS, UP } from './field.ts';
import { handsWithStandardSets } from './first-contact.ts';
import { dropMove, pieceMove, placeMove, sameMove, unlike, type PlatformShift, type St3dMove } from './move.ts';
import { BLACK_BIT, colorBit, EMPTY, handIndex, KING, pieceCode } from '../piece-codes.ts';
import { clonePosition, emptyPosition, findKing, kingCell, kingInHand, OWN_LEVEL, unplacedNumbers, type St3dPosition } from './position.ts';
import { makeSt3dVariant } from './variant.ts';
import { wormhole, type Wormhole } from './wormhole.ts';
import {
  isAttacked,
  isEmptyPlatform,
  kingAttacked,
  kingAttacker,
  LEVEL_RAYS,
  levelAttacker,
  writeTargets,
  TURNS,
  wormholeAttacker,
  wormholeOf,
} from './curved-space-movement.ts';
import { explain } from './curved-space-explain.ts';
import { CAPTURERS, capturersIn, noteCapturers, targetWords } from './curved-space-words.ts';
import { BLACK_OCCUPIED, markOccupied, OCCUPIED } from './occupancy.ts';
import { foreignFieldProblem, openingPhaseProblem, platformNumbers } from './setup.ts';

export interface CurvedSpaceOptions {
  /** How many numbered platforms, 1..12. */
  readonly platforms: number;
  /** 'after-capture': a capture may be followed by moving an empty platform. */
  readonly platformMoves: 'fixed' | 'after-capture';
}

function parseOptions(input: unknown): Result<CurvedSpaceOptions> {
  const options = { platforms: 4, platformMoves: 'fixed' as CurvedSpaceOptions['platformMoves'] };
  if (input === undefined || input === null) return ok(options);
  if (typeof input !== 'object' || Array.isArray(input))
    return err('options', 'Curved Space options must be a JSON object like {"platforms": 4, "platformMoves": "fixed"}');
  for (const [key, value] of Object.entries(input)) {
    if (key === 'platforms') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > NUM_PINS)
        return err('options', `option platforms must be a whole number from 1 to 12, got ${JSON.stringify(value)}`);
      options.platforms = value;
    } else if (key === 'platformMoves') {
      if (value !== 'fixed' && value !== 'after-capture')
        return err('options', `option platformMoves must be "fixed" or "after-capture", got ${JSON.stringify(value)}`);
      options.platformMoves = value;
    } else return err('options', `unknown Curved Space option "${key}" (known: platforms, platformMoves)`);
  }
  return ok(options);
}

function initial(options: CurvedSpaceOptions): St3dPosition {
  const pos = clonePosition(emptyPosition());
  handsWithStandardSets(pos);
  for (let n = 1; n <= options.platforms; n++) pos.unplaced |= 1 << n;
  pos.afterCapture = options.platformMoves === 'after-capture';
  return pos;
}

function phase(pos: St3dPosition): string {
  if (pos.unplaced) return 'platforms';
  if (kingInHand(pos, pos.turn)) return 'kings';
  return 'play';
}

// ---- legal turns ----------------------------------------------------------------

function placements(pos: St3dPosition): St3dMove[] {
  const moves: St3dMove[] = [];
  for (const number of unplacedNumbers(pos.unplaced))
    for (let pin = 0; pin < NUM_PINS; pin++) if (pos.platforms[pin] === NO_PLATFORM) moves.push(placeMove(pin, true, number), placeMove(pin, false, number));
  return moves;
}

/** Platform moves that may follow a capture: the board is the one after the capture. */
function shiftsAfterCapture(pos: St3dPosition, boardAfter: Int8Array): PlatformShift[] {
  const shifts: PlatformShift[] = [];
  for (let from = 0; from < NUM_PINS; from++) {
    if (pos.platforms[from] === NO_PLATFORM || !isEmptyPlatform(boardAfter, from)) continue;
    shifts.push({ from, to: from, up: pos.platforms[from] !== UP });
    for (let to = 0; to < NUM_PINS; to++) if (pos.platforms[to] === NO_PLATFORM) shifts.push({ from, to, up: true }, { from, to, up: false });
  }
  return shifts;
}

/** The board legalMoves tries turns on: one for every call (none is nested). */
const SCRATCH = new Int8Array(NUM_CELLS);
/** SCRATCH four cells a word: a word of four empty cells is passed over at once. */
const SCRATCH_WORDS = new Int32Array(SCRATCH.buffer);

/**
 * The legal turns; with `firstOnly`, stop at the first one found (enough to tell mate from check);
 * with `like`, only those like that candidate.
 */
function legalMoves(pos: St3dPosition, firstOnly = false, like?: St3dMove): St3dMove[] {
  if (pos.unplaced) return placements(pos);
  const mover = pos.turn;
  const enemy = opposite(mover);
  const board = SCRATCH; // moves are tried on it and undone, never on pos
  board.set(pos.board);
  const ownLevel = OWN_LEVEL[mover] * 16;
  const moves: St3dMove[] = [];
  if (kingInHand(pos, mover)) {
    // With no enemy piece on the field (the first king) nothing is attacked: no worm-hole needed.
    const wh = board.some((code) => code !== EMPTY && (code & BLACK_BIT) !== colorBit(mover)) ? wormholeOf(pos) : undefined;
    for (let to = ownLevel; to < ownLevel + 16 && !unlike(like, 'drop'); to++)
      if (board[to] === EMPTY && (!wh || !isAttacked(board, wh, to, enemy))) moves.push(dropMove('K', to));
    return moves;
  }
  const wh = wormholeOf(pos);
  const king = findKing(pos, mover);
  const safe = () => king < 0 || !isAttacked(board, wh, king, enemy);
  const inCheck = king >= 0 && kingAttacked(pos, mover); // as !safe(), but memoised
  // In check, whether a drop blocks depends on its cell alone (any own piece blocks alike): per
  // cell of the level, 0 not yet tried, 1 it blocks, 2 it does not.
  if (inCheck) DROP_BLOCKS.fill(0);
  const hand = mover === 'black' ? 6 : 0;
  for (let r = 0; r < ROLES.length; r++) {
    if (pos.hands[hand + r] === 0 || unlike(like, 'drop')) continue;
    const role = ROLES[r]!;
    for (let to = ownLevel; to < ownLevel + 16; to++) {
      if (board[to] !== EMPTY) continue;
      // A drop can only block; it matters only when in check.
      if (inCheck) {
        if (DROP_BLOCKS[to & 15] === 0) {
          board[to] = pieceCode(mover, role);
          DROP_BLOCKS[to & 15] = safe() ? 1 : 2;
          board[to] = EMPTY;
        }
        if (DROP_BLOCKS[to & 15] === 2) continue;
      }
      moves.push((DROP_TURNS[r * NUM_CELLS + to] ??= dropMove(role, to)));
    }
    if (firstOnly && moves.length) return moves;
  }
  const own = colorBit(mover);
  // Reading one turn (`like`) tests its few moves directly rather than marking the lines first.
  const side = mover === 'white' ? 0 : 1;
  const lines = inCheck || king < 0 || like ? 0 : markKingLines(wh, king, side);
  const kingLine = onKingLine[side]!;
  let shifted: Map<number, Wormhole> | undefined; // worm-holes after each platform shift, for this call
  const targets = TARGETS; // one piece's at a time (nothing below lists targets)
  // Like a piece move: only its piece is looked at; like any other turn: none.
  const first = like === undefined ? 0 : like.kind === 'move' ? like.from : NUM_CELLS;
  const end = like === undefined ? NUM_CELLS : first + 1;
  for (let from = first; from < end; from++) {
    if ((from & 3) === 0 && SCRATCH_WORDS[from >> 2] === 0) {
      from += 3;
      continue;
    }
    const code = board[from]!;
    if (code === EMPTY || (code & BLACK_BIT) !== own || unlike(like, 'move', from)) continue;
    const count = writeTargets(board, wh, from, targets, 0);
    // Not in check, a piece off every line to its king cannot expose it.
    const mustTest = !lines || from === king || kingLine[from] === lines;
    for (let i = 0; i < count; i++) {
      const to = targets[i]!;
      if (unlike(like, 'move', from, to)) continue;
      const captured = board[to]!;
      const compound = pos.afterCapture && captured !== EMPTY;
      if (!mustTest && !compound) {
        moves.push(pieceMove(from, to));
        continue;
      }
      board[to] = code;
      board[from] = EMPTY;
      const kingAt = from === king ? to : king;
      const byLevel = kingAt >= 0 && levelAttacker(board, kingAt, colorBit(enemy)) >= 0;
      const legal = kingAt < 0 || (!byLevel && wormholeAttacker(board, wh, kingAt, colorBit(enemy)) < 0);
      if (legal) moves.push(pieceMove(from, to));
      // The platform move changes only the worm-hole (the platform moved is
      // empty, so the board stays as it is after the capture): judge the
      // whole turn with the worm-hole after it.
      if (compound)
        for (const platform of shiftsAfterCapture(pos, board)) {
          let ok = !byLevel;
          if (ok && kingAt >= 0 && wh.isWormholeCell(kingAt)) {
            const key = (platform.from * NUM_PINS + platform.to) * 2 + (platform.up ? 1 : 0);
            shifted ??= new Map();
            let after = shifted.get(key);
            if (!after) shifted.set(key, (after = shiftedWormhole(pos, platform)));
            ok = wormholeAttacker(board, after, kingAt, colorBit(enemy)) < 0;
          }
          if (ok) moves.push({ kind: 'move', from, to, platform });
        }
      board[from] = code;
      board[to] = captured;
      if (firstOnly && moves.length) return moves;
    }
  }
  return moves;
}

/**
 * The legal captures (turns of kind 'move' onto an occupied cell), bare (without the platform
 * move the after-capture option adds), in legalMoves' order: the search's quiescence step,
 * without listing the quiet turns.
 */
export function curvedSpaceCaptures(pos: St3dPosition): St3dMove[] {
  if (pos.unplaced || kingInHand(pos, pos.turn)) return [];
  let count = capturersIn(pos);
  if (count < 0) count = findCapturers(pos);
  return count === 0 ? [] : capturesOfCapturers(pos, count);
}

const WORDS = new Int32Array(3);

/** CAPTURERS of `pos` found without its evaluation (its side to move's target words against the enemy's pieces); returns how many. */
function findCapturers(pos: St3dPosition): number {
  const board = pos.board;
  const wh = wormholeOf(pos);
  markOccupied(board);
  const black = pos.turn === 'black';
  let count = 0;
  for (let word = 0; word < 3; word++) {
    const own = black ? BLACK_OCCUPIED[word]! : OCCUPIED[word]! & ~BLACK_OCCUPIED[word]!;
    for (let bits = own; bits !== 0; bits &= bits - 1) {
      const cell = (word << 5) | (31 - Math.clz32(bits & -bits));
      targetWords(board, wh, cell, OCCUPIED, BLACK_OCCUPIED, WORDS);
      const b0 = BLACK_OCCUPIED[0]!;
      const b1 = BLACK_OCCUPIED[1]!;
      const b2 = BLACK_OCCUPIED[2]!;
      const enemies = black
        ? (WORDS[0]! & OCCUPIED[0]! & ~b0) | (WORDS[1]! & OCCUPIED[1]! & ~b1) | (WORDS[2]! & OCCUPIED[2]! & ~b2)
        : (WORDS[0]! & b0) | (WORDS[1]! & b1) | (WORDS[2]! & b2);
      if (enemies !== 0) CAPTURERS[count++] = cell;
    }
  }
  noteCapturers(pos, count);
  return count;
}

/**
 * legalMoves' captures when the evaluation of `pos` has just found which pieces of the side to
 * move have one (CAPTURERS, `count` of them): the same turns in the same order, the other pieces
 * passed over unread, and the board copied only when a turn is tried.
 */
function capturesOfCapturers(pos: St3dPosition, count: number): St3dMove[] {
  const mover = pos.turn;
  const by = colorBit(opposite(mover));
  const read = pos.board;
  const board = SCRATCH;
  let copied = false;
  const wh = wormholeOf(pos);
  const king = findKing(pos, mover);
  const inCheck = king >= 0 && kingAttacked(pos, mover);
  const side = mover === 'white' ? 0 : 1;
  const lines = inCheck || king < 0 ? 0 : markKingLines(wh, king, side);
  const kingLine = onKingLine[side]!;
  const targets = TARGETS;
  const moves: St3dMove[] = [];
  for (let k = 0; k < count; k++) {
    const from = CAPTURERS[k]!;
    const code = read[from]!;
    const n = writeTargets(read, wh, from, targets, 0, true);
    const mustTest = !lines || from === king || kingLine[from] === lines || pos.afterCapture;
    for (let i = 0; i < n; i++) {
      const to = targets[i]!;
      if (!mustTest) {
        moves.push(pieceMove(from, to));
        continue;
      }
      if (!copied) {
        board.set(read);
        copied = true;
      }
      const captured = board[to]!;
      board[to] = code;
      board[from] = EMPTY;
      const kingAt = from === king ? to : king;
      if (kingAt < 0 || (levelAttacker(board, kingAt, by) < 0 && wormholeAttacker(board, wh, kingAt, by) < 0)) moves.push(pieceMove(from, to));
      board[from] = code;
      board[to] = captured;
    }
  }
  return moves;
}

/** The board curvedSpaceGivesCheck tries a turn on. */
const CHECK_BOARD = new Int8Array(NUM_CELLS);

/**
 * Whether `move` (legal in `pos`) attacks the opponent's king: isCheck of the position after it,
 * without making that position. A drop or a piece move without a platform move leaves the
 * platforms, so the worm-hole, as they are: it is tried on a scratch board, and the king looked at
 * as kingAttacker does (a drop only when it could reach the king at all: the opponent's king is
 * not in check before it, in a legal position). Any other turn is played (`play`) and the position asked.
 */
export function curvedSpaceGivesCheck(pos: St3dPosition, move: St3dMove, play: (pos: St3dPosition, move: St3dMove) => St3dPosition): boolean {
  if (move.kind !== 'drop' && (move.kind !== 'move' || move.platform)) return kingAttacked(play(pos, move), opposite(pos.turn));
  if (move.kind === 'drop') {
    // A drop opens no line: it checks only if the dropped piece reaches the king, by a level
    // move (the king on its level) or through the worm-hole (both on worm-hole cells).
    const king = kingCell(pos.board, pos.turn === 'white' ? KING + BLACK_BIT : KING);
    if (king < 0) return false;
    const wh = wormholeOf(pos);
    if (!(isFixed(king) && king >> 4 === move.to >> 4) && !(wh.isWormholeCell(move.to) && wh.isWormholeCell(king))) return false;
  }
  const board = CHECK_BOARD;
  board.set(pos.board);
  if (move.kind === 'drop') board[move.to] = pieceCode(pos.turn, move.role);
  else {
    board[move.to] = board[move.from]!;
    board[move.from] = EMPTY;
  }
  const king = kingCell(board, pos.turn === 'white' ? KING + BLACK_BIT : KING);
  if (king < 0) return false;
  const by = colorBit(pos.turn);
  return levelAttacker(board, king, by) >= 0 || wormholeAttacker(board, wormholeOf(pos), king, by) >= 0;
}

/**
 * findLegal for a drop (the search's hash and killer turns): out of check, with the king on the
 * field, a drop is legal when its role is in hand and its cell an empty one of the mover's level
 * (as legalMoves lists them); otherwise it is looked for among the legal turns.
 */
export function curvedSpaceLegalDrop(pos: St3dPosition, drop: St3dMove & { kind: 'drop' }): St3dMove | undefined {
  const mover = pos.turn;
  if (pos.unplaced || kingInHand(pos, mover) || kingAttacked(pos, mover)) return legalMoves(pos, false, drop).find((m) => sameMove(m, drop));
  const level = OWN_LEVEL[mover] * 16;
  const legal = pos.hands[handIndex(mover, drop.role)]! > 0 && drop.to >= level && drop.to < level + 16 && pos.board[drop.to] === EMPTY;
  return legal ? drop : undefined;
}

/** dropMove's turns by role index (ROLES, handIndex order) and cell, fetched once. */
const DROP_TURNS: (St3dMove | undefined)[] = new Array(ROLES.length * NUM_CELLS).fill(undefined);

/** legalMoves' scratch in check: whether a drop on each cell of the level blocks. */
const DROP_BLOCKS = new Uint8Array(16);

/** legalMoves' scratch: the targets of the piece it is at. */
const TARGETS = new Int16Array(NUM_CELLS);

/**
 * Per side (White's, Black's): `onKingLine[side][cell] === n`, the cell is on a line of that side's
 * king marked by the n-th markKingLines call. One entry a side: the sides list turns in turn.
 */
const onKingLine = [new Int32Array(NUM_CELLS), new Int32Array(NUM_CELLS)];
let kingLinesMarked = 0;
const linesMark = [0, 0];
const linesKing = [-1, -1];
const linesWormhole: (Wormhole | undefined)[] = [undefined, undefined];

/** Mark the cells on the lines through which a slider could reach `king` (level rays and worm-hole paths); returns the mark. */
function markKingLines(wh: Wormhole, king: number, side: number): number {
  // The lines depend on the king's cell and the worm-hole alone: marked for the side's last call, still marked.
  if (king === linesKing[side] && wh === linesWormhole[side]) return linesMark[side]!;
  linesKing[side] = king;
  linesWormhole[side] = wh;
  const mark = ++kingLinesMarked;
  linesMark[side] = mark;
  const map = onKingLine[side]!;
  if (isFixed(king)) for (const ray of LEVEL_RAYS[king & 15]!) for (const local of ray) map[(king & ~15) + local] = mark;
  if (wh.isWormholeCell(king)) for (const turn of TURNS) for (const c of wh.slideTree(king, turn).cells) map[c] = mark;
  return mark;
}

/** The worm-hole after a platform shift. */
function shiftedWormhole(pos: St3dPosition, shift: PlatformShift): Wormhole {
  const platforms = pos.platforms.slice();
  const tags = pos.tags.slice();
  platforms[shift.from] = NO_PLATFORM;
  tags[shift.to] = pos.tags[shift.from]!;
  if (shift.to !== shift.from) tags[shift.from] = 0;
  platforms[shift.to] = shift.up ? UP : DOWN;
  return wormhole(platforms, tags);
}

/** Curved Space's own set-up rules: the platforms numbered 1 to the option's count, and the opening phases in order. */
function setupProblem(pos: St3dPosition, options: CurvedSpaceOptions): string | undefined {
  const foreign = foreignFieldProblem(pos, 'Curved Space', { lock: false, afterCapture: true });
  if (foreign) return foreign;
  const numbers = platformNumbers(pos);
  for (let n = 1; n <= NUM_PINS; n++) {
    const inPlay = (numbers & (1 << n)) !== 0;
    if (inPlay && n > options.platforms)
      return `platform ${n} is not in a game with ${options.platforms} platforms (numbered 1-${options.platforms}); set the option "platforms" to play with more`;
    if (!inPlay && n <= options.platforms)
      return `platform ${n} is neither on the field nor still to place; a game with ${options.platforms} platforms has every number 1-${options.platforms}`;
  }
  return openingPhaseProblem(pos);
}

export const curvedSpace = makeSt3dVariant<CurvedSpaceOptions>({
  name: 'curved-space',
  title: variantTitle('curved-space'),
  tagStyle: 'number',
  unplacedStyle: 'numbers',
  lock: false,
  parseOptions,
  initial,
  // The position text captures every rule it depends on: its after-capture field turns the rule
  // on by itself, and the game option turns it on for a position written without the field.
  withOptions: (pos, options) => ({ ...pos, afterCapture: pos.afterCapture || options.platformMoves === 'after-capture' }),
  phase,
  legalMoves: (pos, like) => legalMoves(pos, false, like),
  isCheck: (pos) => kingAttacked(pos, pos.turn),
  kingAttacker,
  setupProblem,
  outcome(pos) {
    // While platforms or kings are being placed there is always a turn.
    if (pos.unplaced || kingInHand(pos, 'white') || kingInHand(pos, 'black')) return undefined;
    if (legalMoves(pos, true).length > 0) return undefined;
    return kingAttacked(pos, pos.turn) ? winOutcome(opposite(pos.turn), 'checkmate') : drawOutcome('stalemate');
  },
  suffix(pos, _move, next) {
    if (!kingAttacked(next, opposite(pos.turn))) return '';
    return legalMoves(next, true).length === 0 ? '#' : '+';
  },
  explain,
  wormhole: (pos) => wormholeOf(pos).text,
});
