// Warp Factor (rules.md section 3): Franz Joseph's start position, warp
// leaps to same-named vacant cells, owned empty platforms move anywhere.
import { colorName, drawOutcome, opposite, ROLE_NAMES, winOutcome, variantTitle } from '../types.ts';
import { applySt3dMove } from './apply.ts';
import {
  cellName,
  fixedLocal,
  geometry,
  type Geometry,
  isFixed,
  levelOf,
  MAX_LEAPS,
  NO_PLATFORM,
  NUM_CELLS,
  NUM_DIRS,
  NUM_PINS,
  pinName,
  pinOf,
  platformCell,
  platformLocal,
} from './field.ts';
import { pieceMove, platformMove, unlike, type St3dMove } from './move.ts';
import { BLACK_BIT, colorOf, EMPTY, KING, roleOf } from '../piece-codes.ts';
import { findKing, parseSt3dPosition, type St3dPosition } from './position.ts';
import {
  boardAttacker,
  explainKingExposed,
  explainUnreachable,
  keepKingSafe,
  kingAttacked,
  kingAttacker,
  checkEndCells,
  markedPieceMoves,
  pieceMoves,
  pieceTargets,
  writePieceTargets,
} from './standard.ts';
import { foreignFieldProblem } from './setup.ts';
import { hasLegalMove, makeSt3dVariant, noOptions } from './variant.ts';

const WARP_FACTOR_START = '4/4/PPPP/NBBN|4/4/4/4|nbbn/pppp/4/4 Wa1u*w:PP/RQ,Wd1u*w:PP/KR,Ba4u*b:rq/pp,Bd4u*b:kr/pp - w - -';

const START = (() => {
  const parsed = parseSt3dPosition(WARP_FACTOR_START, 'owner', 'count');
  if (!parsed.ok) throw new Error(`Warp Factor start position: ${parsed.error.message}`);
  return parsed.value;
})();

const ownerTag = (pos: St3dPosition) => (pos.turn === 'white' ? 1 : 2);

/**
 * The warps of the piece on `from` to same-named vacant cells on the other fixed levels or the
 * other platforms, except those `ordinary` lists (the same cell by ordinary movement is the same turn).
 */
function addWarps(pos: St3dPosition, from: number, stamp: number, moves: St3dMove[], onto: Int32Array | undefined): void {
  if (isFixed(from)) {
    const level = levelOf(from);
    for (let other = 0; other < 3; other++) if (other !== level) addWarp(pos, from, other * 16 + fixedLocal(from), stamp, moves, onto);
  } else {
    const local = platformLocal(from);
    const pin = pinOf(from);
    for (let other = 0; other < NUM_PINS; other++)
      if (other !== pin && pos.platforms[other] !== NO_PLATFORM) addWarp(pos, from, platformCell(other, local & 1, local >> 1), stamp, moves, onto);
  }
}

/** `onto`: undefined, or only onto the cells set there (three words, bit (cell & 31) of word cell >> 5). */
function addWarp(pos: St3dPosition, from: number, to: number, stamp: number, moves: St3dMove[], onto: Int32Array | undefined): void {
  if (pos.board[to] === EMPTY && ordinary[from * NUM_CELLS + to] !== stamp && (onto === undefined || (onto[to >> 5]! >>> to) & 1))
    moves.push(pieceMove(from, to));
}

const isEmptyPlatform = (pos: St3dPosition, pin: number) => {
  for (let local = 0; local < 4; local++) if (pos.board[platformCell(pin, local & 1, local >> 1)] !== EMPTY) return false;
  return true;
};

/** `ordinary[from * NUM_CELLS + to] === ordinaryStamp`: pseudoMoves listed that move by ordinary movement. */
const ordinary = new Int32Array(NUM_CELLS * NUM_CELLS);
let ordinaryStamp = 0;

/** The turns before the own-king test; only those `like` a candidate if given. */
function pseudoMoves(pos: St3dPosition, like?: St3dMove): St3dMove[] {
  const geo = geometry(pos.platforms);
  const moves: St3dMove[] = [];
  const own = pos.turn === 'black' ? BLACK_BIT : 0;
  const stamp = ++ordinaryStamp;
  if (like === undefined) markedPieceMoves(pos, geo, moves, ordinary, stamp);
  else {
    pieceMoves(pos, geo, moves, like);
    for (const m of moves) if (m.kind === 'move') ordinary[m.from * NUM_CELLS + m.to] = stamp;
  }
  for (const from of geo.present) {
    const code = pos.board[from]!;
    if (code !== EMPTY && (code & BLACK_BIT) === own && (code & 7) !== KING && !unlike(like, 'move', from)) addWarps(pos, from, stamp, moves, undefined);
  }
  if (!unlike(like, 'platform')) addPlatformMoves(pos, moves);
  return moves;
}

