// The evaluation of the three ST3D variants (st3d.ts's search rules use it): material, mobility,
// king zone, platforms, worm-holes, tropism and drop exposure, from White's side, turned to the side
// to move at the end. First Contact and Warp Factor also note the mover's captures on the way.
import { geometry, isFixed, levelOf, MAX_LEAPS, NUM_CELLS, NUM_DIRS, type Geometry } from '../st3d/field.ts';
import { pieceMove, type St3dMove } from '../st3d/move.ts';
import { BLACK_BIT, EMPTY, KING, KNIGHT, PAWN } from '../piece-codes.ts';
import { kingCell, type St3dPosition } from '../st3d/position.ts';
import { largestOf } from './st3d-checks.ts';
import { LIVE_SLIDE_FROM, LIVE_SLIDE_TO, LIVE_STEP_FROM, LIVE_STEP_TO } from '../st3d/standard.ts';
import { wormholeOf, writeTargets } from '../st3d/curved-space-movement.ts';
import { cellLayer, type Wormhole } from '../st3d/wormhole.ts';
import type { RoleValues } from './rules.ts';

export type St3dVariantName = 'first-contact' | 'warp-factor' | 'curved-space';

interface St3dWeights {
  readonly values: RoleValues;
  /** Share of a piece's value while it is in hand (drops are flexible but take a turn). */
  readonly handShare: number;
  readonly mobility: number;
  /** Per enemy-attacked cell around the king (the king's own steps and its cell). */
  readonly kingZone: number;
  /** Per own piece standing on an attack platform (a platform it controls). */
  readonly onPlatform: number;
  /** Per own piece on a worm-hole cell (Curved Space: centre and platform cells). */
  readonly onWormhole: number;
  /** Per enemy piece in hand while the king stands on the level the enemy drops onto. */
  readonly dropExposure: number;
  /** Per piece and step closer than 6 to the enemy king in space: the way to a check or a mate. */
  readonly tropism: number;
}

const ST3D_VALUES: RoleValues = [0, 0, 950, 500, 340, 330, 100];
const CURVED_VALUES: RoleValues = [0, 0, 900, 480, 320, 300, 100];

const WEIGHTS: Record<St3dVariantName, St3dWeights> = {
  // A check wins: every cell near the king the enemy reaches is a threat of losing at once.
  'first-contact': { values: ST3D_VALUES, handShare: 1, mobility: 3, kingZone: 30, onPlatform: 12, onWormhole: 0, dropExposure: 25, tropism: 8 },
  'warp-factor': { values: ST3D_VALUES, handShare: 1, mobility: 3, kingZone: 14, onPlatform: 8, onWormhole: 0, dropExposure: 0, tropism: 4 },
  'curved-space': { values: CURVED_VALUES, handShare: 0.95, mobility: 4, kingZone: 16, onPlatform: 0, onWormhole: 10, dropExposure: 12, tropism: 0 },
};

/** The fixed level each colour drops onto (White W, Black B). */
const DROP_LEVEL = [0, 2];

/**
 * Each side's move targets (White's, Black's) as the last evaluation of an ST3D position marked
 * them; read after it by tuning terms (first-contact-attack.ts's withAttackTerm).
 */
export const attacked = [new Uint8Array(NUM_CELLS), new Uint8Array(NUM_CELLS)];
/**
 * The captures of the side to move that evaluateStandard met while marking targets (the first
 * capturesCount entries), for capturesOf: in pieceCaptures' order, so quiescence, which asks for
 * the captures of the position it has just evaluated, need not walk the pieces again.
 */
const CAPTURES = new Int32Array(NUM_CELLS * NUM_CELLS); // from * NUM_CELLS + to: the turns are made only when asked for
let capturesCount = 0;
let capturesOf: St3dPosition | undefined;
/** A copy of the board evaluated, read four cells a word (words of empty cells are passed over). */
const BOARD_COPY = new Int8Array(NUM_CELLS);
const BOARD_WORDS = new Int32Array(BOARD_COPY.buffer);
/** Curved Space's evaluation: the targets of the piece it is at. */
const targets = new Int16Array(NUM_CELLS);
/** ...and each side's king's (White's, Black's), with their counts. */
const KING_TARGETS = [new Int16Array(NUM_CELLS), new Int16Array(NUM_CELLS)];
const kingTargetCount = new Int32Array(2);

