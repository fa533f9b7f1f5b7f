// Search knowledge of Planar Chess: keys, evaluation, move facts. A piece acts
// only in its plane, so mobility and attacks are counted in that plane, and a
// piece that could attack the enemy king after a re-orientation is a threat.
import { DIAG_FLAT, type FlatRays, KING_TARGETS, KNIGHT_TARGETS, NUM_CELLS, ORTHO_FLAT, PAWN_CAPTURES, PAWN_STEPS, RELATION } from '../planar/cube.ts';
// The engine's piece codes: 0 empty, K Q R B N P as 1..6, +8 for Black.
import { BISHOP, BLACK_BIT, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK } from '../piece-codes.ts';
import { attacks, attacksAfterTurn } from '../planar/attacks.ts';
import { dropAt, isLegalOutOfCheck, legalDrops, legalMovesWithDrops, moveAt, orientAt, planarCaptures } from '../planar/moves.ts';
import { knownInCheck, type PlanarMove, type PlanarPosition } from '../planar/position.ts';
import { replaceEntry, roleIndex, xorEntry, zobristTable, type Key, type RoleValues, type SearchRules } from './rules.ts';

// ---- keys ------------------------------------------------------------------------
const BOARD_AT = 0; // cell*16 + code
const ORIENT_AT = NUM_CELLS * 16; // cell*3 + orientation
const HAND_AT = ORIENT_AT + NUM_CELLS * 3; // index*16 + count
const TURN_AT = HAND_AT + 12 * 16;
const ZOBRIST = zobristTable(TURN_AT + 1, 0x91a7a2);

function hash(pos: PlanarPosition, key: Key): void {
  key[0] = 0;
  key[1] = 0;
  for (let cell = 0; cell < NUM_CELLS; cell++) {
    xorEntry(key, ZOBRIST, BOARD_AT + cell * 16 + pos.board[cell]!);
    xorEntry(key, ZOBRIST, ORIENT_AT + cell * 3 + pos.orient[cell]!);
  }
  for (let i = 0; i < 12; i++) xorEntry(key, ZOBRIST, HAND_AT + i * 16 + (pos.hands[i]! & 15));
  if (pos.turn === 'black') xorEntry(key, ZOBRIST, TURN_AT);
}

/** Only the cells the turn can change (`move`, when given: one or two cells) are compared. */
function rehash(parent: PlanarPosition, child: PlanarPosition, key: Key, move?: PlanarMove): void {
  if (move === undefined) for (let cell = 0; cell < NUM_CELLS; cell++) rehashCell(parent, child, key, cell);
  else if (move.kind === 'move') {
    rehashCell(parent, child, key, move.from);
    rehashCell(parent, child, key, move.to);
  } else rehashCell(parent, child, key, move.kind === 'drop' ? move.to : move.cell);
  if (parent.hands !== child.hands) for (let i = 0; i < 12; i++) replaceEntry(key, ZOBRIST, HAND_AT + i * 16, parent.hands[i]! & 15, child.hands[i]! & 15);
  if (parent.turn !== child.turn) xorEntry(key, ZOBRIST, TURN_AT);
}

function rehashCell(parent: PlanarPosition, child: PlanarPosition, key: Key, cell: number): void {
  replaceEntry(key, ZOBRIST, BOARD_AT + cell * 16, parent.board[cell]!, child.board[cell]!);
  replaceEntry(key, ZOBRIST, ORIENT_AT + cell * 3, parent.orient[cell]!, child.orient[cell]!);
}

// ---- move facts ------------------------------------------------------------------
/** XY 0, XZ 1, YZ 2 (from the letters' codes: 88+89, 88+90, 89+90). */
const orientIndex = (o: string): number => o.charCodeAt(0) + o.charCodeAt(1) - 177;

function moveKey(move: PlanarMove): number {
  switch (move.kind) {
    case 'move':
      return (move.from * NUM_CELLS + move.to) * 4;
    case 'drop':
      return ((roleIndex(move.role) * NUM_CELLS + move.to) * 3 + orientIndex(move.orientation)) * 4 + 1;
    case 'orient':
      return (move.cell * 3 + orientIndex(move.orientation)) * 4 + 2;
  }
}

/** The board and orientations givesCheck tries a move on: copies, so positions stay as they are. */
const SCRATCH = new Int8Array(NUM_CELLS);
const SCRATCH_ORIENT = new Int8Array(NUM_CELLS);