/** The moves of the mover's empty platforms to the vacant pins. */
function addPlatformMoves(pos: St3dPosition, moves: St3dMove[]): void {
  for (let from = 0; from < NUM_PINS; from++) {
    if (pos.platforms[from] === NO_PLATFORM || pos.tags[from] !== ownerTag(pos) || !isEmptyPlatform(pos, from)) continue;
    for (let to = 0; to < NUM_PINS; to++) {
      if (to === from || pos.platforms[to] !== NO_PLATFORM) continue;
      moves.push(platformMove(from, to, true), platformMove(from, to, false));
    }
  }
}

/** One piece's targets (writePieceTargets' scratch), the cells that may end a check and their words, the pieces that may reach them. */
const TARGETS = new Int16Array(NUM_CELLS);
const END_CELLS = new Int8Array(NUM_CELLS);
const ENDS = new Int32Array(3);
const REACHING = new Int32Array(3);

/**
 * With the king on `king` in check from `checker`: pseudoMoves' turns that keepKingSafe may keep,
 * in its order - the king's moves, other pieces' moves and warps onto the checker or between it
 * and the king (checkEndCells: keepKingSafe passes over the rest untried), and the platform moves
 * (a platform taken away may end the line). Two thirds of the search's lists are in check, and
 * most of their turns would be listed only to be dropped.
 */
function checkCandidates(pos: St3dPosition, geo: Geometry, king: number, checker: number): St3dMove[] {
  const board = pos.board;
  const own = pos.turn === 'black' ? BLACK_BIT : 0;
  const moves: St3dMove[] = [];
  const stamp = ++ordinaryStamp;
  const ends = checkEndCells(board, geo, king, checker, END_CELLS);
  clearThree(ENDS);
  clearThree(REACHING);
  // The pieces a step, a leap or a line (to its first piece) away from an end cell: every piece
  // that may move there is among them (the field's steps and lines go both ways).
  const { next, liveTo, liveDir, liveAt, knightFrom } = geo;
  for (let e = 0; e < ends; e++) {
    const cell = END_CELLS[e]!;
    setBit(ENDS, cell);
    for (let i = cell * NUM_DIRS, end = i + liveAt[cell * 4 + 3]!; i < end; i++) {
      const d = liveDir[i]!;
      let c = liveTo[i]!;
      if (d < 10) while (c >= 0 && board[c] === EMPTY) c = next[c * NUM_DIRS + d]!;
      if (c >= 0) setBit(REACHING, c);
    }
    for (let i = cell * MAX_LEAPS, end = i + MAX_LEAPS; i < end && knightFrom[i]! >= 0; i++) setBit(REACHING, knightFrom[i]!);
  }
  for (const from of geo.present) {
    const code = board[from]!;
    if (code === EMPTY || (code & BLACK_BIT) !== own || (from !== king && ((REACHING[from >> 5]! >>> from) & 1) === 0)) continue;
    const n = writePieceTargets(board, geo, from, TARGETS);
    const at = from * NUM_CELLS;
    for (let i = 0; i < n; i++) {
      const to = TARGETS[i]!;
      if (from === king) moves.push(pieceMove(from, to));
      else if ((ENDS[to >> 5]! >>> to) & 1) {
        ordinary[at + to] = stamp;
        moves.push(pieceMove(from, to));
      }
    }
  }
  // A warp lands on an empty cell: only between the checker and the king.
  if (ends > 1)
    for (const from of geo.present) {
      const code = board[from]!;
      if (code !== EMPTY && (code & BLACK_BIT) === own && from !== king) addWarps(pos, from, stamp, moves, ENDS);
    }
  addPlatformMoves(pos, moves);
  return moves;
}

function clearThree(words: Int32Array): void {
  words[0] = 0;
  words[1] = 0;
  words[2] = 0;
}

function setBit(words: Int32Array, cell: number): void {
  words[cell >> 5]! |= 1 << cell;
}

const keepLegal = (pos: St3dPosition, moves: St3dMove[]) => keepKingSafe(pos, moves, false);
/** Every pseudo-legal turn tried by the own-king test, in check too: legalMoves' answer the long way (tests compare them). */
export const legalMovesInFull = (pos: St3dPosition): St3dMove[] => keepLegal(pos, pseudoMoves(pos));

