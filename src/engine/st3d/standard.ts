// How pieces move in ST3D space (rules.md sections 1-2): First Contact and Warp
// Factor share this; Curved Space has its own worm-hole movement.
import { ROLE_NAMES, type Color } from '../types.ts';
import {
  cellName,
  cellPoint,
  DIAGONAL_LEVEL,
  geometry,
  scratchGeometry,
  isFixed,
  MAX_LEAPS,
  NUM_CELLS,
  NUM_DIRS,
  NUM_PINS,
  ORTHOGONAL,
  pinOf,
  platformMayReach,
  TRIAGONAL,
  type Geometry,
} from './field.ts';
import { applySt3dMove, shiftPlatform } from './apply.ts';
import { pieceMove, unlike, type St3dMove } from './move.ts';
import { BISHOP, BLACK_BIT, colorBit, EMPTY, KING, KNIGHT, PAWN, QUEEN, roleOf, ROOK } from '../piece-codes.ts';
import { findKing, pieceWord, type St3dPosition } from './position.ts';

// Indexed by role code (KING..PAWN); pawns and knights are handled apart. Slides, for explanations:
const SLIDES: readonly (readonly number[])[] = [[], [], [...ORTHOGONAL, ...DIAGONAL_LEVEL], ORTHOGONAL, DIAGONAL_LEVEL, [], []];
const PAWN_CAPTURES = [...DIAGONAL_LEVEL, ...TRIAGONAL];
// Each role's steps (king: all 18 directions; queen, bishop: triagonal 10-17) and slides (queen:
// 0-9, rook: orthogonal 0-5, bishop: diagonal on the level 6-9) as bounds of the geometry's live
// directions (liveAt: 0, 1, 2, 3 for directions 0, 6, 10 and the end): the walks skip the
// directions that lead nowhere (two thirds of them: the levels lie two apart).
export const LIVE_STEP_FROM = new Int8Array([0, 0, 2, 0, 2, 0, 0]);
export const LIVE_STEP_TO = new Int8Array([0, 3, 3, 0, 3, 0, 0]);
export const LIVE_SLIDE_FROM = new Int8Array([0, 0, 0, 0, 1, 0, 0]);
export const LIVE_SLIDE_TO = new Int8Array([0, 0, 2, 1, 2, 0, 0]);

/** Pseudo-legal targets of the piece on `from` (own king safety not checked). */
export function pieceTargets(pos: St3dPosition, geo: Geometry, from: number, out: number[]): void {
  const n = writePieceTargets(pos.board, geo, from, PIECE_TARGETS);
  for (let i = 0; i < n; i++) out.push(PIECE_TARGETS[i]!);
}

/** pieceTargets' and pieceMoves' scratch: one piece's targets. */
const PIECE_TARGETS = new Int16Array(NUM_CELLS);

/** pieceTargets' cells written into `out` from 0 (room for NUM_CELLS); returns how many. */
export function writePieceTargets(board: Int8Array, geo: Geometry, from: number, out: Int16Array): number {
  const code = board[from]!;
  const role = code & 7;
  const own = code & BLACK_BIT;
  const { next, liveTo, liveDir, liveAt } = geo;
  const base = from * NUM_DIRS;
  const at = from * 4;
  let n = 0;
  if (role === PAWN) {
    for (let i = base, end = base + liveAt[at + 1]!; i < end; i++) if (board[liveTo[i]!] === EMPTY) out[n++] = liveTo[i]!;
    for (let i = base + liveAt[at + 1]!, end = base + liveAt[at + 3]!; i < end; i++) {
      const to = liveTo[i]!;
      if (board[to] !== EMPTY && (board[to]! & BLACK_BIT) !== own) out[n++] = to;
    }
    return n;
  }
  if (role === KNIGHT) {
    const table = geo.knightTo;
    for (let i = from * MAX_LEAPS, end = i + MAX_LEAPS; i < end; i++) {
      const to = table[i]!;
      if (to < 0) break;
      if (board[to] === EMPTY || (board[to]! & BLACK_BIT) !== own) out[n++] = to;
    }
    return n;
  }
  for (let i = base + liveAt[at + LIVE_STEP_FROM[role]!]!, end = base + liveAt[at + LIVE_STEP_TO[role]!]!; i < end; i++) {
    const to = liveTo[i]!;
    if (board[to] === EMPTY || (board[to]! & BLACK_BIT) !== own) out[n++] = to;
  }
  for (let i = base + liveAt[at + LIVE_SLIDE_FROM[role]!]!, end = base + liveAt[at + LIVE_SLIDE_TO[role]!]!; i < end; i++) {
    const d = liveDir[i]!;
    let to = liveTo[i]!;
    while (to >= 0) {
      const target = board[to]!;
      if (target === EMPTY) out[n++] = to;
      else {
        if ((target & BLACK_BIT) !== own) out[n++] = to;
        break;
      }
      to = next[to * NUM_DIRS + d]!;
    }
  }
  return n;
}

