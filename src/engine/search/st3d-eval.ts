// The evaluation of the three ST3D variants (st3d.ts's search rules use it): material, mobility,
// king zone, platforms, worm-holes, tropism and drop exposure, from White's side, turned to the side
// to move at the end. First Contact and Warp Factor also note the mover's captures on the way.
import { geometry, NUM_CELLS } from '../st3d/field.ts';
import { pieceMoveAt, type St3dMove } from '../st3d/move.ts';
import { BLACK_BIT, EMPTY, KING, KNIGHT, PAWN, QUEEN } from '../piece-codes.ts';
import { kingCell, type St3dPosition } from '../st3d/position.ts';
import { clearSix, dropThreat, type St3dWeights } from './st3d-eval-terms.ts';
import { evaluateCurved } from './curved-eval.ts';
import { BLACK_OCCUPIED, markOccupied, OCCUPIED } from '../st3d/occupancy.ts';
import { bitCount3, CAPTURE, KING_STEP, LEAP, MASK_WORDS, PUSH, stepMasks } from './st3d-step-masks.ts';
import type { RoleValues } from './rules.ts';
import { captureCells } from './st3d-captures.ts';
import { type Slides, slidesOf } from './st3d-slides.ts';
import { cellTerms, kingRow, NO_KING_ROW } from './st3d-nearness.ts';

export type St3dVariantName = 'first-contact' | 'warp-factor' | 'curved-space';

const ST3D_VALUES: RoleValues = [0, 0, 950, 500, 340, 330, 100];
const CURVED_VALUES: RoleValues = [0, 0, 900, 480, 320, 300, 100];

const WEIGHTS: Record<St3dVariantName, St3dWeights> = {
  // A check wins: every cell near the king the enemy reaches is a threat of losing at once.
  'first-contact': {
    values: ST3D_VALUES,
    handShare: 1,
    mobility: 3,
    kingZone: 30,
    onPlatform: 12,
    onWormhole: 0,
    dropExposure: 25,
    tropism: 8,
  },
  'warp-factor': { values: ST3D_VALUES, handShare: 1, mobility: 3, kingZone: 14, onPlatform: 8, onWormhole: 0, dropExposure: 0, tropism: 4 },
  'curved-space': { values: CURVED_VALUES, handShare: 0.95, mobility: 4, kingZone: 16, onPlatform: 0, onWormhole: 10, dropExposure: 12, tropism: 0 },
};

const ATTACKED_MAPS = [new Uint8Array(NUM_CELLS), new Uint8Array(NUM_CELLS)];
/**
 * Each side's move targets (White's, Black's) as the last evaluation of a First Contact or Warp
 * Factor position marked them; read after it by tuning terms (first-contact-attack.ts's
 * withAttackTerm). The evaluation keeps them as words (ATTACK): each map is made when read.
 */
export const attacked: readonly Uint8Array[] = Object.defineProperties([] as Uint8Array[], {
  0: { get: () => attackedMap(0) },
  1: { get: () => attackedMap(1) },
});
/**
 * The captures of the side to move in the last position evaluateStandard scored (capturesOf): it
 * notes the cells of the mover's pieces that have some (CAPTURERS, three words), and their captures
 * are walked from there in pieceCaptures' order only when quiescence asks for them (at most nodes
 * it stands pat first). CAPTURES holds them then (the first capturesCount entries).
 */
const CAPTURERS = new Int32Array(3);
const CAPTURES = new Int32Array(NUM_CELLS * NUM_CELLS); // from * NUM_CELLS + to: the turns are made only when asked for
let capturesCount = -1; // -1: not walked yet
let capturesOf: St3dPosition | undefined;
/** Whether the last slider markSlider walked met an enemy piece. */
let sliderCaptures = false;

/** Each side's move targets as the evaluation marks them: White's three words, then Black's (step-masks layout). */
const ATTACK = new Int32Array(6);

/**
 * Mark the cells a queen, rook or bishop on `cell` could move to (pieceTargets' list, standard
 * movement) in ATTACK; returns how many, and sets sliderCaptures. Written out so evaluation builds no list.
 */
function markSlider(board: Int8Array, slides: Slides, cell: number): number {
  const code = board[cell]!;
  const own = code & BLACK_BIT;
  const at3 = own ? 3 : 0;
  const { cells, skip, first } = slides;
  const list = cell * 3 + (code & 7) - QUEEN;
  let n = 0;
  let captures = false;
  for (let j = first[list]!, end = first[list + 1]!; j < end; ) {
    const to = cells[j]!;
    const target = board[to]!;
    if (target === EMPTY) {
      ATTACK[at3 + (to >> 5)]! |= 1 << to;
      n++;
      j++;
    } else {
      if ((target & BLACK_BIT) !== own) {
        ATTACK[at3 + (to >> 5)]! |= 1 << to;
        n++;
        captures = true;
      }
      j = skip[j]!;
    }
  }
  sliderCaptures = captures;
  return n;
}