function legalMoves(pos: St3dPosition): St3dMove[] {
  const king = findKing(pos, pos.turn);
  if (king < 0) return keepLegal(pos, pseudoMoves(pos));
  const geo = geometry(pos.platforms);
  const checker = boardAttacker(pos.board, geo, king, opposite(pos.turn));
  if (checker >= 0) return keepKingSafe(pos, checkCandidates(pos, geo, king, checker), false, false, checker);
  return keepKingSafe(pos, pseudoMoves(pos), false, false, -1);
}
const anyLegal = (pos: St3dPosition) => hasLegalMove(pseudoMoves(pos), (moves) => keepLegal(pos, moves));

function explain(pos: St3dPosition, move: St3dMove): string {
  const mover = pos.turn;
  const exposed = () => explainKingExposed(applySt3dMove(pos, move, false), mover);
  switch (move.kind) {
    case 'place':
      return 'in Warp Factor the platforms start on the field; move one of yours like Wa1u-Na4d';
    case 'drop':
      return 'Warp Factor has no pieces in hand to drop';
    case 'platform': {
      const { from, to } = move;
      if (pos.tags[from] !== ownerTag(pos)) return `the platform on ${pinName(from)} belongs to ${pos.tags[from] === 1 ? 'White' : 'Black'}`;
      if (!isEmptyPlatform(pos, from)) return `the platform on ${pinName(from)} is not empty`;
      if (to === from) return 'a platform moves to another vacant pin; it cannot flip in place';
      if (pos.platforms[to] !== NO_PLATFORM) return `pin ${pinName(to)} already holds a platform`;
      return exposed() ?? 'that platform move is not allowed';
    }
    case 'move': {
      if (move.platform) return 'only Curved Space (platformMoves after-capture) combines a capture with a platform move';
      const code = pos.board[move.from]!;
      const fromName = cellName(move.from, pos.platforms);
      if (code === EMPTY) return `there is no piece on ${fromName}`;
      if (colorOf(code) !== mover) return `the ${ROLE_NAMES[roleOf(code)]} on ${fromName} is ${colorName(colorOf(code))}'s`;
      const geo = geometry(pos.platforms);
      const targets: number[] = [];
      pieceTargets(pos, geo, move.from, targets);
      if (targets.includes(move.to)) return exposed() ?? 'that move is not allowed';
      const sameName = isFixed(move.from)
        ? isFixed(move.to) && fixedLocal(move.to) === fixedLocal(move.from)
        : !isFixed(move.to) && platformLocal(move.to) === platformLocal(move.from);
      if (sameName) {
        if ((code & 7) === KING) return 'the king cannot warp';
        if (pos.board[move.to] !== EMPTY) return `a warp leap must land on a vacant cell; ${cellName(move.to, pos.platforms)} is occupied`;
        return exposed() ?? 'that warp is not allowed';
      }
      return explainUnreachable(pos, geo, move.from, move.to);
    }
  }
}

/** Warp Factor's own set-up rules: everything stands on the field, two platforms each. */
function setupProblem(pos: St3dPosition): string | undefined {
  const foreign = foreignFieldProblem(pos, 'Warp Factor', { lock: false, afterCapture: false });
  if (foreign) return foreign;
  if (pos.unplaced) return 'Warp Factor platforms start on the field: none is left to place (write "-")';
  if (pos.hands.some((n) => n > 0)) return 'Warp Factor has no pieces in hand: every piece stands on the field (write "-" for the hands)';
  const owned = [1, 2].map((owner) => pos.tags.reduce((n, tag, pin) => n + (tag === owner && pos.platforms[pin] !== NO_PLATFORM ? 1 : 0), 0));
  if (owned[0] !== 2 || owned[1] !== 2) return `each side owns two platforms in Warp Factor; here White owns ${owned[0]} and Black ${owned[1]}`;
  return undefined;
}

export const warpFactor = makeSt3dVariant({
  name: 'warp-factor',
  title: variantTitle('warp-factor'),
  tagStyle: 'owner',
  unplacedStyle: 'count',
  lock: false,
  parseOptions: noOptions(variantTitle('warp-factor')),
  initial: () => START,
  phase: () => 'play',
  legalMoves,
  pseudoMoves,
  keepLegal,
  isCheck: (pos) => kingAttacked(pos, pos.turn),
  kingAttacker,
  setupProblem,
  outcome(pos) {
    if (anyLegal(pos)) return undefined;
    return kingAttacked(pos, pos.turn) ? winOutcome(opposite(pos.turn), 'checkmate') : drawOutcome('stalemate');
  },
  suffix(pos, _move, next) {
    if (!kingAttacked(next, opposite(pos.turn))) return '';
    return anyLegal(next) ? '+' : '#';
  },
  explain,
});