/**
 * The captures among pieceMoves' turns, in its order (the search's quiescence step): each own
 * piece's targets on enemy pieces, without listing the rest.
 */
export function pieceCaptures(pos: St3dPosition, geo: Geometry, out: St3dMove[]): void {
  const board = pos.board;
  const own = pos.turn === 'black' ? BLACK_BIT : 0;
  const { next, liveTo, liveDir, liveAt } = geo;
  const enemy = (to: number) => to >= 0 && board[to] !== EMPTY && (board[to]! & BLACK_BIT) !== own;
  for (const from of geo.present) {
    const code = board[from]!;
    if (code === EMPTY || (code & BLACK_BIT) !== own) continue;
    const role = code & 7;
    const base = from * NUM_DIRS;
    const at = from * 4;
    if (role === PAWN) {
      for (let i = base + liveAt[at + 1]!, end = base + liveAt[at + 3]!; i < end; i++) if (enemy(liveTo[i]!)) out.push(pieceMove(from, liveTo[i]!));
      continue;
    }
    if (role === KNIGHT) {
      const table = geo.knightTo;
      for (let i = from * MAX_LEAPS, to = table[i]!; to >= 0 && i < (from + 1) * MAX_LEAPS; to = table[++i] ?? -1)
        if (board[to] !== EMPTY && (board[to]! & BLACK_BIT) !== own) out.push(pieceMove(from, to));
      continue;
    }
    for (let i = base + liveAt[at + LIVE_STEP_FROM[role]!]!, end = base + liveAt[at + LIVE_STEP_TO[role]!]!; i < end; i++)
      if (enemy(liveTo[i]!)) out.push(pieceMove(from, liveTo[i]!));
    for (let i = base + liveAt[at + LIVE_SLIDE_FROM[role]!]!, end = base + liveAt[at + LIVE_SLIDE_TO[role]!]!; i < end; i++) {
      const d = liveDir[i]!;
      let to = liveTo[i]!;
      while (to >= 0 && board[to] === EMPTY) to = next[to * NUM_DIRS + d]!;
      if (enemy(to)) out.push(pieceMove(from, to));
    }
  }
}

/** The first occupied cell from `cell` along direction `d` (a gap ends the line), or -1. */
function firstOccupied(board: Int8Array, next: Geometry['next'], cell: number, d: number): number {
  let c = next[cell * NUM_DIRS + d]!;
  while (c >= 0 && board[c] === EMPTY) c = next[c * NUM_DIRS + d]!;
  return c;
}

/** A cell holding a piece of `by` that attacks `cell`, or -1. */
export const attackerOf = (pos: St3dPosition, geo: Geometry, cell: number, by: Color): number => boardAttacker(pos.board, geo, cell, by);

