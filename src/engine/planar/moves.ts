// Planar Chess legal turns, playing them, and the end of the game.
import { drawOutcome, opposite, ROLES, winOutcome, type Outcome } from '../types.ts';
import { BISHOP, BLACK_BIT, colorBit, EMPTY, handIndex, KING, KNIGHT, PAWN, pieceCode, ROOK } from '../piece-codes.ts';
import { attackerOf, attacks, blocker, checkerOf, findKing, moveOpensLine, pinnersOf, staysOnLine } from './attacks.ts';
import {
  DIAG_FLAT,
  KING_AT,
  KNIGHT_AT,
  NUM_CELLS as CUBE_CELLS,
  ORIENTATIONS,
  orientationIndex,
  ORTHO_FLAT,
  PAWN_CAPTURE_AT,
  PAWN_STEP_AT,
  REL_ADJ,
  REL_DIAG,
  REL_KNIGHT,
  REL_ORTHO,
  RELATION,
  SLOT,
  STEP,
} from './cube.ts';
import { dropOf, inCheck, moveOf, orientOf, placingKings, type PlanarMove, type PlanarPosition } from './position.ts';

// Module-local alias: hot loops read it rather than an imported binding.
const NUM_CELLS: number = CUBE_CELLS;

// ---- move generation -----------------------------------------------------------

// The generator hands out one shared object per distinct turn (moves are read-only
// values): the search lists hundreds of drops per node, and allocating them was
// much of its garbage.
// All made at once (a few thousand small objects), so a lookup is a plain read of a packed array.
const MOVES: readonly PlanarMove[] = Array.from({ length: NUM_CELLS * NUM_CELLS }, (_, i) => moveOf(Math.floor(i / NUM_CELLS), i % NUM_CELLS));
const ORIENTS: readonly PlanarMove[] = Array.from({ length: NUM_CELLS * 3 }, (_, i) => orientOf(Math.floor(i / 3), ORIENTATIONS[i % 3]!));
const DROPS_BY_INDEX: readonly PlanarMove[] = Array.from({ length: ROLES.length * NUM_CELLS * 3 }, (_, i) =>
  dropOf(ROLES[Math.floor(i / (NUM_CELLS * 3))]!, Math.floor(i / 3) % NUM_CELLS, ORIENTATIONS[i % 3]!),
);
export const moveAt = (from: number, to: number): PlanarMove => MOVES[from * NUM_CELLS + to]!;
export const orientAt = (cell: number, o: number): PlanarMove => ORIENTS[cell * 3 + o]!;
export const dropAt = (r: number, cell: number, o: number): PlanarMove => DROPS_BY_INDEX[(r * NUM_CELLS + cell) * 3 + o]!;

const SCRATCH_BOARD = new Int8Array(NUM_CELLS);
/** In check without a king on the cube, per cell: does a drop there meet the check (1, 0, or -1 not yet known)? */
const DROP_SAFE = new Int8Array(NUM_CELLS);
/** In check: 1 on the cells between the lone checking slider and the king (checkerOf). */
const BETWEEN = new Uint8Array(NUM_CELLS);
const SCRATCH_ORIENT = new Int8Array(NUM_CELLS);

/** Which turns generate visits: every one, the captures only, or the drops only. */
const ALL = 0;
const CAPTURES = 1;
const DROPS = 2;

/**
 * Calls visit for every legal turn of `scope`, in one fixed order; stops early when visit returns
 * true. With `like`, only turns of its kind from its cell (piece moves), on its cell
 * (re-orientations) or of its role onto its cell (drops): the same turns as the full list has there.
 * With `dropsAmong` (out of check), of the drops only those with these indices in dropAt's order
 * (ascending, as the generator meets them).
 */
