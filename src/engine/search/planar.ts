// Search knowledge of Planar Chess: keys and move facts; the evaluation is in
// planar-eval.ts (a piece acts only in its plane, so mobility and attacks are
// counted in that plane).
import { NUM_CELLS } from '../planar/cube.ts';
// The engine's piece codes: 0 empty, K Q R B N P as 1..6, +8 for Black.
import { BLACK_BIT, EMPTY, handIndex, KING } from '../piece-codes.ts';
import { attacks, attacksAfterTurn } from '../planar/attacks.ts';
import { dropAt, isLegalOutOfCheck, legalDrops, legalMovesWithDrops, moveAt, orientAt, planarCaptures } from '../planar/moves.ts';
import { evaluate, VALUES } from './planar-eval.ts';
import { knownInCheck, type PlanarMove, type PlanarPosition } from '../planar/position.ts';
import { replaceEntry, roleIndex, xorEntry, zobristTable, type Key, type SearchRules } from './rules.ts';

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
  if (parent.hands !== child.hands) {
    // A drop changes one count in hand.
    if (move?.kind === 'drop') {
      const i = handIndex(parent.turn, move.role);
      replaceEntry(key, ZOBRIST, HAND_AT + i * 16, parent.hands[i]! & 15, child.hands[i]! & 15);
    } else for (let i = 0; i < 12; i++) replaceEntry(key, ZOBRIST, HAND_AT + i * 16, parent.hands[i]! & 15, child.hands[i]! & 15);
  }
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