/** Does the legal turn attack the opposing king? Moves are tried on a scratch copy of the board. */
function givesCheck(pos: PlanarPosition, move: PlanarMove): boolean {
  // A drop that would attack the opposing king is illegal.
  if (move.kind === 'drop') return false;
  const king = pos.board.indexOf(pos.turn === 'white' ? KING + BLACK_BIT : KING);
  if (king < 0) return false;
  // A re-orientation changes no occupancy: only the turned piece's attacks change.
  if (move.kind === 'orient') return attacks(pos.board, pos.board[move.cell]!, orientIndex(move.orientation), move.cell, king);
  const board = SCRATCH;
  const orient = SCRATCH_ORIENT;
  board.set(pos.board);
  orient.set(pos.orient);
  board[move.to] = board[move.from]!;
  orient[move.to] = orient[move.from]!;
  board[move.from] = EMPTY;
  return attacksAfterTurn(board, orient, move.from, move.to, king);
}

/** Is the side to move in `child` (`parent` after `move`) in check? Told by the turn, not by looking at every attacker. */
function checkAfter(_parent: PlanarPosition, child: PlanarPosition, move: PlanarMove): boolean {
  // A drop that would attack the opposing king is illegal, and a king being placed may not either.
  if (move.kind === 'drop') return knownCheck(child, false);
  const king = child.board.indexOf(child.turn === 'white' ? KING : KING + BLACK_BIT);
  if (move.kind === 'orient') return knownCheck(child, attacksAfterTurn(child.board, child.orient, -1, move.cell, king));
  return knownCheck(child, attacksAfterTurn(child.board, child.orient, move.from, move.to, king));
}

/** `checked`, which the generator's inCheck(pos) is told too (it is asked next). */
const knownCheck = (pos: PlanarPosition, checked: boolean): boolean => {
  knownInCheck(pos, checked);
  return checked;
};

// ---- evaluation ------------------------------------------------------------------
const VALUES: RoleValues = [0, 0, 900, 500, 330, 320, 100];
const MOBILITY = 3;
/** Per enemy-attacked cell among the king's steps in all three planes (its escape cells). */
const KING_ZONE = 14;
/** Per enemy piece that would attack the king after turning to another plane. */
const REORIENT_THREAT = 18;

/** The king's neighbours in any of its three planes. */
const KING_ZONES: readonly Int8Array[] = Array.from({ length: NUM_CELLS }, (_, cell) => {
  const set = new Set<number>();
  for (let o = 0; o < 3; o++) for (const t of KING_TARGETS[cell * 3 + o]!) set.add(t);
  return Int8Array.from([...set].sort((a, b) => a - b));
});

const attacked = [new Uint8Array(NUM_CELLS), new Uint8Array(NUM_CELLS)];

/** Per (cell, king) pair, cell * 64 + king: 1 when a piece on `cell` in some orientation could attack `king` on an empty board. */
const NEAR_KING: Uint8Array = (() => {
  const near = new Uint8Array(NUM_CELLS * NUM_CELLS);
  for (let c = 0; c < NUM_CELLS; c++)
    for (let k = 0; k < NUM_CELLS; k++) for (let o = 0; o < 3; o++) if (RELATION[(c * 3 + o) * NUM_CELLS + k]) near[c * NUM_CELLS + k] = 1;
  return near;
})();

/** A piece in hand's signed value, by hand index (a king in hand counts nothing). */
const HAND_VALUE: Int32Array = Int32Array.from({ length: 12 }, (_, i) => (i % 6 ? (i < 6 ? 1 : -1) * VALUES[(i % 6) + 1]! : 0));

/** Mark the cells a leaper reaches; returns how many it can move to. */
function markLeaps(board: Int8Array, own: number, targets: Int8Array, map: Uint8Array): number {
  let moves = 0;
  for (let i = 0; i < targets.length; i++) {
    const t = targets[i]!;
    map[t] = 1;
    const occupant = board[t]!;
    if (occupant === EMPTY || (occupant & BLACK_BIT) !== own) moves++;
  }
  return moves;
}

/** Mark the cells a slider reaches along its rays (the k-th of `rays`); returns how many it can move to. */
function markSlides(board: Int8Array, own: number, rays: FlatRays, k: number, map: Uint8Array): number {
  const { cells } = rays;
  let moves = 0;
  for (let i = rays.at[k]!, last = rays.at[k + 1]!; i < last; ) {
    const end = i + 1 + cells[i]!;
    for (i++; i < end; i++) {
      const t = cells[i]!;
      map[t] = 1;
      const occupant = board[t]!;
      if (occupant === EMPTY) moves++;
      else {
        if ((occupant & BLACK_BIT) !== own) moves++;
        break;
      }
    }
    i = end;
  }
  return moves;
}

/** Mark the cells attacked by the piece on `cell`; returns how many cells it can move to. */
function markAttacks(board: Int8Array, code: number, k: number, map: Uint8Array): number {
  const own = code & BLACK_BIT;
  switch (code & 7) {
    case KING:
      return markLeaps(board, own, KING_TARGETS[k]!, map);
    case KNIGHT:
      return markLeaps(board, own, KNIGHT_TARGETS[k]!, map);
    case PAWN: {
      let moves = 0;
      const captures = PAWN_CAPTURES[k]!;
      for (let i = 0; i < captures.length; i++) map[captures[i]!] = 1;
      const steps = PAWN_STEPS[k]!;
      for (let i = 0; i < steps.length; i++) if (board[steps[i]!] === EMPTY) moves++;
      return moves;
    }
    case ROOK:
      return markSlides(board, own, ORTHO_FLAT, k, map);
    case BISHOP:
      return markSlides(board, own, DIAG_FLAT, k, map);
    case QUEEN:
      return markSlides(board, own, ORTHO_FLAT, k, map) + markSlides(board, own, DIAG_FLAT, k, map);
  }
  return 0;
}