/**
 * Mark the cells the piece on `cell` could move to (pieceTargets' list, standard
 * movement) in `map`; returns how many. Written out so evaluation builds no list.
 */
function markTargets(board: Int8Array, geo: Geometry, cell: number, map: Uint8Array, collect = false): number {
  const code = board[cell]!;
  const role = code & 7;
  const own = code & BLACK_BIT;
  const { next, liveTo, liveAt } = geo;
  const base = cell * NUM_DIRS;
  const at = cell * 4;
  let n = 0;
  if (role === PAWN) {
    for (let i = base, end = base + liveAt[at + 1]!; i < end; i++) {
      const to = liveTo[i]!;
      if (board[to] === EMPTY) {
        map[to] = 1;
        n++;
      }
    }
    for (let i = base + liveAt[at + 1]!, end = base + liveAt[at + 3]!; i < end; i++) {
      const to = liveTo[i]!;
      const target = board[to]!;
      if (target !== EMPTY && (target & BLACK_BIT) !== own) {
        map[to] = 1;
        n++;
        if (collect) CAPTURES[capturesCount++] = cell * NUM_CELLS + to;
      }
    }
    return n;
  }
  if (role === KNIGHT) {
    const table = geo.knightTo;
    for (let i = cell * MAX_LEAPS, end = i + MAX_LEAPS; i < end; i++) {
      const to = table[i]!;
      if (to < 0) break;
      const target = board[to]!;
      if (target === EMPTY) {
        map[to] = 1;
        n++;
      } else if ((target & BLACK_BIT) !== own) {
        map[to] = 1;
        n++;
        if (collect) CAPTURES[capturesCount++] = cell * NUM_CELLS + to;
      }
    }
    return n;
  }
  for (let i = base + liveAt[at + LIVE_STEP_FROM[role]!]!, end = base + liveAt[at + LIVE_STEP_TO[role]!]!; i < end; i++) {
    const to = liveTo[i]!;
    const target = board[to]!;
    if (target === EMPTY) {
      map[to] = 1;
      n++;
    } else if ((target & BLACK_BIT) !== own) {
      map[to] = 1;
      n++;
      if (collect) CAPTURES[capturesCount++] = cell * NUM_CELLS + to;
    }
  }
  const liveDir = geo.liveDir;
  for (let i = base + liveAt[at + LIVE_SLIDE_FROM[role]!]!, end = base + liveAt[at + LIVE_SLIDE_TO[role]!]!; i < end; i++) {
    const d = liveDir[i]!;
    for (let to = liveTo[i]!; to >= 0; to = next[to * NUM_DIRS + d]!) {
      const target = board[to]!;
      if (target === EMPTY) {
        map[to] = 1;
        n++;
      } else {
        if ((target & BLACK_BIT) !== own) {
          map[to] = 1;
          n++;
          if (collect) CAPTURES[capturesCount++] = cell * NUM_CELLS + to;
        }
        break;
      }
    }
  }
  return n;
}

/** How many of the king's step targets (pieceTargets' list for the king on `king`) `enemy` marks. */
function kingSteps(board: Int8Array, geo: Geometry, king: number, enemy: Uint8Array): number {
  const own = board[king]! & BLACK_BIT;
  const liveTo = geo.liveTo;
  let n = 0;
  for (let i = king * NUM_DIRS, end = i + geo.liveAt[king * 4 + 3]!; i < end; i++) {
    const to = liveTo[i]!;
    if (board[to] === EMPTY || (board[to]! & BLACK_BIT) !== own) n += enemy[to]!;
  }
  return n;
}