/** attackerOf on a board alone (trial boards need no position made around them). */
export function boardAttacker(board: Int8Array, geo: Geometry, cell: number, by: Color): number {
  const bit = colorBit(by);
  const { next, liveTo, liveDir, liveAt } = geo;
  const base = cell * NUM_DIRS;
  const steps = base + liveAt[cell * 4 + 2]!;
  // Directions 0-5 orthogonal, 6-9 diagonal on the level (slides, and a king's or pawn's step), 10-17 triagonal (steps).
  for (let i = base; i < steps; i++) {
    const d = liveDir[i]!;
    const first = liveTo[i]!;
    let c = first;
    while (c >= 0 && board[c] === EMPTY) c = next[c * NUM_DIRS + d]!;
    if (c < 0) continue;
    const role = board[c]! - bit; // a role code only for a piece of `by`
    if (d < 6) {
      if (role === ROOK || role === QUEEN || (role === KING && c === first)) return c;
    } else if (role === BISHOP || role === QUEEN || ((role === KING || role === PAWN) && c === first)) return c;
  }
  for (let i = steps, end = base + liveAt[cell * 4 + 3]!; i < end; i++) {
    const c = liveTo[i]!;
    const role = board[c]! - bit;
    if (role === BISHOP || role === QUEEN || role === KING || role === PAWN) return c;
  }
  const table = geo.knightFrom;
  for (let i = cell * MAX_LEAPS, end = i + MAX_LEAPS; i < end; i++) {
    const c = table[i]!;
    if (c < 0) break;
    if (board[c] === KNIGHT + bit) return c;
  }
  return -1;
}

export const isAttacked = (pos: St3dPosition, geo: Geometry, cell: number, by: Color) => attackerOf(pos, geo, cell, by) >= 0;

/**
 * Why the piece on `from` cannot go to `to` by its own movement, in words;
 * undefined if it can. Used only to explain rejected turns.
 */
export function explainUnreachable(pos: St3dPosition, geo: Geometry, from: number, to: number): string {
  const code = pos.board[from]!;
  const role = code & 7;
  const piece = pieceWord(pos, from);
  const target = cellName(to, pos.platforms);
  const occupant = pos.board[to]!;
  if (occupant !== EMPTY && (occupant & BLACK_BIT) === (code & BLACK_BIT)) return `${target} is occupied by your own ${ROLE_NAMES[roleOf(occupant)]}`;
  if (role === PAWN) {
    const base = from * NUM_DIRS;
    if (ORTHOGONAL.some((d) => geo.next[base + d] === to)) return `the pawn on ${cellName(from, pos.platforms)} can step to ${target} only if it is empty`;
    if (PAWN_CAPTURES.some((d) => geo.next[base + d] === to)) return `a pawn steps diagonally or triagonally only to capture, and ${target} is empty`;
    return `a pawn steps one cell orthogonally, or diagonally/triagonally to capture; ${target} is not such a step from ${cellName(from, pos.platforms)}`;
  }
  if (role === KNIGHT) {
    // Knight-shaped (two cells along one axis, one along another) yet refused: only a leap between fixed levels is.
    const d = [geo.px[to]! - geo.px[from]!, geo.py[to]! - geo.py[from]!, geo.ph[to]! - geo.ph[from]!].map(Math.abs).sort();
    return d[0] === 0 && d[1] === 1 && d[2] === 2
      ? `the knight on ${cellName(from, pos.platforms)} cannot leap to ${target} (a leap between fixed levels must pass through a platform cell)`
      : `a knight leaps two cells along one axis and one along another; ${target} is not such a leap from ${cellName(from, pos.platforms)}`;
  }
  if (role === KING)
    return `a king steps one cell orthogonally, diagonally on the level or triagonally; ${target} is not one step from ${cellName(from, pos.platforms)}`;
  for (const d of SLIDES[role]!) {
    let c = geo.next[from * NUM_DIRS + d]!;
    let blocker = -1;
    while (c >= 0 && c !== to) {
      if (blocker < 0 && pos.board[c] !== EMPTY) blocker = c;
      c = geo.next[c * NUM_DIRS + d]!;
    }
    if (c === to && blocker >= 0) return `the ${piece} is blocked by ${cellName(blocker, pos.platforms)}`;
  }
  const lines: Record<number, string> = {
    [ROOK]: 'slides orthogonally',
    [BISHOP]: 'slides diagonally on the level or steps triagonally',
    [QUEEN]: 'slides orthogonally or diagonally on the level, or steps triagonally',
  };
  return `a ${ROLE_NAMES[roleOf(code)]} ${lines[role]}; ${target} is not on any of its lines from ${cellName(from, pos.platforms)} (a slide stops at a gap)`;
}

