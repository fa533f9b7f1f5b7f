// Curved Space's evaluation (st3d-eval.ts's st3dEvaluation uses it): material, mobility through
// the worm-hole, king zone, worm-hole cells and drop exposure, from White's side, turned to the side
// to move at the end.
import { isFixed } from '../st3d/field.ts';
import { BLACK_BIT, KING, KNIGHT, PAWN } from '../piece-codes.ts';
import type { St3dPosition } from '../st3d/position.ts';
import { clearSix, dropThreat, type St3dWeights } from './st3d-eval-terms.ts';
import { wormholeOf } from '../st3d/curved-space-movement.ts';
import { CAPTURERS, levelSlide, noteCapturers, targetWords } from '../st3d/curved-space-words.ts';
import { cellLayer, type Wormhole } from '../st3d/wormhole.ts';
import { BLACK_OCCUPIED, markOccupied, OCCUPIED } from '../st3d/occupancy.ts';
import { bitCount, bitCount3, LEVEL_CAPTURE, LEVEL_KING, LEVEL_LEAP, LEVEL_MASKS, LEVEL_PUSH } from './st3d-step-masks.ts';

/** The hands array and weights whose terms were last summed (positions share a hands array until a drop). */
let summedHands: Int8Array | undefined;
let summedWeights: St3dWeights | undefined;
let handSum = 0;
/** Every term of that sum a whole number (then the sum is the same in any order). */
let handSumWhole = false;

/**
 * `score` plus the pieces in hand, by value (handShare 0.95: each term is whole for these values,
 * but that is checked, and the terms are added one by one in order when one is not).
 */
function withHands(score: number, hands: Int8Array, w: St3dWeights): number {
  if (hands !== summedHands || w !== summedWeights) {
    summedHands = hands;
    summedWeights = w;
    handSum = 0;
    handSumWhole = true;
    for (let i = 0; i < 12; i++) {
      const n = hands[i]!;
      if (!n || i % 6 === 0) continue;
      const term = (i < 6 ? 1 : -1) * n * w.values[(i % 6) + 1]! * w.handShare;
      handSum += term;
      if (!Number.isInteger(term)) handSumWhole = false;
    }
  }
  if (handSumWhole && Number.isInteger(score)) return score + handSum;
  for (let i = 0; i < 12; i++) {
    const n = hands[i]!;
    if (n && i % 6) score += (i < 6 ? 1 : -1) * n * w.values[(i % 6) + 1]! * w.handShare;
  }
  return score;
}

/** The targets of the piece the evaluation is at, as words (targetWords). */
const TARGETS = new Int32Array(3);

/** Curved Space's evaluation: each side's targets as words (White's three, then Black's), and each king's. */
const CURVED_ATTACK = new Int32Array(6);
const KING_ZONE = new Int32Array(6);

/**
 * Curved Space's evaluation (no tropism). Each piece's targets are words (targetWords); a piece on
 * a level cell off the worm-hole has only level moves, read at once from masks of the level (a
 * slider's from its kept reach) against the occupancy words.
 */