function evaluate(pos: PlanarPosition): number {
  const { board, orient, hands } = pos;
  attacked[0]!.fill(0);
  attacked[1]!.fill(0);
  const whiteKing = board.indexOf(KING);
  const blackKing = board.indexOf(KING + BLACK_BIT);
  let score = 0;
  for (let cell = 0; cell < NUM_CELLS; cell++) {
    const code = board[cell]!;
    if (code === EMPTY) continue;
    const side = code & BLACK_BIT ? 1 : 0;
    const role = code & 7;
    const o = orient[cell]!;
    let s = VALUES[role]!;
    const moves = markAttacks(board, code, cell * 3 + o, attacked[side]!);
    if (role !== KING) s += MOBILITY * moves;
    // A piece that could turn to attack the enemy king threatens check (or mate).
    const enemyKing = side ? whiteKing : blackKing;
    if (enemyKing >= 0 && role !== KING && NEAR_KING[cell * NUM_CELLS + enemyKing])
      for (let other = 0; other < 3; other++)
        if (other !== o && attacks(board, code, other, cell, enemyKing)) {
          s += REORIENT_THREAT;
          break;
        }
    score += side ? -s : s;
  }
  for (let i = 0; i < 12; i++) score += hands[i]! * HAND_VALUE[i]!;
  for (let side = 0; side < 2; side++) {
    const king = side ? blackKing : whiteKing;
    if (king < 0) continue;
    const enemy = attacked[1 - side]!;
    const zone = KING_ZONES[king]!;
    let danger = 0;
    for (let i = 0; i < zone.length; i++) danger += enemy[zone[i]!]!;
    score -= (side ? -1 : 1) * danger * KING_ZONE;
  }
  return pos.turn === 'white' ? score : -score;
}

/** The shared turn moveKey gives `key` (a candidate, not known to be legal), or undefined. */
function moveOfKey(key: number): PlanarMove | undefined {
  if (!(key >= 0) || key % 1 !== 0) return undefined;
  const tag = key % 4;
  const v = (key - tag) / 4;
  if (tag === 0) return v < NUM_CELLS * NUM_CELLS ? moveAt(Math.floor(v / NUM_CELLS), v % NUM_CELLS) : undefined;
  if (tag === 1) {
    const o = v % 3;
    const cells = (v - o) / 3;
    return cells < 6 * NUM_CELLS ? dropAt(Math.floor(cells / NUM_CELLS), cells % NUM_CELLS, o) : undefined;
  }
  if (tag === 2) return v < NUM_CELLS * 3 ? orientAt(Math.floor(v / 3), v % 3) : undefined;
  return undefined;
}

/** The drops among move keys, as indices in dropAt's order (a drop's key is its index times 4, plus 1), ascending, once each. */
const DROP_INDICES: number[] = [];
function dropIndices(keys: readonly number[]): number[] {
  const out = DROP_INDICES;
  out.length = 0;
  for (let i = 0; i < keys.length; i++) if (keys[i]! % 4 === 1) out.push((keys[i]! - 1) / 4);
  out.sort((a, b) => a - b);
  let n = 0;
  for (let i = 0; i < out.length; i++) if (i === 0 || out[i] !== out[i - 1]) out[n++] = out[i]!;
  out.length = n;
  return out;
}

export const planarSearchRules: SearchRules<PlanarPosition, PlanarMove> = {
  hash,
  rehash,
  evaluate,
  victim: (pos, move) => (move.kind === 'move' ? VALUES[pos.board[move.to]! & 7]! : 0),
  attacker: (pos, move) => (move.kind === 'move' ? VALUES[pos.board[move.from]! & 7]! : 0),
  moveKey,
  isDrop: (move) => move.kind === 'drop',
  legalByKey: (pos, key) => {
    const candidate = moveOfKey(key);
    return candidate && moveKey(candidate) === key && isLegalOutOfCheck(pos, candidate) ? candidate : undefined;
  },
  captures: (pos) => planarCaptures(pos),
  // generate's own order: piece moves (captures among them) before re-orientations and drops.
  firstCaptures: (pos) => planarCaptures(pos),
  givesCheck,
  checkAfter,
  // No drop gives check.
  legalMovesWithDrops: (pos, keys) => legalMovesWithDrops(pos, dropIndices(keys)),
  legalDrops,
};
