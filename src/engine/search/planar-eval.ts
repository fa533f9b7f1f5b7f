// Planar Chess's static evaluation (search/planar.ts): material, mobility in each piece's plane,
// enemy attacks on the king's escape cells, and pieces that could turn to attack the enemy king.
// One pass over the cube with every table flat and typed: the evaluation is about a third of the
// search's time, most of it walking short target lists.
import { BISHOP, BLACK_BIT, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK } from '../piece-codes.ts';
import { attacks } from '../planar/attacks.ts';
import { DIAG_FLAT, KING_AT, KING_TARGETS, KNIGHT_AT, NUM_CELLS, ORTHO_FLAT, PAWN_CAPTURE_AT, PAWN_STEP_AT, RELATION, SLOT } from '../planar/cube.ts';
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

/** The king's neighbours in any of its three planes, in slots of 19: the count, then the cells. */
const ZONE_SLOT = 19;
const KING_ZONES = new Int8Array(NUM_CELLS * ZONE_SLOT);
for (let cell = 0; cell < NUM_CELLS; cell++) {
  const set = new Set<number>();
  for (let o = 0; o < 3; o++) for (const t of KING_TARGETS[cell * 3 + o]!) set.add(t);
  KING_ZONES[cell * ZONE_SLOT] = set.size;
  KING_ZONES.set(
    [...set].sort((a, b) => a - b),
    cell * ZONE_SLOT + 1,
  );
}

/** Per (cell, king) pair, cell * 64 + king: the orientations (bits) in which a piece on `cell` could attack `king` on an empty board. */
const NEAR_KING: Uint8Array = (() => {
  const near = new Uint8Array(NUM_CELLS * NUM_CELLS);
  for (let c = 0; c < NUM_CELLS; c++)
    for (let k = 0; k < NUM_CELLS; k++) for (let o = 0; o < 3; o++) if (RELATION[(c * 3 + o) * NUM_CELLS + k]) near[c * NUM_CELLS + k]! |= 1 << o;
  return near;
})();

/** A piece in hand's value by hand index (White's K Q R B N P, then Black's; a king in hand counts nothing). */
const [HAND_QUEEN, HAND_ROOK, HAND_BISHOP, HAND_KNIGHT, HAND_PAWN] = [VALUES[QUEEN]!, VALUES[ROOK]!, VALUES[BISHOP]!, VALUES[KNIGHT]!, VALUES[PAWN]!];
const ROLE_VALUE: Int32Array = Int32Array.from(VALUES);

/** Per side (side*64 + cell), 1 where the side attacks the cell. */
const ATTACKED = new Uint8Array(2 * NUM_CELLS);
/** The non-king pieces' cells of the evaluation, for the re-orientation test once both kings are known. */
const PIECES = new Int8Array(NUM_CELLS);

/** The static score from the side to move's view. */
export function evaluate(pos: PlanarPosition): number {
  const { board, orient, hands } = pos;
  const map = ATTACKED;
  map.fill(0);
  let whiteKing = -1;
  let blackKing = -1;
  let pieces = 0;
  let score = 0;
  for (let cell = 0; cell < NUM_CELLS; cell++) {
    const code = board[cell]!;
    if (code === EMPTY) continue;
    const own = code & BLACK_BIT;
    const side = own >> 3;
    const at = side * NUM_CELLS;
    const role = code & 7;
    const k = cell * 3 + orient[cell]!;
    let moves = 0;
    if (role === PAWN) {
      for (let i = k * SLOT + 1, end = i + PAWN_CAPTURE_AT[k * SLOT]!; i < end; i++) map[at + PAWN_CAPTURE_AT[i]!] = 1;
      for (let i = k * SLOT + 1, end = i + PAWN_STEP_AT[k * SLOT]!; i < end; i++) if (board[PAWN_STEP_AT[i]!] === EMPTY) moves++;
    } else if (role === KNIGHT || role === KING) {
      const table = role === KNIGHT ? KNIGHT_AT : KING_AT;
      for (let i = k * SLOT + 1, end = i + table[k * SLOT]!; i < end; i++) {
        const t = table[i]!;
        map[at + t] = 1;
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
            map[at + t] = 1;
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
    const near = NEAR_KING[cell * NUM_CELLS + enemyKing]! & ~(1 << orient[cell]!);
    if (!near) continue;
    for (let other = 0; other < 3; other++)
      if (near & (1 << other) && attacks(board, code, other, cell, enemyKing)) {
        score += black ? -REORIENT_THREAT : REORIENT_THREAT;
        break;
      }
  }
  score += (hands[1]! - hands[7]!) * HAND_QUEEN + (hands[2]! - hands[8]!) * HAND_ROOK + (hands[3]! - hands[9]!) * HAND_BISHOP;
  score += (hands[4]! - hands[10]!) * HAND_KNIGHT + (hands[5]! - hands[11]!) * HAND_PAWN;
  if (whiteKing >= 0) score -= KING_ZONE * danger(whiteKing, NUM_CELLS);
  if (blackKing >= 0) score += KING_ZONE * danger(blackKing, 0);
  return pos.turn === 'white' ? score : -score;
}

/** How many of the king's escape cells the enemy (its map at `at`) attacks. */
function danger(king: number, at: number): number {
  let n = 0;
  for (let i = king * ZONE_SLOT + 1, end = i + KING_ZONES[king * ZONE_SLOT]!; i < end; i++) n += ATTACKED[at + KING_ZONES[i]!]!;
  return n;
}
