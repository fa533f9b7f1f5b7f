// Search knowledge of the three ST3D variants: keys, evaluations, move facts.
// Evaluations are from White's side, turned to the side to move at the end.
import type { Color } from '../types.ts';
import { cellPoint, geometry, isFixed, levelOf, NUM_CELLS, NUM_PINS } from '../st3d/field.ts';
import type { St3dMove } from '../st3d/move.ts';
import { BLACK_BIT, EMPTY, KING, PAWN } from '../piece-codes.ts';
import { type St3dPosition } from '../st3d/position.ts';
import { keepKingSafe, kingAttacked, pieceMoves, pieceTargets } from '../st3d/standard.ts';
import { pieceTargets as curvedTargets } from '../st3d/curved-space-movement.ts';
import { cellLayer, wormhole } from '../st3d/wormhole.ts';
import { pseudoMoves as firstContactTurns } from '../st3d/first-contact.ts';
import { replaceEntry, xorEntry, zobristTable, type Key, type RoleValues, type SearchRules } from './rules.ts';

// ---- keys ------------------------------------------------------------------------
const BOARD_AT = 0; // cell*16 + code
const PLATFORM_AT = BOARD_AT + NUM_CELLS * 16; // pin*3 + state
const TAG_AT = PLATFORM_AT + NUM_PINS * 3; // pin*13 + tag
const HAND_AT = TAG_AT + NUM_PINS * 13; // index*16 + count
const TURN_AT = HAND_AT + 12 * 16;
const LOCK_AT = TURN_AT + 1; // pin + 1
const UNPLACED_AT = LOCK_AT + NUM_PINS + 1; // bit
const AFTER_CAPTURE_AT = UNPLACED_AT + 16;
const ZOBRIST = zobristTable(AFTER_CAPTURE_AT + 1, 0x5eed3d);

function hash(pos: St3dPosition, key: Key): void {
  key[0] = 0;
  key[1] = 0;
  for (let cell = 0; cell < NUM_CELLS; cell++) xorEntry(key, ZOBRIST, BOARD_AT + cell * 16 + pos.board[cell]!);
  for (let pin = 0; pin < NUM_PINS; pin++) {
    xorEntry(key, ZOBRIST, PLATFORM_AT + pin * 3 + pos.platforms[pin]!);
    xorEntry(key, ZOBRIST, TAG_AT + pin * 13 + pos.tags[pin]!);
  }
  for (let i = 0; i < 12; i++) xorEntry(key, ZOBRIST, HAND_AT + i * 16 + (pos.hands[i]! & 15));
  if (pos.turn === 'black') xorEntry(key, ZOBRIST, TURN_AT);
  xorEntry(key, ZOBRIST, LOCK_AT + pos.lockedPin + 1);
  for (let bit = 0; bit < 16; bit++) if (pos.unplaced & (1 << bit)) xorEntry(key, ZOBRIST, UNPLACED_AT + bit);
  if (pos.afterCapture) xorEntry(key, ZOBRIST, AFTER_CAPTURE_AT);
}

/** Incremental: only the entries that differ between parent and child change the key. */
function rehash(parent: St3dPosition, child: St3dPosition, key: Key): void {
  for (let cell = 0; cell < NUM_CELLS; cell++) replaceEntry(key, ZOBRIST, BOARD_AT + cell * 16, parent.board[cell]!, child.board[cell]!);
  if (parent.platforms !== child.platforms)
    for (let pin = 0; pin < NUM_PINS; pin++) {
      replaceEntry(key, ZOBRIST, PLATFORM_AT + pin * 3, parent.platforms[pin]!, child.platforms[pin]!);
      replaceEntry(key, ZOBRIST, TAG_AT + pin * 13, parent.tags[pin]!, child.tags[pin]!);
    }
  for (let i = 0; i < 12; i++) replaceEntry(key, ZOBRIST, HAND_AT + i * 16, parent.hands[i]! & 15, child.hands[i]! & 15);
  if (parent.turn !== child.turn) xorEntry(key, ZOBRIST, TURN_AT);
  replaceEntry(key, ZOBRIST, LOCK_AT + 1, parent.lockedPin, child.lockedPin);
  const unplaced = parent.unplaced ^ child.unplaced;
  if (unplaced) for (let bit = 0; bit < 16; bit++) if (unplaced & (1 << bit)) xorEntry(key, ZOBRIST, UNPLACED_AT + bit);
  if (parent.afterCapture !== child.afterCapture) xorEntry(key, ZOBRIST, AFTER_CAPTURE_AT);
}