/** Every pseudo-legal piece move of the side to move (no warps, no king safety); only those `like` a candidate if given. */
export function pieceMoves(pos: St3dPosition, geo: Geometry, out: St3dMove[], like?: St3dMove): void {
  const own = pos.turn === 'black' ? BLACK_BIT : 0;
  const board = pos.board;
  const targets = PIECE_TARGETS;
  for (const from of geo.present) {
    const code = board[from]!;
    if (code === EMPTY || (code & BLACK_BIT) !== own || unlike(like, 'move', from)) continue;
    const n = writePieceTargets(board, geo, from, targets);
    for (let i = 0; i < n; i++) out.push(pieceMove(from, targets[i]!));
  }
}

/**
 * pieceMoves(pos, geo, out) with each turn also marked in `marks` (marks[from * NUM_CELLS + to] =
 * stamp) as it is listed: Warp Factor's warps pass over the cells a piece reaches by its movement.
 */
export function markedPieceMoves(pos: St3dPosition, geo: Geometry, out: St3dMove[], marks: Int32Array, stamp: number): void {
  const own = pos.turn === 'black' ? BLACK_BIT : 0;
  const board = pos.board;
  const targets = PIECE_TARGETS;
  for (const from of geo.present) {
    const code = board[from]!;
    if (code === EMPTY || (code & BLACK_BIT) !== own) continue;
    const n = writePieceTargets(board, geo, from, targets);
    const at = from * NUM_CELLS;
    for (let i = 0; i < n; i++) {
      const to = targets[i]!;
      marks[at + to] = stamp;
      out.push(pieceMove(from, to));
    }
  }
}

/** A cell holding a piece that attacks the king of `color`, or -1 (also when the king is in hand). */
export function kingAttacker(pos: St3dPosition, color: Color): number {
  const king = findKing(pos, color);
  return king >= 0 ? attackerOf(pos, geometry(pos.platforms), king, color === 'white' ? 'black' : 'white') : -1;
}

/** The king of `color` is on the board and attacked. */
export const kingAttacked = (pos: St3dPosition, color: Color): boolean => kingAttacker(pos, color) >= 0;

/** Why a move that is otherwise allowed is not: the mover's king would be attacked. */
export function explainKingExposed(next: St3dPosition, mover: Color): string | undefined {
  const king = findKing(next, mover);
  if (king < 0) return undefined;
  const attacker = attackerOf(next, geometry(next.platforms), king, mover === 'white' ? 'black' : 'white');
  if (attacker < 0) return undefined;
  return `it would leave your king on ${cellName(king, next.platforms)} attacked by the ${pieceWord(next, attacker)}`;
}

/** What keepKingSafe tries moves on: one for every call (none is nested), so positions stay as they are. */
const TRIAL_BOARD = new Int8Array(NUM_CELLS);
const TRIAL_PLATFORMS = new Int8Array(NUM_PINS);
const TRIAL_TAGS = new Int8Array(NUM_PINS);
/** `pinned[cell] === pinStamp`: the piece on the cell stands between its king and an enemy slider. */
const pinned = new Int32Array(NUM_CELLS);
let pinStamp = 0;

