// Planar Chess's static evaluation (search/planar.ts): material, mobility in each piece's plane,
// enemy attacks on the king's escape cells, and pieces that could turn to attack the enemy king.
// One pass over the cube with every table flat and typed: the evaluation is about a third of the
// search's time, most of it walking short target lists.
import { BISHOP, BLACK_BIT, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK } from '../piece-codes.ts';
import { attacks, blocker } from '../planar/attacks.ts';
import { DIAG_FLAT, KING_AT, KING_TARGETS, KNIGHT_AT, KNIGHT_TARGETS, NUM_CELLS, ORTHO_FLAT, PAWN_CAPTURES, PAWN_STEP_AT, SLOT, STEP } from '../planar/cube.ts';
import type { PlanarPosition } from '../planar/position.ts';
import type { RoleValues } from './rules.ts';

export const VALUES: RoleValues = [0, 0, 900, 500, 330, 320, 100];
const MOBILITY = 3;
/** Per enemy-attacked cell among the king's steps in all three planes (its escape cells). */
const KING_ZONE = 14;
/** Per enemy piece that would attack the king after turning to another plane. */
const REORIENT_THREAT = 18;

const ORTHO_CELLS = ORTHO_FLAT.cells;
const ORTHO_AT = ORTHO_FLAT.at;
const DIAG_CELLS = DIAG_FLAT.cells;
const DIAG_AT = DIAG_FLAT.at;

/** Cell sets as two words, cells 0-31 then 32-63 (a set of index i at i*2). */
function masks(count: number, cellsOf: (i: number) => Iterable<number>): Int32Array {
  const out = new Int32Array(count * 2);
  for (let i = 0; i < count; i++) for (const c of cellsOf(i)) out[i * 2 + (c >> 5)]! |= 1 << c;
  return out;
}
/** The king's neighbours in any of its three planes (its escape cells), per cell. */
const ZONE_MASK = masks(NUM_CELLS, (cell) => [0, 1, 2].flatMap((o) => [...KING_TARGETS[cell * 3 + o]!]));
/** The cells a pawn, knight or king attacks, per index k = cell*3+o. */
const PAWN_CAPTURE_MASK = masks(NUM_CELLS * 3, (k) => PAWN_CAPTURES[k]!);
const KNIGHT_MASK = masks(NUM_CELLS * 3, (k) => KNIGHT_TARGETS[k]!);
const KING_MASK = masks(NUM_CELLS * 3, (k) => KING_TARGETS[k]!);

const bitCount = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
};

/**
 * Per (role, cell, king), (role * 64 + cell) * 64 + king: bit o set when the role on `cell` turned
 * to orientation o would attack `king` on an empty board, and bit o + 3 too when that is along a
 * line with cells between (to be looked at on the board).
 */
const ROLE_NEAR: Uint8Array = (() => {
  const near = new Uint8Array(7 * NUM_CELLS * NUM_CELLS);
  const empty = new Int8Array(NUM_CELLS);
  for (let role = QUEEN; role <= PAWN; role++)
    for (let c = 0; c < NUM_CELLS; c++)
      for (let k = 0; k < NUM_CELLS; k++)
        for (let o = 0; o < 3; o++) {
          if (!attacks(empty, role, o, c, k)) continue;
          const i = (c * 3 + o) * NUM_CELLS + k;
          const far = STEP[i]! !== 0 && c + STEP[i]! !== k && role !== KNIGHT && role !== PAWN;
          near[(role * NUM_CELLS + c) * NUM_CELLS + k]! |= (1 << o) | (far ? 8 << o : 0);
        }
  return near;
})();

/** A piece in hand's value by hand index (White's K Q R B N P, then Black's; a king in hand counts nothing). */
const [HAND_QUEEN, HAND_ROOK, HAND_BISHOP, HAND_KNIGHT, HAND_PAWN] = [VALUES[QUEEN]!, VALUES[ROOK]!, VALUES[BISHOP]!, VALUES[KNIGHT]!, VALUES[PAWN]!];
const ROLE_VALUE: Int32Array = Int32Array.from(VALUES);

/** The cells each side attacks, as two words a side (White's at 0, Black's at 2). */
const ATTACKED = new Int32Array(4);
/** The non-king pieces' cells of the evaluation, for the re-orientation test once both kings are known. */
const PIECES = new Int8Array(NUM_CELLS);