/** A side's targets in ATTACK as a byte map per cell (First Contact's tuning terms read them). */
function attackedMap(side: number): Uint8Array {
  const map = ATTACKED_MAPS[side]!;
  map.fill(0);
  for (let word = 0; word < 3; word++)
    for (let bits = ATTACK[side * 3 + word]!; bits !== 0; bits &= bits - 1) map[(word << 5) | (31 - Math.clz32(bits & -bits))] = 1;
  return map;
}

/** No captures noted yet for `pos` (evaluateStandard notes them). */
function clearCapturers(pos: St3dPosition): void {
  CAPTURERS[0] = 0;
  CAPTURERS[1] = 0;
  CAPTURERS[2] = 0;
  capturesCount = -1;
  capturesOf = pos;
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

/** handScore's last answer, for these hands and weights (a position's arrays are never written once it is made: positions share them until a drop). */
let scoredHands: Int8Array | undefined;
let scoredWeights: St3dWeights | undefined;
let handsScore = 0;

/** handScore, read back while the hands array is the same. */
function handsTerm(pos: St3dPosition, w: St3dWeights): number {
  if (pos.hands !== scoredHands || w !== scoredWeights) {
    handsScore = handScore(pos, w);
    scoredHands = pos.hands;
    scoredWeights = w;
  }
  return handsScore;
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
    clearCapturers(pos);
    return pos.turn === 'white' ? handScore(pos, w) : -handScore(pos, w);
  }
  const geo = geometry(pos.platforms);
  const whiteKing = kingCell(board, KING);
  const blackKing = kingCell(board, KING + BLACK_BIT);
  // Each piece's tropism (6 less its distance to the enemy king, at least 0, weighted) and platform
  // term in one table: a White piece's row is Black's king's, a Black piece's White's (both kings on
  // the field, else no tropism); a king's own row holds no tropism.
  const terms = cellTerms(geo, w.tropism, w.onPlatform);
  const cellTerm = terms.table;
  const tropism = whiteKing >= 0 && blackKing >= 0 && w.tropism !== 0;
  const whiteRow = tropism ? kingRow(terms, blackKing) : NO_KING_ROW;
  const blackRow = tropism ? kingRow(terms, whiteKing) : NO_KING_ROW;
  clearSix(ATTACK);
  const mover = pos.turn === 'white' ? 0 : 1;
  clearCapturers(pos);
  let score = 0;
  // Every occupied cell exists (the cells of an empty pin are empty): the occupied cells in order.
  markOccupied(board);
  const masks = stepMasks(geo);
  const slides = slidesOf(geo);
  const occ0 = OCCUPIED[0]!;
  const occ1 = OCCUPIED[1]!;
  const occ2 = OCCUPIED[2]!;
  const black0 = BLACK_OCCUPIED[0]!;
  const black1 = BLACK_OCCUPIED[1]!;
  const black2 = BLACK_OCCUPIED[2]!;
  // The targets of pawns, knights and kings, gathered here (the sliders mark ATTACK as they walk).
  let white0Targets = 0;
  let white1Targets = 0;
  let white2Targets = 0;
  let black0Targets = 0;
  let black1Targets = 0;
  let black2Targets = 0;
  for (let word = 0; word < 3; word++)
    for (let bits = OCCUPIED[word]!; bits !== 0; bits &= bits - 1) {
      const cell = (word << 5) | (31 - Math.clz32(bits & -bits));
      const code = board[cell]!;
      const side = code & BLACK_BIT ? 1 : 0;
      const role = code & 7;
      let s = w.values[role]! + cellTerm[(role === KING ? NO_KING_ROW : side ? blackRow : whiteRow) + cell]!;
      let mobility: number;
      if (role === PAWN || role === KNIGHT || role === KING) {
        // The enemy's pieces (a pawn's captures) and the cells not of its own side (a king's or knight's targets).
        const enemy0 = side ? occ0 & ~black0 : black0;
        const enemy1 = side ? occ1 & ~black1 : black1;
        const enemy2 = side ? occ2 & ~black2 : black2;
        const at = cell * MASK_WORDS;
        let t0: number;
        let t1: number;
        let t2: number;
        if (role === PAWN) {
          t0 = (masks[at + PUSH]! & ~occ0) | (masks[at + CAPTURE]! & enemy0);
          t1 = (masks[at + PUSH + 1]! & ~occ1) | (masks[at + CAPTURE + 1]! & enemy1);
          t2 = (masks[at + PUSH + 2]! & ~occ2) | (masks[at + CAPTURE + 2]! & enemy2);
        } else {
          const m = at + (role === KING ? KING_STEP : LEAP);
          t0 = masks[m]! & (enemy0 | ~occ0);
          t1 = masks[m + 1]! & (enemy1 | ~occ1);
          t2 = masks[m + 2]! & (enemy2 | ~occ2);
        }
        if (side) {
          black0Targets |= t0;
          black1Targets |= t1;
          black2Targets |= t2;
        } else {
          white0Targets |= t0;
          white1Targets |= t1;
          white2Targets |= t2;
        }
        mobility = bitCount3(t0, t1, t2);
        if (side === mover && ((t0 & enemy0) | (t1 & enemy1) | (t2 & enemy2)) !== 0) CAPTURERS[word]! |= 1 << cell;
      } else {
        mobility = markSlider(board, slides, cell);
        if (side === mover && sliderCaptures) CAPTURERS[word]! |= 1 << cell;
      }
      if (role !== KING) s += w.mobility * mobility;
      score += side ? -s : s;
    }
  ATTACK[0]! |= white0Targets;
  ATTACK[1]! |= white1Targets;
  ATTACK[2]! |= white2Targets;
  ATTACK[3]! |= black0Targets;
  ATTACK[4]! |= black1Targets;
  ATTACK[5]! |= black2Targets;
  score += handsTerm(pos, w);
  for (let side = 0; side < 2; side++) {
    const king = side ? blackKing : whiteKing;
    if (king < 0) continue;
    const sign = side ? -1 : 1;
    // The king's cell twice, and its steps onto cells not of its own side, attacked by the enemy.
    const e = (1 - side) * 3;
    const at = king * MASK_WORDS + KING_STEP;
    const notOwn0 = side ? ~black0 : black0 | ~occ0;
    const notOwn1 = side ? ~black1 : black1 | ~occ1;
    const notOwn2 = side ? ~black2 : black2 | ~occ2;
    const danger =
      ((ATTACK[e + (king >> 5)]! >>> king) & 1) * 2 +
      bitCount3(masks[at]! & notOwn0 & ATTACK[e]!, masks[at + 1]! & notOwn1 & ATTACK[e + 1]!, masks[at + 2]! & notOwn2 & ATTACK[e + 2]!);
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

/** How many captures evaluatedCaptures gives for `pos`, or -1 when the last evaluation was of another position. */
export function evaluatedCaptureCount(pos: St3dPosition): number {
  if (pos !== capturesOf) return -1;
  if (capturesCount < 0) {
    // Walked now, in cell order (pieceCaptures'); no geometry asked for when there are none.
    const board = pos.board;
    const geo = CAPTURERS[0] || CAPTURERS[1] || CAPTURERS[2] ? geometry(pos.platforms) : undefined;
    let n = 0;
    if (geo)
      for (let word = 0; word < 3; word++)
        for (let bits = CAPTURERS[word]!; bits !== 0; bits &= bits - 1)
          n = captureCells(board, geo, (word << 5) | (31 - Math.clz32(bits & -bits)), CAPTURES, n);
    capturesCount = n;
  }
  return capturesCount;
}

/**
 * The captures of the side to move that the last evaluation met, if it was of `pos` (First Contact
 * and Warp Factor), appended to `out` in pieceCaptures' order; false when it was of another position.
 */
export function evaluatedCaptures(pos: St3dPosition, out: St3dMove[]): boolean {
  const count = evaluatedCaptureCount(pos);
  for (let i = 0; i < count; i++) out.push(pieceMoveAt(CAPTURES[i]!));
  return count >= 0;
}

/** SearchRules.evaluationNotes of First Contact and Warp Factor: which of the mover's pieces can capture (CAPTURERS). */
export const capturerNotes = {
  write(pos: St3dPosition, out: Int32Array, at: number): boolean {
    if (pos !== capturesOf) return false;
    out[at] = CAPTURERS[0]!;
    out[at + 1] = CAPTURERS[1]!;
    out[at + 2] = CAPTURERS[2]!;
    return true;
  },
  recall(pos: St3dPosition, from: Int32Array, at: number): void {
    CAPTURERS[0] = from[at]!;
    CAPTURERS[1] = from[at + 1]!;
    CAPTURERS[2] = from[at + 2]!;
    capturesCount = -1;
    capturesOf = pos;
  },
};

/** `pos` is about to be changed in place: what was noted about it is forgotten. */
export function forgetEvaluated(pos: St3dPosition): void {
  if (capturesOf === pos) capturesOf = undefined;
}