/** The enemy's hand against a king on the level the enemy drops onto (weighted; 0 elsewhere): both evaluations' term. */
function dropThreat(pos: St3dPosition, w: St3dWeights, side: number, king: number): number {
  if (!w.dropExposure || !isFixed(king) || levelOf(king) !== DROP_LEVEL[1 - side]) return 0;
  let hand = 0;
  for (let r = 1; r < 6; r++) hand += pos.hands[(1 - side) * 6 + r]!;
  return hand * w.dropExposure;
}

/** Curved Space's evaluation (pieces move through the worm-hole: writeTargets; no tropism). */
function evaluateCurved(pos: St3dPosition, w: St3dWeights): number {
  const board = pos.board;
  // Fetched for the first piece (an empty field, while platforms are placed, needs no worm-hole).
  let wh: Wormhole | undefined;
  attacked[0]!.fill(0);
  attacked[1]!.fill(0);
  let score = 0;
  let whiteKing = -1;
  let blackKing = -1;
  BOARD_COPY.set(board);
  for (let cell = 0; cell < NUM_CELLS; cell++) {
    if ((cell & 3) === 0 && BOARD_WORDS[cell >> 2] === 0) {
      cell += 3;
      continue;
    }
    const code = board[cell]!;
    if (code === EMPTY) continue;
    const side = code & BLACK_BIT ? 1 : 0;
    const role = code & 7;
    if (role === KING) {
      if (side) blackKing = cell;
      else whiteKing = cell;
    }
    let s = w.values[role]!;
    const map = attacked[side]!;
    // A king's targets are written to its own list, kept for its zone below.
    const list = role === KING ? KING_TARGETS[side]! : targets;
    const mobility = writeTargets(board, (wh ??= wormholeOf(pos)), cell, list, 0);
    for (let i = 0; i < mobility; i++) map[list[i]!] = 1;
    if (role !== KING) s += w.mobility * mobility;
    else kingTargetCount[side] = mobility;
    if (!isFixed(cell)) s += w.onPlatform;
    if (cellLayer(cell) >= 0 && (role !== PAWN || !isFixed(cell))) s += w.onWormhole;
    score += (side ? -1 : 1) * s;
  }
  // Not handScore: the sum is not whole here (handShare 0.95), so its order is kept.
  for (let i = 0; i < 12; i++) {
    const n = pos.hands[i]!;
    if (n && i % 6) score += (i < 6 ? 1 : -1) * n * w.values[(i % 6) + 1]! * w.handShare;
  }
  for (let side = 0; side < 2; side++) {
    const king = side ? blackKing : whiteKing;
    if (king < 0) continue;
    const sign = side ? -1 : 1;
    const enemy = attacked[1 - side]!;
    let danger = enemy[king]! * 2;
    const zone = KING_TARGETS[side]!;
    for (let i = 0, count = kingTargetCount[side]!; i < count; i++) danger += enemy[zone[i]!]!;
    score -= sign * danger * w.kingZone;
    const exposed = dropThreat(pos, w, side, king);
    if (exposed) score -= sign * exposed;
  }
  return pos.turn === 'white' ? score : -score;
}

/** The pieces in hand, by value (White's side). */
function handScore(pos: St3dPosition, w: St3dWeights): number {
  let score = 0;
  for (let i = 0; i < 12; i++) {
    const n = pos.hands[i]!;
    if (n && i % 6) score += (i < 6 ? 1 : -1) * n * w.values[(i % 6) + 1]! * w.handShare;
  }
  return score;
}

/** No piece on the field. */
function isBare(board: Int8Array): boolean {
  for (let cell = 0; cell < NUM_CELLS; cell++) if (board[cell] !== EMPTY) return false;
  return true;
}

/**
 * evaluate's answer for First Contact and Warp Factor in one pass over the pieces: the kings
 * found first, so each piece's tropism is added with its value and mobility. Every term is a
 * whole number there (handShare 1), so the sum is the same in any order.
 */