/** Mark the pieces between `king` and a slider of colour bit `by` on its line (own pieces, as the king is not in check). */
function markPins(board: Int8Array, geo: Geometry, king: number, by: number): number {
  const stamp = ++pinStamp;
  for (const d of ORTHOGONAL) {
    const c = firstOccupied(board, geo.next, king, d);
    const behind = c >= 0 ? firstOccupied(board, geo.next, c, d) : -1;
    if (behind >= 0 && (board[behind] === ROOK + by || board[behind] === QUEEN + by)) pinned[c] = stamp;
  }
  for (const d of DIAGONAL_LEVEL) {
    const c = firstOccupied(board, geo.next, king, d);
    const behind = c >= 0 ? firstOccupied(board, geo.next, c, d) : -1;
    if (behind >= 0 && (board[behind] === BISHOP + by || board[behind] === QUEEN + by)) pinned[c] = stamp;
  }
  return stamp;
}

/** Per geometry, per king cell: 1 on the cells of the king's lines (markPins' directions, blockers ignored), made when first asked for. */
const KING_LINES = new WeakMap<Geometry, (Uint8Array | undefined)[]>();
/** Per colour of the king (White's, Black's): its last cell, geometry and lines, so most calls look nothing up. */
const linesKing = [-1, -1];
const linesGeometry: (Geometry | undefined)[] = [undefined, undefined];
const linesMap: Uint8Array[] = [new Uint8Array(NUM_CELLS), new Uint8Array(NUM_CELLS)];

/** The cells from which a piece may stand pinned to the king on `king` (side 0 White's, 1 Black's): only those are on its lines. */
function kingLines(geo: Geometry, king: number, side: number): Uint8Array {
  if (king === linesKing[side] && geo === linesGeometry[side]) return linesMap[side]!;
  let maps = KING_LINES.get(geo);
  if (!maps) KING_LINES.set(geo, (maps = []));
  let lines = maps[king];
  if (!lines) {
    lines = maps[king] = new Uint8Array(NUM_CELLS);
    for (const d of [...ORTHOGONAL, ...DIAGONAL_LEVEL]) for (let c = geo.next[king * NUM_DIRS + d]!; c >= 0; c = geo.next[c * NUM_DIRS + d]!) lines[c] = 1;
  }
  linesKing[side] = king;
  linesGeometry[side] = geo;
  linesMap[side] = lines;
  return lines;
}

/** `ends[cell] === pinStamp`: a piece (not the king) moving there may end the check (markCheckEnds). */
const ends = new Int32Array(NUM_CELLS);
const END_CELLS = new Int8Array(NUM_CELLS);

/**
 * The checker's cell and, when it attacks along a line, the cells between it and the king, into
 * `out`; returns how many. A move of another piece (no platform with it) landing elsewhere leaves
 * that attack as it was.
 */
export function checkEndCells(board: Int8Array, geo: Geometry, king: number, checker: number, out: Int8Array): number {
  out[0] = checker;
  let n = 1;
  const next = geo.next;
  // Lines: orthogonal and diagonal on the level (0-9); steps and leaps have no cell between.
  for (let d = 0; d < 10; d++) {
    if (firstOccupied(board, next, king, d) !== checker) continue;
    for (let c = next[king * NUM_DIRS + d]!; c !== checker; c = next[c * NUM_DIRS + d]!) out[n++] = c;
    break;
  }
  return n;
}

/** Mark checkEndCells' cells in `ends`; returns the stamp. */
function markCheckEnds(board: Int8Array, geo: Geometry, king: number, checker: number): number {
  const stamp = ++pinStamp;
  const n = checkEndCells(board, geo, king, checker, END_CELLS);
  for (let i = 0; i < n; i++) ends[END_CELLS[i]!] = stamp;
  return stamp;
}

/**
 * The moves of `moves` after which the mover's king is not attacked. Piece
 * moves are tried on a scratch copy of the board and undone (the geometry is
 * the same), never on `pos`; so are platform moves (with trial platforms).
 * Not in check, a piece move can expose the king only by leaving a line
 * between it and an enemy slider (steps and leaps do not pass through cells), so
 * only such pinned pieces and the king are tried. With `checkEnds` (First
 * Contact) an attacked king has ended the game: no move is kept. `knownChecker`: the cell attacking
 * the mover's king (boardAttacker's answer, -1 for none) when the caller knows it. `moves` is filtered
 * in place and returned (every caller passes a list of its own).
 */
