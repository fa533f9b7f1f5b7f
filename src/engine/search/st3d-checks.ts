// Which turns could attack the opposing king (First Contact, Warp Factor)? A
// cheap necessary condition read from the king's cell, so the exact test (the
// turn tried on a scratch board) runs only for the few turns that pass it.
// Walking the field's lines out from the king finds every cell a piece could
// attack it from, exactly as attackerOf walks them, blockers ignored.
import type { Color } from '../types.ts';
import {
  cellPoint,
  geometry,
  scratchGeometry,
  type Geometry,
  MAX_LEAPS,
  NUM_CELLS,
  NUM_DIRS,
  NUM_PINS,
  platformCell,
  platformMayReach,
} from '../st3d/field.ts';
import { shiftPlatform } from '../st3d/apply.ts';
import { dropMove, pieceMove, type St3dMove } from '../st3d/move.ts';
import { BISHOP, BLACK_BIT, EMPTY, handIndex, KING, KNIGHT, PAWN, QUEEN, ROOK } from '../piece-codes.ts';
import { kingCell, kingInHand, OWN_LEVEL, type St3dPosition } from '../st3d/position.ts';
import { boardAttacker, keepKingSafe, kingAttacked, pieceTargets } from '../st3d/standard.ts';
import { addPlatformMoves } from '../st3d/first-contact.ts';
import { ROLES } from '../types.ts';

const ORTHO_LINE = 1;
const DIAG_LINE = 2;
const STEP = 4;
const LEAP = 8;
/** By role code (1 K .. 6 P): the reach bits from which that piece could attack. */
const ROLE_REACH = [0, STEP, ORTHO_LINE | DIAG_LINE | STEP, ORTHO_LINE, DIAG_LINE | STEP, LEAP, STEP];
const ROLE_CODE: Readonly<Record<string, number>> = { K: KING, Q: QUEEN, R: ROOK, B: BISHOP, N: KNIGHT, P: PAWN };

/** Per geometry, per king cell: the cells a piece could attack that king from (reach bits), made when first asked for. */
const REACH_MAPS = new WeakMap<Geometry, (Uint8Array | undefined)[]>();
/** Per side of the king (White's, Black's): its last cell, geometry and map, so most calls look nothing up. */
const lastKings = [-1, -1];
const lastGeometries: (Geometry | undefined)[] = [undefined, undefined];
const lastMaps: Uint8Array[] = [new Uint8Array(NUM_CELLS), new Uint8Array(NUM_CELLS)];
/** The map, king, geometry and point of the last position markReach was asked about. */
let reach = lastMaps[0]!;
let reachOf: St3dPosition | undefined;
let enemyKing = -1;
let reachGeometry: Geometry | undefined;
let enemyKingPoint: readonly number[] | undefined;

function markReach(pos: St3dPosition): void {
  reachOf = pos;
  enemyKingPoint = undefined;
  const side = pos.turn === 'white' ? 1 : 0;
  const king = kingCell(pos.board, side ? KING + BLACK_BIT : KING);
  enemyKing = king;
  if (king < 0) {
    reachGeometry = undefined;
    return;
  }
  const geo = geometry(pos.platforms);
  reachGeometry = geo;
  // Blockers are ignored: the same king cell in the same geometry has the same reach (the search
  // asks for both sides in turn, so each side's last map is kept).
  if (king !== lastKings[side] || geo !== lastGeometries[side]) {
    let maps = REACH_MAPS.get(geo);
    if (!maps) REACH_MAPS.set(geo, (maps = []));
    lastMaps[side] = maps[king] ??= reachMap(geo, king);
    lastKings[side] = king;
    lastGeometries[side] = geo;
  }
  reach = lastMaps[side]!;
}

/** The reach bits of every cell for a king on `king`. */
function reachMap(geo: Geometry, king: number): Uint8Array {
  const reach = new Uint8Array(NUM_CELLS);
  const { next, knightFrom } = geo;
  const base = king * NUM_DIRS;
  // Directions 0-5 orthogonal and 6-9 diagonal on the level (lines), 10-17 triagonal (steps).
  for (let d = 0; d < 10; d++) {
    const bit = d < 6 ? ORTHO_LINE : DIAG_LINE;
    let c = next[base + d]!;
    if (c >= 0) reach[c]! |= STEP;
    while (c >= 0) {
      reach[c]! |= bit;
      c = next[c * NUM_DIRS + d]!;
    }
  }
  for (let d = 10; d < NUM_DIRS; d++) {
    const c = next[base + d]!;
    if (c >= 0) reach[c]! |= STEP;
  }
  for (let i = king * MAX_LEAPS; i < (king + 1) * MAX_LEAPS && knightFrom[i]! >= 0; i++) reach[knightFrom[i]!]! |= LEAP;
  return reach;
}