export function evaluateCurved(pos: St3dPosition, w: St3dWeights): number {
  const board = pos.board;
  // Fetched for the first piece on a platform or the centre (level pieces need no worm-hole).
  let wh: Wormhole | undefined;
  clearSix(CURVED_ATTACK);
  clearSix(KING_ZONE);
  let score = 0;
  let whiteKing = -1;
  let blackKing = -1;
  const mover = pos.turn === 'white' ? 0 : 1;
  let capturers = 0;
  const values = w.values;
  const mobilityWeight = w.mobility;
  markOccupied(board);
  for (let word = 0; word < 3; word++)
    for (let bits = OCCUPIED[word]!; bits !== 0; bits &= bits - 1) {
      const cell = (word << 5) | (31 - Math.clz32(bits & -bits));
      const code = board[cell]!;
      const side = code & BLACK_BIT ? 1 : 0;
      const role = code & 7;
      if (role === KING) {
        if (side) blackKing = cell;
        else whiteKing = cell;
      }
      let s = values[role]!;
      const a = side * 3;
      let mobility: number;
      // A level cell off the centre (a fixed cell's layer is its level's centre, always worm-hole).
      if (cellLayer(cell) < 0 && isFixed(cell)) {
        // Level moves only. A level's cells are bits (cell & 16) on of word cell >> 5 (cell & 31 = that shift + local).
        const shift = cell & 16;
        const at = (cell & 15) * 4;
        const occupied = OCCUPIED[word]! >>> shift;
        const blacks = BLACK_OCCUPIED[word]! >>> shift;
        const enemy = side ? occupied & ~blacks : blacks;
        const t =
          (role === PAWN
            ? (LEVEL_MASKS[at + LEVEL_PUSH]! & ~occupied) | (LEVEL_MASKS[at + LEVEL_CAPTURE]! & enemy)
            : role === KNIGHT || role === KING
              ? LEVEL_MASKS[at + (role === KING ? LEVEL_KING : LEVEL_LEAP)]! & (enemy | ~occupied)
              : levelSlide(cell, role, occupied & 0xffff) & (enemy | ~occupied)) & 0xffff;
        CURVED_ATTACK[a + word]! |= t << shift;
        if (role === KING) KING_ZONE[a + word] = t << shift;
        if (side === mover && (t & enemy) !== 0) CAPTURERS[capturers++] = cell;
        // Neither on a platform nor on the worm-hole: the other terms are 0.
        if (role !== KING) s += mobilityWeight * bitCount(t);
        score = side ? score - s : score + s;
        continue;
      } else {
        wh ??= wormholeOf(pos);
        targetWords(board, wh, cell, OCCUPIED, BLACK_OCCUPIED, TARGETS);
        const t0 = TARGETS[0]!;
        const t1 = TARGETS[1]!;
        const t2 = TARGETS[2]!;
        CURVED_ATTACK[a]! |= t0;
        CURVED_ATTACK[a + 1]! |= t1;
        CURVED_ATTACK[a + 2]! |= t2;
        if (role === KING) {
          KING_ZONE[a] = t0;
          KING_ZONE[a + 1] = t1;
          KING_ZONE[a + 2] = t2;
        }
        mobility = bitCount3(t0, t1, t2);
        if (side === mover) {
          const b0 = BLACK_OCCUPIED[0]!;
          const b1 = BLACK_OCCUPIED[1]!;
          const b2 = BLACK_OCCUPIED[2]!;
          const enemies = side ? (t0 & OCCUPIED[0]! & ~b0) | (t1 & OCCUPIED[1]! & ~b1) | (t2 & OCCUPIED[2]! & ~b2) : (t0 & b0) | (t1 & b1) | (t2 & b2);
          if (enemies !== 0) CAPTURERS[capturers++] = cell;
        }
      }
      if (role !== KING) s += mobilityWeight * mobility;
      if (!isFixed(cell)) s += w.onPlatform;
      if (cellLayer(cell) >= 0 && (role !== PAWN || !isFixed(cell))) s += w.onWormhole;
      score = side ? score - s : score + s;
    }
  noteCapturers(pos, capturers);
  score = withHands(score, pos.hands, w);
  for (let side = 0; side < 2; side++) {
    const king = side ? blackKing : whiteKing;
    if (king < 0) continue;
    const sign = side ? -1 : 1;
    // The king's cell twice and each of its targets once, attacked by the enemy.
    const e = (1 - side) * 3;
    const z = side * 3;
    const danger =
      ((CURVED_ATTACK[e + (king >> 5)]! >>> king) & 1) * 2 +
      bitCount3(KING_ZONE[z]! & CURVED_ATTACK[e]!, KING_ZONE[z + 1]! & CURVED_ATTACK[e + 1]!, KING_ZONE[z + 2]! & CURVED_ATTACK[e + 2]!);
    score -= sign * danger * w.kingZone;
    const exposed = dropThreat(pos, w, side, king);
    if (exposed) score -= sign * exposed;
  }
  return pos.turn === 'white' ? score : -score;
}