function generate(pos: PlanarPosition, visit: (m: PlanarMove) => boolean | void, scope = ALL, like?: PlanarMove, dropsAmong?: readonly number[]): void {
  const capturesOnly = scope === CAPTURES;
  const us = pos.turn;
  const them = opposite(us);
  // Turns are tried on scratch copies and undone (no visit lists turns of another position).
  const board = SCRATCH_BOARD;
  const orient = SCRATCH_ORIENT;
  board.set(pos.board);
  orient.set(pos.orient);
  const ourBit = colorBit(us);
  const theirKing = findKing(board, them);

  if (placingKings(pos)) {
    if (like && (like.kind !== 'drop' || like.role !== 'K')) return;
    const code = pieceCode(us, 'K');
    for (let cell = 0; cell < NUM_CELLS; cell++) {
      if (board[cell] !== EMPTY || (like && cell !== like.to)) continue;
      if (attackerOf(board, orient, cell, them) >= 0) continue;
      for (let o = 0; o < 3; o++) {
        if (theirKing >= 0 && attacks(board, code, o, cell, theirKing)) continue;
        if (visit(dropAt(0, cell, o))) return;
      }
    }
    return;
  }

  const ourKing = findKing(board, us);
  const checked = ourKing >= 0 ? inCheck(pos) : attackerOf(board, orient, ourKing, them) >= 0;
  const ourKingCode = pieceCode(us, 'K');
  // Out of check a non-king move can expose the king only by leaving a pin line.
  const pinners = checked ? undefined : pinnersOf(board, orient, ourKing, ourBit);
  // In check, a non-king move must take the lone checker or block its line, and open no other.
  const checker = checked && ourKing >= 0 ? checkerOf(board, orient, ourKing, them, BETWEEN) : -1;

  // Piece moves: try each on the scratch board and test the own king.
  const tryMove = (from: number, to: number, code: number): boolean => {
    const captured = board[to]!;
    if (capturesOnly && captured === EMPTY) return false;
    if (pinners && code !== ourKingCode) {
      const pinner = pinners[from]!;
      return (pinner < 0 || staysOnLine(orient, pinner, ourKing, to)) && !!visit(moveAt(from, to));
    }
    if (checked && ourKing >= 0 && code !== ourKingCode)
      return checker !== -2 && (to === checker || BETWEEN[to] === 1) && !moveOpensLine(board, orient, ourKing, from, to) && !!visit(moveAt(from, to));
    const capturedO = orient[to]!;
    const o = orient[from]!;
    board[to] = code;
    orient[to] = o;
    board[from] = EMPTY;
    orient[from] = 0;
    const safe = attackerOf(board, orient, code === ourKingCode ? to : ourKing, them) < 0;
    board[from] = code;
    orient[from] = o;
    board[to] = captured;
    orient[to] = capturedO;
    return safe && !!visit(moveAt(from, to));
  };
  const own = (code: number) => code !== EMPTY && (code & BLACK_BIT) === ourBit;
  // In check, a piece other than the king with none of those cells in its plane has no turn.
  const blocks = checker >= 0 ? blockCells(checker) : 0;
  for (let from = 0; from < NUM_CELLS && scope !== DROPS; from++) {
    const code = board[from]!;
    if (!own(code) || (like && (like.kind !== 'move' || like.from !== from))) continue;
    const k = from * 3 + orient[from]!;
    if (checked && ourKing >= 0 && code !== ourKingCode && !inPlaneOfAny(k, blocks)) continue;
    const role = code & 7;
    if (role === PAWN) {
      for (let i = k * SLOT + 1, end = i + PAWN_STEP_AT[k * SLOT]!; i < end; i++)
        if (board[PAWN_STEP_AT[i]!] === EMPTY && tryMove(from, PAWN_STEP_AT[i]!, code)) return;
      for (let i = k * SLOT + 1, end = i + PAWN_CAPTURE_AT[k * SLOT]!; i < end; i++) {
        const t = board[PAWN_CAPTURE_AT[i]!]!;
        if (t !== EMPTY && !own(t) && tryMove(from, PAWN_CAPTURE_AT[i]!, code)) return;
      }
    } else if (role === KNIGHT || role === KING) {
      const targets = role === KNIGHT ? KNIGHT_AT : KING_AT;
      for (let i = k * SLOT + 1, end = i + targets[k * SLOT]!; i < end; i++) if (!own(board[targets[i]!]!) && tryMove(from, targets[i]!, code)) return;
    } else {
      // A rook's orthogonal rays, a bishop's diagonal ones, a queen's both (orthogonal first); each ray its length, then its cells.
      for (let pass = role === BISHOP ? 1 : 0, last = role === ROOK ? 0 : 1; pass <= last; pass++) {
        const { cells, at } = pass === 0 ? ORTHO_FLAT : DIAG_FLAT;
        for (let i = at[k]!, stop = at[k + 1]!; i < stop; ) {
          const rayEnd = i + 1 + cells[i]!;
          for (i++; i < rayEnd; i++) {
            const t = board[cells[i]!]!;
            if (own(t)) break;
            if (tryMove(from, cells[i]!, code)) return;
            if (t !== EMPTY) break;
          }
          i = rayEnd;
        }
      }
    }
  }

  if (capturesOnly) return;
  // Re-orientations change no occupancy, so they are legal exactly when not in check.
  if (!checked && scope !== DROPS && (!like || like.kind === 'orient'))
    for (let cell = 0; cell < NUM_CELLS; cell++) {
      if (!own(board[cell]!) || (like && like.kind === 'orient' && like.cell !== cell)) continue;
      for (let o = 0; o < 3; o++) if (o !== orient[cell] && visit(orientAt(cell, o))) return;
    }

  // Drops: never attacking the opposing king; when in check they must block.
  if (like && like.kind !== 'drop') return;
  if (dropsAmong && !checked) {
    for (let i = 0; i < dropsAmong.length; i++) {
      const index = dropsAmong[i]!;
      const o = index % 3;
      const cell = ((index - o) / 3) % NUM_CELLS;
      const r = ((index - o) / 3 - cell) / NUM_CELLS;
      const role = ROLES[r]!;
      if (role === 'K' || pos.hands[handIndex(us, role)]! === 0 || board[cell] !== EMPTY) continue;
      if (!attacks(board, pieceCode(us, role), o, cell, theirKing) && visit(DROPS_BY_INDEX[index]!)) return;
    }
    return;
  }
  if (checked) DROP_SAFE.fill(-1);
  // In check with a king on the cube, only the cells between a lone checker and the king are looked at.
  const firstCell = checked && ourKing >= 0 ? BETWEEN.indexOf(1) : 0;
  const lastCell = checked && ourKing >= 0 ? BETWEEN.lastIndexOf(1) : NUM_CELLS - 1;
  for (let r = 0; r < ROLES.length && firstCell >= 0; r++) {
    const role = ROLES[r]!;
    if (role === 'K' || pos.hands[handIndex(us, role)]! === 0 || (like && like.kind === 'drop' && like.role !== role)) continue;
    const code = pieceCode(us, role);
    for (let cell = firstCell; cell <= lastCell; cell++) {
      if (board[cell] !== EMPTY || (like && like.kind === 'drop' && like.to !== cell)) continue;
      if (checked) {
        // A drop can only block: the line of a lone checker.
        let safe = ourKing >= 0 ? (checker !== -2 && BETWEEN[cell] === 1 ? 1 : 0) : DROP_SAFE[cell]!;
        if (safe < 0) {
          board[cell] = code;
          safe = DROP_SAFE[cell] = attackerOf(board, orient, ourKing, them) < 0 ? 1 : 0;
          board[cell] = EMPTY;
        }
        if (!safe) continue;
      }
      for (let o = 0; o < 3; o++) {
        if (attacks(board, code, o, cell, theirKing)) continue;
        if (visit(dropAt(r, cell, o))) return;
      }
    }
  }
}