// ---- move facts ------------------------------------------------------------------
const ROLE_INDEX: Record<string, number> = { K: 0, Q: 1, R: 2, B: 3, N: 4, P: 5 };

function moveKey(move: St3dMove): number {
  switch (move.kind) {
    case 'move': {
      const p = move.platform;
      const shift = p ? 1 + (p.from * NUM_PINS + p.to) * 2 + (p.up ? 1 : 0) : 0;
      return ((move.from * NUM_CELLS + move.to) * 300 + shift) * 4;
    }
    case 'drop':
      return (ROLE_INDEX[move.role]! * NUM_CELLS + move.to) * 4 + 1;
    case 'place':
      return (((move.pin * 2 + (move.up ? 1 : 0)) * 13 + move.number) * 4) + 2;
    case 'platform':
      return ((move.from * NUM_PINS + move.to) * 2 + (move.up ? 1 : 0)) * 4 + 3;
  }
}

// ---- evaluation ------------------------------------------------------------------
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

const WEIGHTS: Record<'first-contact' | 'warp-factor' | 'curved-space', St3dWeights> = {
  // A check wins: every cell near the king the enemy reaches is a threat of losing at once.
  'first-contact': { values: ST3D_VALUES, handShare: 1, mobility: 3, kingZone: 30, onPlatform: 12, onWormhole: 0, dropExposure: 25, tropism: 8 },
  'warp-factor': { values: ST3D_VALUES, handShare: 1, mobility: 3, kingZone: 14, onPlatform: 8, onWormhole: 0, dropExposure: 0, tropism: 4 },
  'curved-space': { values: CURVED_VALUES, handShare: 0.95, mobility: 4, kingZone: 16, onPlatform: 0, onWormhole: 10, dropExposure: 12, tropism: 0 },
};

/** The fixed level each colour drops onto (White W, Black B). */
const DROP_LEVEL = [0, 2];

const attacked = [new Uint8Array(NUM_CELLS), new Uint8Array(NUM_CELLS)];
const targets: number[] = [];
const kingZone: number[] = [];

function evaluate(pos: St3dPosition, name: keyof typeof WEIGHTS): number {
  const w = WEIGHTS[name];
  const board = pos.board;
  const curved = name === 'curved-space';
  const geo = curved ? undefined : geometry(pos.platforms);
  const wh = curved ? wormhole(pos.platforms, pos.tags) : undefined;
  attacked[0]!.fill(0);
  attacked[1]!.fill(0);
  let score = 0;
  const kings = [-1, -1];
  for (let cell = 0; cell < NUM_CELLS; cell++) {
    const code = board[cell]!;
    if (code === EMPTY) continue;
    const side = code & BLACK_BIT ? 1 : 0;
    const sign = side ? -1 : 1;
    const role = code & 7;
    if (role === KING) kings[side] = cell;
    let s = w.values[role]!;
    targets.length = 0;
    if (curved) curvedTargets(board, wh!, cell, targets);
    else pieceTargets(pos, geo!, cell, targets);
    if (role !== KING) s += w.mobility * targets.length;
    const map = attacked[side]!;
    for (const t of targets) map[t] = 1;
    if (!isFixed(cell)) s += w.onPlatform;
    if (curved && cellLayer(cell) >= 0 && (role !== PAWN || !isFixed(cell))) s += w.onWormhole;
    score += sign * s;
  }
  for (let i = 0; i < 12; i++) {
    const n = pos.hands[i]!;
    if (n && i % 6) score += (i < 6 ? 1 : -1) * n * w.values[(i % 6) + 1]! * w.handShare;
  }
  if (w.tropism && kings[0]! >= 0 && kings[1]! >= 0) {
    const kingPoints = [cellPoint(kings[0]!, pos.platforms)!, cellPoint(kings[1]!, pos.platforms)!];
    for (let cell = 0; cell < NUM_CELLS; cell++) {
      const code = board[cell]!;
      if (code === EMPTY || (code & 7) === KING) continue;
      const side = code & BLACK_BIT ? 1 : 0;
      const p = cellPoint(cell, pos.platforms);
      const k = kingPoints[1 - side]!;
      if (!p) continue;
      const d = Math.max(Math.abs(p[0] - k[0]), Math.abs(p[1] - k[1]), Math.abs(p[2] - k[2]));
      if (d < 6) score += (side ? -1 : 1) * (6 - d) * w.tropism;
    }
  }
  for (let side = 0; side < 2; side++) {
    const king = kings[side]!;
    if (king < 0) continue;
    const sign = side ? -1 : 1;
    const enemy = attacked[1 - side]!;
    kingZone.length = 0;
    if (curved) curvedTargets(board, wh!, king, kingZone);
    else pieceTargets(pos, geo!, king, kingZone);
    let danger = enemy[king]! * 2;
    for (const c of kingZone) danger += enemy[c]!;
    score -= sign * danger * w.kingZone;
    if (w.dropExposure && isFixed(king) && levelOf(king) === DROP_LEVEL[1 - side]) {
      let hand = 0;
      for (let r = 1; r < 6; r++) hand += pos.hands[(1 - side) * 6 + r]!;
      score -= sign * hand * w.dropExposure;
    }
  }
  return pos.turn === 'white' ? score : -score;
}