/**
 * False only when the turn cannot attack the opposing king: the moved or dropped
 * piece does not reach the king's cell from where it lands, and it leaves no line
 * to the king open. Platform moves pass when they carry a piece or their new
 * cells could carry an attack to the king.
 */
export function mayAttackKing(pos: St3dPosition, m: St3dMove): boolean {
  if (reachOf !== pos) markReach(pos);
  if (enemyKing < 0) return false;
  if (m.kind === 'drop') return (reach[m.to]! & ROLE_REACH[ROLE_CODE[m.role]!]!) !== 0;
  if (m.kind === 'platform') {
    // An empty platform only adds cells: it opens an attack only from where
    // platformMayReach says (as keepKingSafe reads it for the mover's king).
    // One carrying a piece (perhaps the king) is tried.
    const board = pos.board;
    const first = platformCell(m.from, 0, 0);
    for (let c = first; c < first + 4; c++) if (board[c] !== EMPTY) return true;
    return platformMayReach(m.to, m.up, (enemyKingPoint ??= cellPoint(enemyKing, pos.platforms)!));
  }
  if (m.kind !== 'move' || m.platform) return m.kind !== 'place';
  const code = pos.board[m.from]!;
  if (code === EMPTY) return true;
  return (reach[m.to]! & ROLE_REACH[code & 7]!) !== 0 || (reach[m.from]! & (ORTHO_LINE | DIAG_LINE)) !== 0;
}

/** The board attacksKing tries a turn on: a copy, so positions stay as they are; platform moves on copies of the platforms too. */
const SCRATCH = new Int8Array(NUM_CELLS);
const SCRATCH_PLATFORMS = new Int8Array(NUM_PINS);
const SCRATCH_TAGS = new Int8Array(NUM_PINS);

/**
 * Does the legal turn attack the opposing king (standard movement)? Turns that pass
 * mayAttackKing are tried: piece moves and drops on a scratch board, the rest played.
 */
export function attacksKing(pos: St3dPosition, m: St3dMove, play: (pos: St3dPosition, move: St3dMove) => St3dPosition): boolean {
  if (!mayAttackKing(pos, m)) return false;
  const us: Color = pos.turn;
  if ((m.kind === 'move' && !m.platform) || m.kind === 'drop') {
    const board = SCRATCH;
    board.set(pos.board);
    if (m.kind === 'move') {
      board[m.to] = board[m.from]!;
      board[m.from] = EMPTY;
    } else board[m.to] = (us === 'black' ? BLACK_BIT : 0) + ROLE_CODE[m.role]!;
    return boardAttacker(board, reachGeometry!, enemyKing, us) >= 0;
  }
  if (m.kind === 'platform') {
    // What play does to the board and platforms (applySt3dMove), on scratch copies: the king may ride the platform.
    const board = SCRATCH;
    board.set(pos.board);
    SCRATCH_PLATFORMS.set(pos.platforms);
    SCRATCH_TAGS.set(pos.tags);
    shiftPlatform(board, SCRATCH_PLATFORMS, SCRATCH_TAGS, m);
    const king = board.indexOf(us === 'white' ? KING + BLACK_BIT : KING);
    return king >= 0 && boardAttacker(board, scratchGeometry(SCRATCH_PLATFORMS), king, us) >= 0;
  }
  return kingAttacked(play(pos, m), us === 'white' ? 'black' : 'white');
}

/**
 * Is the side to move in `child` (`pos` after the legal turn `m`) in check? The same answer as
 * kingAttacked(child, child.turn): before the turn that king was not attacked, so a piece move
 * (no platform with it) attacks it only from where mayAttackKing lets it, read on the child's board.
 */
export function checkAfterMove(pos: St3dPosition, child: St3dPosition, m: St3dMove): boolean {
  if (m.kind !== 'move' || m.platform) return kingAttacked(child, child.turn);
  if (!mayAttackKing(pos, m)) return false;
  return boardAttacker(child.board, reachGeometry!, enemyKing, pos.turn) >= 0;
}