/** blockCells' answer: the lone checker's cell, then the cells between it and the king (BETWEEN). */
const BLOCKS = new Int8Array(NUM_CELLS);
function blockCells(checker: number): number {
  let n = 0;
  BLOCKS[n++] = checker;
  for (let c = 0; c < NUM_CELLS; c++) if (BETWEEN[c] === 1) BLOCKS[n++] = c;
  return n;
}
/** Does the plane of index k (cell*3+o) hold a line, leap or step to one of the first n BLOCKS? */
function inPlaneOfAny(k: number, n: number): boolean {
  for (let i = 0; i < n; i++) if (RELATION[k * NUM_CELLS + BLOCKS[i]!] !== 0) return true;
  return false;
}

/**
 * Turns are listed here first (it keeps its size), then copied out at their number: a list grown
 * turn by turn to hundreds of drops was copied over and over as it grew.
 */
const LISTED: PlanarMove[] = [];
let listedCount = 0;
const list = (m: PlanarMove): void => {
  LISTED[listedCount++] = m;
};
function listed(): PlanarMove[] {
  const out = LISTED.slice(0, listedCount);
  listedCount = 0;
  return out;
}

export function legalMoves(pos: PlanarPosition): PlanarMove[] {
  listedCount = 0;
  generate(pos, list);
  return listed();
}