function evaluateStandard(pos: St3dPosition, w: St3dWeights): number {
  const board = pos.board;
  // While platforms are placed the field may be empty: then only the hands count, and no geometry
  // is built (the search meets thousands of arrangements there).
  if (pos.unplaced && isBare(board)) {
    capturesCount = 0;
    capturesOf = pos;
    return pos.turn === 'white' ? handScore(pos, w) : -handScore(pos, w);
  }
  const geo = geometry(pos.platforms);
  const { px, py, ph } = geo;
  const whiteKing = kingCell(board, KING);
  const blackKing = kingCell(board, KING + BLACK_BIT);
  const tropism = whiteKing >= 0 && blackKing >= 0 ? w.tropism : 0;
  // The kings' points (each piece's tropism is its distance to the enemy king).
  const wk = Math.max(whiteKing, 0);
  const bk = Math.max(blackKing, 0);
  const wx = px[wk]!;
  const wy = py[wk]!;
  const wh = ph[wk]!;
  const bx = px[bk]!;
  const by = py[bk]!;
  const bh = ph[bk]!;
  attacked[0]!.fill(0);
  attacked[1]!.fill(0);
  const mover = pos.turn === 'white' ? 0 : 1;
  capturesCount = 0;
  capturesOf = pos;
  let score = 0;
  // Every occupied cell exists (the cells of an empty pin are empty): all cells in order, four
  // empty ones at a time passed over.
  BOARD_COPY.set(board);
  for (let cell = 0; cell < NUM_CELLS; cell++) {
    if ((cell & 3) === 0 && BOARD_WORDS[cell >> 2] === 0) {
      cell += 3;
      continue;
    }
    const code = board[cell]!;
    if (code === EMPTY) continue;
    const side = code & BLACK_BIT ? 1 : 0;
    const role = code & 7;
    let s = w.values[role]!;
    const mobility = markTargets(board, geo, cell, attacked[side]!, side === mover);
    if (role !== KING) {
      s += w.mobility * mobility;
      if (tropism) {
        // The distance in space to the enemy king (the largest of the three): the evaluation's hottest line.
        const d = largestOf(px[cell]! - (side ? wx : bx), py[cell]! - (side ? wy : by), ph[cell]! - (side ? wh : bh));
        if (d < 6) s += (6 - d) * tropism;
      }
    }
    if (!isFixed(cell)) s += w.onPlatform;
    score += side ? -s : s;
  }
  score += handScore(pos, w);
  for (let side = 0; side < 2; side++) {
    const king = side ? blackKing : whiteKing;
    if (king < 0) continue;
    const sign = side ? -1 : 1;
    const enemy = attacked[1 - side]!;
    const danger = enemy[king]! * 2 + kingSteps(board, geo, king, enemy);
    score -= sign * danger * w.kingZone;
    const exposed = dropThreat(pos, w, side, king);
    if (exposed) score -= sign * exposed;
  }
  return pos.turn === 'white' ? score : -score;
}

/** The piece values of a variant's evaluation (by role code). */
export const st3dValues = (name: St3dVariantName): RoleValues => WEIGHTS[name].values;

/** The static evaluation of a variant, from the side to move's point of view. */
export function st3dEvaluation(name: St3dVariantName): (pos: St3dPosition) => number {
  const w = WEIGHTS[name];
  return name === 'curved-space' ? (pos) => evaluateCurved(pos, w) : (pos) => evaluateStandard(pos, w);
}

/**
 * The captures of the side to move that the last evaluation met, if it was of `pos` (First Contact
 * and Warp Factor), appended to `out` in pieceCaptures' order; false when it was of another position.
 */
/** How many captures evaluatedCaptures would give for `pos`, or -1 when the last evaluation was of another position. */
export const evaluatedCaptureCount = (pos: St3dPosition): number => (pos === capturesOf ? capturesCount : -1);

export function evaluatedCaptures(pos: St3dPosition, out: St3dMove[]): boolean {
  if (pos !== capturesOf) return false;
  for (let i = 0; i < capturesCount; i++) out.push(pieceMove((CAPTURES[i]! / NUM_CELLS) | 0, CAPTURES[i]! % NUM_CELLS));
  return true;
}