/** The static score from the side to move's view. */
export function evaluate(pos: PlanarPosition): number {
  const { board, orient, hands } = pos;
  const map = ATTACKED;
  map[0] = map[1] = map[2] = map[3] = 0;
  let whiteKing = -1;
  let blackKing = -1;
  let pieces = 0;
  let score = 0;
  for (let cell = 0; cell < NUM_CELLS; cell++) {
    const code = board[cell]!;
    if (code === EMPTY) continue;
    const own = code & BLACK_BIT;
    const side = own >> 3;
    const at = side * 2;
    const role = code & 7;
    const k = cell * 3 + orient[cell]!;
    let moves = 0;
    if (role === PAWN) {
      map[at]! |= PAWN_CAPTURE_MASK[k * 2]!;
      map[at + 1]! |= PAWN_CAPTURE_MASK[k * 2 + 1]!;
      for (let i = k * SLOT + 1, end = i + PAWN_STEP_AT[k * SLOT]!; i < end; i++) if (board[PAWN_STEP_AT[i]!] === EMPTY) moves++;
    } else if (role === KNIGHT || role === KING) {
      const table = role === KNIGHT ? KNIGHT_AT : KING_AT;
      const mask = role === KNIGHT ? KNIGHT_MASK : KING_MASK;
      map[at]! |= mask[k * 2]!;
      map[at + 1]! |= mask[k * 2 + 1]!;
      for (let i = k * SLOT + 1, end = i + table[k * SLOT]!; i < end; i++) {
        const t = table[i]!;
        const occupant = board[t]!;
        if (occupant === EMPTY || (occupant & BLACK_BIT) !== own) moves++;
      }
      if (role === KING) {
        if (side) blackKing = cell;
        else whiteKing = cell;
        continue;
      }
    } else {
      // A rook's orthogonal rays, a bishop's diagonal ones, a queen's both.
      for (let pass = role === BISHOP ? 1 : 0, last = role === ROOK ? 0 : 1; pass <= last; pass++) {
        const cells = pass === 0 ? ORTHO_CELLS : DIAG_CELLS;
        const starts = pass === 0 ? ORTHO_AT : DIAG_AT;
        for (let i = starts[k]!, stop = starts[k + 1]!; i < stop; ) {
          const end = i + 1 + cells[i]!;
          for (i++; i < end; i++) {
            const t = cells[i]!;
            map[at + (t >> 5)]! |= 1 << t;
            const occupant = board[t]!;
            if (occupant === EMPTY) moves++;
            else {
              if ((occupant & BLACK_BIT) !== own) moves++;
              break;
            }
          }
          i = end;
        }
      }
    }
    PIECES[pieces++] = cell;
    const s = ROLE_VALUE[role]! + MOBILITY * moves;
    score += side ? -s : s;
  }
  // A piece that could turn to attack the enemy king threatens check (or mate).
  for (let p = 0; p < pieces; p++) {
    const cell = PIECES[p]!;
    const code = board[cell]!;
    const black = code & BLACK_BIT;
    const enemyKing = black ? whiteKing : blackKing;
    if (enemyKing < 0) continue;
    const o = orient[cell]!;
    const near = ROLE_NEAR[((code & 7) * NUM_CELLS + cell) * NUM_CELLS + enemyKing]! & ~(9 << o);
    if (!(near & 7)) continue;
    for (let other = 0; other < 3; other++)
      if (near & (1 << other) && (!(near & (8 << other)) || blocker(board, cell, enemyKing, STEP[(cell * 3 + other) * NUM_CELLS + enemyKing]!) < 0)) {
        score += black ? -REORIENT_THREAT : REORIENT_THREAT;
        break;
      }
  }
  score += (hands[1]! - hands[7]!) * HAND_QUEEN + (hands[2]! - hands[8]!) * HAND_ROOK + (hands[3]! - hands[9]!) * HAND_BISHOP;
  score += (hands[4]! - hands[10]!) * HAND_KNIGHT + (hands[5]! - hands[11]!) * HAND_PAWN;
  if (whiteKing >= 0) score -= KING_ZONE * danger(whiteKing, 2);
  if (blackKing >= 0) score += KING_ZONE * danger(blackKing, 0);
  return pos.turn === 'white' ? score : -score;
}

/** How many of the king's escape cells the enemy (its words at `at`) attacks. */
const danger = (king: number, at: number): number => bitCount(ATTACKED[at]! & ZONE_MASK[king * 2]!) + bitCount(ATTACKED[at + 1]! & ZONE_MASK[king * 2 + 1]!);