/** The legal captures only (the search's quiescence step), in legalMoves' order. */
export function planarCaptures(pos: PlanarPosition): PlanarMove[] {
  listedCount = 0;
  if (placingKings(pos)) return listed();
  if (inCheck(pos)) generate(pos, list, CAPTURES);
  else listCapturesOutOfCheck(pos);
  return listed();
}

/**
 * The generator's captures out of check, without its copies of the board and pin table: a piece
 * other than the king may capture unless that opens a line to its king, tested per capture.
 */
function listCapturesOutOfCheck(pos: PlanarPosition): void {
  const { board, orient } = pos;
  const ourBit = pos.turn === 'white' ? 0 : BLACK_BIT;
  // The captures in order (from * 64 + to), tested for the king's safety once the scan has met the king.
  let king = -1;
  let found = 0;
  for (let from = 0; from < NUM_CELLS; from++) {
    const code = board[from]!;
    if (code === EMPTY || (code & BLACK_BIT) !== ourBit) continue;
    const k = from * 3 + orient[from]!;
    const role = code & 7;
    if (role === KING) king = from;
    if (role === PAWN || role === KNIGHT || role === KING) {
      const targets = role === PAWN ? PAWN_CAPTURE_AT : role === KNIGHT ? KNIGHT_AT : KING_AT;
      for (let i = k * SLOT + 1, end = i + targets[k * SLOT]!; i < end; i++) {
        const t = board[targets[i]!]!;
        if (t !== EMPTY && (t & BLACK_BIT) !== ourBit) FOUND[found++] = from * NUM_CELLS + targets[i]!;
      }
    } else
      for (let pass = role === BISHOP ? 1 : 0, last = role === ROOK ? 0 : 1; pass <= last; pass++) {
        const { cells, at } = pass === 0 ? ORTHO_FLAT : DIAG_FLAT;
        // Each ray: its length, then its cells; only the first piece on it can be taken.
        for (let i = at[k]!, end = at[k + 1]!; i < end; ) {
          const rayEnd = i + 1 + cells[i]!;
          for (i++; i < rayEnd; i++) {
            const t = board[cells[i]!]!;
            if (t === EMPTY) continue;
            if ((t & BLACK_BIT) !== ourBit) FOUND[found++] = from * NUM_CELLS + cells[i]!;
            break;
          }
          i = rayEnd;
        }
      }
  }
  for (let n = 0; n < found; n++) {
    const from = FOUND[n]! >> 6;
    const to = FOUND[n]! & 63;
    if (from === king ? kingSafeAfter(pos, from, to) : !moveOpensLine(board, orient, king, from, to)) list(MOVES[FOUND[n]!]!);
  }
}
/** listCapturesOutOfCheck's captures before the king's safety is tested (at most 16 pieces times 12 targets). */
const FOUND = new Int16Array(NUM_CELLS * 4);

/**
 * Out of check: is `candidate` (one of the generator's shared turns) legal here? Its own rule of
 * movement and the line it may open are tested, not every turn generated; the same answer as
 * findLegalPlanar (used in check, and while kings are placed).
 */
export function isLegalOutOfCheck(pos: PlanarPosition, candidate: PlanarMove): boolean {
  if (placingKings(pos) || inCheck(pos)) return findLegalPlanar(pos, candidate) !== undefined;
  const { board, orient } = pos;
  const ourBit = colorBit(pos.turn);
  if (candidate.kind === 'orient') {
    const code = board[candidate.cell]!;
    return code !== EMPTY && (code & BLACK_BIT) === ourBit && orient[candidate.cell] !== orientationIndex(candidate.orientation);
  }
  if (candidate.kind === 'drop') {
    const { role, to } = candidate;
    const code = pieceCode(pos.turn, role);
    return (
      role !== 'K' &&
      pos.hands[handIndex(pos.turn, role)]! > 0 &&
      board[to] === EMPTY &&
      !attacks(board, code, orientationIndex(candidate.orientation), to, findKing(board, opposite(pos.turn)))
    );
  }
  const { from, to } = candidate;
  const code = board[from]!;
  const target = board[to]!;
  if (code === EMPTY || (code & BLACK_BIT) !== ourBit || (target !== EMPTY && (target & BLACK_BIT) === ourBit)) return false;
  const i = (from * 3 + orient[from]!) * NUM_CELLS + to;
  const rel = RELATION[i]!;
  const role = code & 7;
  let reaches: boolean;
  if (role === PAWN) reaches = (rel & REL_ADJ) !== 0 && (target === EMPTY ? (rel & REL_ORTHO) !== 0 : (rel & REL_DIAG) !== 0);
  else if (role === KNIGHT) reaches = (rel & REL_KNIGHT) !== 0;
  else if (role === KING) reaches = (rel & REL_ADJ) !== 0;
  else reaches = (rel & (role === ROOK ? REL_ORTHO : role === BISHOP ? REL_DIAG : REL_ORTHO | REL_DIAG)) !== 0 && blocker(board, from, to, STEP[i]!) < 0;
  if (!reaches) return false;
  return role === KING ? kingSafeAfter(pos, from, to) : !moveOpensLine(board, orient, board.indexOf(pieceCode(pos.turn, 'K')), from, to);
}