const WIN_TARGETS: number[] = [];
/** By role code: how far (in the largest coordinate difference) from the king a piece that only steps or leaps can win from; 0 for sliders. */
const LEAPER_RANGE = [0, 2, 0, 0, 0, 4, 2];
/** The largest of three differences' sizes: a distance in space (written out, no Math calls: hot). */
export function largestOf(dx: number, dy: number, dh: number): number {
  if (dx < 0) dx = -dx;
  if (dy < 0) dy = -dy;
  if (dh < 0) dh = -dh;
  let d = dx;
  if (dy > d) d = dy;
  if (dh > d) d = dh;
  return d;
}
function chebyshev(geo: Geometry, a: number, b: number): number {
  return largestOf(geo.px[a]! - geo.px[b]!, geo.py[a]! - geo.py[b]!, geo.ph[a]! - geo.ph[b]!);
}
const WIN_SHIFTS: St3dMove[] = [];

/**
 * First Contact: the first turn of pseudoMoves(pos), in its order, that attacks the opposing
 * king and leaves the own king safe, or undefined; the same answer as
 * `pseudoMoves(pos).find((m) => attacksKing(pos, m, play) && keepKingSafe(pos, [m], true).length > 0)`,
 * without listing the turns or testing those mayAttackKing rules out (its test read inline).
 * The search asks this at every quiescence node.
 */
export function firstContactWin(pos: St3dPosition, play: (pos: St3dPosition, move: St3dMove) => St3dPosition): St3dMove | undefined {
  // Platform placements never attack (mayAttackKing), and are all there is while platforms are unplaced.
  if (pos.unplaced) return undefined;
  if (reachOf !== pos) markReach(pos);
  if (enemyKing < 0) return undefined;
  const test = (m: St3dMove) => attacksKing(pos, m, play) && keepKingSafe(pos, [m], true).length > 0;
  const us = pos.turn;
  const board = pos.board;
  const level = OWN_LEVEL[us];
  const kingOnly = kingInHand(pos, us);
  for (const role of ROLES) {
    if (kingOnly ? role !== 'K' : !(pos.hands[handIndex(us, role)]! > 0)) continue;
    const bits = ROLE_REACH[ROLE_CODE[role]!]!;
    for (let local = 0; local < 16; local++) {
      const to = level * 16 + local;
      if (board[to] !== EMPTY || !(reach[to]! & bits)) continue;
      const m = dropMove(role, to);
      if (test(m)) return m;
    }
  }
  if (kingOnly) return undefined;
  const geo = reachGeometry!;
  const own = us === 'black' ? BLACK_BIT : 0;
  const targets = WIN_TARGETS;
  // Emptied only now and then: emptying an array frees its store, and pushing then builds it again.
  if (targets.length > 4096) targets.length = 0;
  for (const from of geo.present) {
    const code = board[from]!;
    if (code === EMPTY || (code & BLACK_BIT) !== own) continue;
    // A piece leaving a line to the king may uncover an attack: all its moves are tried.
    const uncovers = (reach[from]! & (ORTHO_LINE | DIAG_LINE)) !== 0;
    if (!uncovers) {
      // Otherwise a stepper (king, pawn) must land next to the king, a knight a leap from it:
      // one step or leap from there (a step moves each coordinate by at most 1, a leap by 2).
      const reachable = LEAPER_RANGE[code & 7]!;
      if (reachable && chebyshev(geo, from, enemyKing) > reachable) continue;
    }
    const first = targets.length;
    pieceTargets(pos, geo, from, targets);
    const bits = ROLE_REACH[code & 7]!;
    for (let i = first; i < targets.length; i++) {
      const to = targets[i]!;
      if (!uncovers && !(reach[to]! & bits)) continue;
      const m = pieceMove(from, to);
      if (test(m)) return m;
    }
  }
  const shifts = WIN_SHIFTS;
  shifts.length = 0;
  addPlatformMoves(pos, shifts);
  for (const m of shifts) if (test(m)) return m;
  return undefined;
}

/** `pos` is about to be changed in place: its reach is looked up again when asked. */
export function forgetReach(pos: St3dPosition): void {
  if (reachOf === pos) reachOf = undefined;
}