// ---- captures and First Contact's winning turns ------------------------------------
const opponent = (c: Color): Color => (c === 'white' ? 'black' : 'white');

/** Legal captures by ordinary piece movement (First Contact, Warp Factor: warps never capture). */
function standardCaptures(pos: St3dPosition, lock: boolean): St3dMove[] {
  const moves: St3dMove[] = [];
  pieceMoves(pos, geometry(pos.platforms), moves);
  const captures = moves.filter((m) => m.kind === 'move' && pos.board[m.to] !== EMPTY);
  return keepKingSafe(pos, captures, lock);
}

type Play = (pos: St3dPosition, move: St3dMove) => St3dPosition;

/** The board attacksKing tries a turn on: a copy, so positions stay as they are. */
const SCRATCH = new Int8Array(NUM_CELLS);

/** Does the legal turn attack the opposing king (standard movement)? Piece moves and drops are tried on a scratch board. */
function attacksKing(pos: St3dPosition, m: St3dMove, play: Play): boolean {
  const them = opponent(pos.turn);
  if (m.kind === 'move' && !m.platform) {
    const board = SCRATCH;
    board.set(pos.board);
    board[m.to] = board[m.from]!;
    board[m.from] = EMPTY;
    return kingAttacked({ ...pos, board }, them);
  }
  if (m.kind === 'drop') {
    const board = SCRATCH;
    board.set(pos.board);
    board[m.to] = (pos.turn === 'black' ? BLACK_BIT : 0) + 1 + ROLE_INDEX[m.role]!;
    return kingAttacked({ ...pos, board }, them);
  }
  return m.kind !== 'place' && kingAttacked(play(pos, m), them);
}

export function st3dSearchRules(
  name: 'first-contact' | 'warp-factor' | 'curved-space',
  play: (pos: St3dPosition, move: St3dMove) => St3dPosition,
): SearchRules<St3dPosition, St3dMove> {
  const values = WEIGHTS[name].values;
  return {
    hash,
    rehash,
    evaluate: (pos) => evaluate(pos, name),
    victim: (pos, move) => (move.kind === 'move' ? values[pos.board[move.to]! & 7]! : 0),
    attacker: (pos, move) => (move.kind === 'move' ? values[pos.board[move.from]! & 7]! : 0),
    moveKey,
    isDrop: (move) => move.kind === 'drop',
    captures:
      name === 'curved-space'
        ? (pos, legal) => legal().filter((m) => m.kind === 'move' && pos.board[m.to] !== EMPTY)
        : (pos) => standardCaptures(pos, name === 'first-contact'),
    // Curved Space pieces move by their own rules: the search plays the turn to see.
    ...(name === 'curved-space' ? {} : { givesCheck: (pos: St3dPosition, move: St3dMove) => attacksKing(pos, move, play) }),
    // First Contact: a check wins at once.
    // Tried before the own-king test, which then only the checking turns need.
    ...(name === 'first-contact'
      ? { winningTurn: (pos: St3dPosition) => firstContactTurns(pos).find((m) => attacksKing(pos, m, play) && keepKingSafe(pos, [m], true).length > 0) }
      : {}),
  };
}