/** Is the king on `from` safe after capturing on `to`? Tried on the scratch board. */
function kingSafeAfter(pos: PlanarPosition, from: number, to: number): boolean {
  const board = SCRATCH_BOARD;
  const orient = SCRATCH_ORIENT;
  board.set(pos.board);
  orient.set(pos.orient);
  board[to] = board[from]!;
  orient[to] = orient[from]!;
  board[from] = EMPTY;
  orient[from] = 0;
  return attackerOf(board, orient, to, opposite(pos.turn)) < 0;
}

/**
 * Out of check, legalMoves with only the drops whose indices in dropAt's order are `drops`
 * (ascending; kings being placed are all listed): the search lists the drops it has no order score
 * for only when it reaches them.
 */
export function legalMovesWithDrops(pos: PlanarPosition, drops: readonly number[]): PlanarMove[] {
  listedCount = 0;
  generate(pos, list, ALL, undefined, drops);
  return listed();
}

/** The legal drops, in legalMoves' order. */
export function legalDrops(pos: PlanarPosition): PlanarMove[] {
  listedCount = 0;
  generate(pos, list, DROPS);
  return listed();
}

/** The legal turn equal to `candidate` (one of the generator's shared turns), or undefined. */
export function findLegalPlanar(pos: PlanarPosition, candidate: PlanarMove): PlanarMove | undefined {
  let found: PlanarMove | undefined;
  generate(
    pos,
    (m) => {
      if (m === candidate) found = m;
      return found !== undefined;
    },
    ALL,
    candidate,
  );
  return found;
}

export function hasLegalMove(pos: PlanarPosition): boolean {
  // Out of check, re-orienting the king is always legal (it changes no occupancy).
  if (!placingKings(pos) && !inCheck(pos)) return true;
  let found = false;
  generate(pos, () => (found = true));
  return found;
}

export function outcome(pos: PlanarPosition): Outcome | undefined {
  if (pos.hands[handIndex('white', 'K')]! > 0 || pos.hands[handIndex('black', 'K')]! > 0) return undefined;
  if (hasLegalMove(pos)) return undefined;
  return inCheck(pos) ? winOutcome(opposite(pos.turn), 'checkmate') : drawOutcome('stalemate');
}

// ---- playing -------------------------------------------------------------------

export function play(pos: PlanarPosition, move: PlanarMove): PlanarPosition {
  // Copy-on-write: positions are immutable, so the next one shares the arrays the turn leaves as they are
  // (copied by the constructor, quicker than slice).
  let { board, orient, hands } = pos;
  switch (move.kind) {
    case 'move':
      board = new Int8Array(board);
      board[move.to] = board[move.from]!;
      board[move.from] = EMPTY;
      // Orientations change only when the mover or the piece taken is not XY (0, as empty cells are).
      if (orient[move.from] !== 0 || orient[move.to] !== 0) {
        orient = new Int8Array(orient);
        orient[move.to] = orient[move.from]!;
        orient[move.from] = 0;
      }
      break;
    case 'drop': {
      board = new Int8Array(board);
      hands = new Int8Array(hands);
      board[move.to] = pieceCode(pos.turn, move.role);
      hands[handIndex(pos.turn, move.role)]!--;
      const o = orientationIndex(move.orientation);
      // The empty cell dropped on is XY (0) already.
      if (o !== 0) {
        orient = new Int8Array(orient);
        orient[move.to] = o;
      }
      break;
    }
    case 'orient':
      orient = new Int8Array(orient);
      orient[move.cell] = orientationIndex(move.orientation);
      break;
  }
  return { board, orient, hands, turn: opposite(pos.turn) };
}