export function keepKingSafe(pos: St3dPosition, moves: St3dMove[], lock: boolean, checkEnds = false, knownChecker?: number): St3dMove[] {
  const mover = pos.turn;
  const enemy: Color = mover === 'white' ? 'black' : 'white';
  const king = findKing(pos, mover);
  if (king < 0 || moves.length === 0) return moves;
  const geo = geometry(pos.platforms);
  const checker = knownChecker ?? boardAttacker(pos.board, geo, king, enemy);
  const kingNowAttacked = checker >= 0;
  if (kingNowAttacked && checkEnds) return [];
  // The trial board is copied from the position's when a turn is first tried on it (most lists try none).
  const board = TRIAL_BOARD;
  let copied = false;
  let lines: Uint8Array | undefined; // the king's lines, read for the first piece move that needs them
  let stamp = 0; // marked on the first piece move that needs it
  let kingPoint: readonly number[] | undefined; // found for the first platform move
  // The safe moves are kept in place, in their order (no new list, no closure).
  let kept = 0;
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i]!;
    let safe: boolean;
    if (m.kind === 'place') safe = !kingNowAttacked || !isAttacked(applySt3dMove(pos, m, lock), geo, king, enemy);
    else if (m.kind === 'drop') {
      if (!kingNowAttacked) safe = true;
      else {
        if (!copied) {
          board.set(pos.board);
          copied = true;
        }
        board[m.to] = 1; // any piece blocks the same
        safe = boardAttacker(board, geo, king, enemy) < 0;
        board[m.to] = EMPTY;
      }
    } else if (m.kind === 'platform' && (isFixed(king) || pinOf(king) !== m.from)) {
      // The king stays where it is. Not in check, only the platform's new cells can expose it.
      if (!kingNowAttacked && !platformMayReach(m.to, m.up, (kingPoint ??= cellPoint(king, pos.platforms)!))) safe = true;
      else {
        // Otherwise try the shift on the trial board and platforms.
        if (!copied) {
          board.set(pos.board);
          copied = true;
        }
        TRIAL_PLATFORMS.set(pos.platforms);
        shiftPlatform(board, TRIAL_PLATFORMS, TRIAL_TAGS, m);
        safe = boardAttacker(board, scratchGeometry(TRIAL_PLATFORMS), king, enemy) < 0;
        board.set(pos.board);
      }
    } else if (m.kind === 'platform' || m.platform) safe = !kingAttacked(applySt3dMove(pos, m, lock), mover);
    else {
      safe = true;
      if (!kingNowAttacked && m.from !== king) {
        // Only a piece on one of the king's lines may be pinned to it.
        if ((lines ??= kingLines(geo, king, mover === 'white' ? 0 : 1))[m.from] === 0) {
          moves[kept++] = m;
          continue;
        }
        if (stamp === 0) stamp = markPins(pos.board, geo, king, colorBit(enemy));
        if (pinned[m.from] !== stamp) {
          moves[kept++] = m;
          continue;
        }
      } else if (m.from !== king) {
        // In check, a piece other than the king must take the checker or land between it and the king.
        if (stamp === 0) stamp = markCheckEnds(pos.board, geo, king, checker);
        if (ends[m.to] !== stamp) continue;
      }
      if (!copied) {
        board.set(pos.board);
        copied = true;
      }
      const captured = board[m.to]!;
      board[m.to] = board[m.from]!;
      board[m.from] = EMPTY;
      safe = boardAttacker(board, geo, m.from === king ? m.to : king, enemy) < 0;
      board[m.from] = board[m.to]!;
      board[m.to] = captured;
    }
    if (safe) moves[kept++] = m;
  }
  if (kept < moves.length) moves.length = kept; // setting it costs, even unchanged
  return moves;
}
