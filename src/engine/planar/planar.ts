// Planar Chess (rules.md section 5): a 4x4x4 cube where every piece carries an
// orientation XY / XZ / YZ and moves and attacks only inside the plane through
// its cell of that orientation. Kings are placed first, then each turn is a
// drop, a move or a re-orientation. Win by checkmate.
import {
  colorName,
  drawOutcome,
  err,
  ok,
  opposite,
  ROLE_NAMES,
  ROLES,
  STANDARD_SET,
  winOutcome,
  type BoardView,
  type Color,
  type Orientation,
  type Outcome,
  type Result,
  type Role,
  type Variant,
} from '../types.ts';
import {
  cellName,
  DIAG_RAYS,
  KING_TARGETS,
  KNIGHT_TARGETS,
  NUM_CELLS as CUBE_CELLS,
  ORIENTATIONS,
  orientationIndex,
  ORTHO_RAYS,
  parseCell,
  PAWN_CAPTURES,
  PAWN_STEPS,
  REL_ADJ,
  REL_DIAG,
  REL_KNIGHT,
  REL_ORTHO,
  RELATION as CUBE_RELATION,
  STEP as CUBE_STEP,
  cellOf,
} from './cube.ts';

// Module-local aliases: hot loops read these rather than imported bindings.
const NUM_CELLS: number = CUBE_CELLS;
const RELATION: Uint8Array = CUBE_RELATION;
const STEP: Int8Array = CUBE_STEP;

// ---- pieces and positions ------------------------------------------------------

import { BISHOP, BLACK_BIT, colorOf, EMPTY, handIndex, KING, KNIGHT, PAWN, pieceCode, QUEEN, ROOK, roleOf } from '../piece-codes.ts';

const colorBit = (color: Color): number => (color === 'black' ? BLACK_BIT : 0);

export interface PlanarPosition {
  /** Piece code per cell (see cube.ts for cell indices). */
  readonly board: Int8Array;
  /** Orientation index per cell (0 XY, 1 XZ, 2 YZ); always 0 on empty cells. */
  readonly orient: Int8Array;
  /** Pieces in hand, indexed by color*6 + role index (K Q R B N P). */
  readonly hands: Int8Array;
  readonly turn: Color;
}

export type PlanarMove =
  | { readonly kind: 'move'; readonly from: number; readonly to: number }
  | { readonly kind: 'drop'; readonly role: Role; readonly to: number; readonly orientation: Orientation }
  | { readonly kind: 'orient'; readonly cell: number; readonly orientation: Orientation };

/** Planar Chess has no options. */
export type PlanarOptions = Record<string, never>;

const moveOf = (from: number, to: number): PlanarMove => ({ kind: 'move', from, to });
const dropOf = (role: Role, to: number, orientation: Orientation): PlanarMove => ({ kind: 'drop', role, to, orientation });
const orientOf = (cell: number, orientation: Orientation): PlanarMove => ({ kind: 'orient', cell, orientation });

function initialPosition(): PlanarPosition {
  const hands = new Int8Array(12);
  for (const color of ['white', 'black'] as const) for (const role of ROLES) hands[handIndex(color, role)] = STANDARD_SET[role];
  return { board: new Int8Array(NUM_CELLS), orient: new Int8Array(NUM_CELLS), hands, turn: 'white' };
}

const findKing = (board: Int8Array, color: Color): number => board.indexOf(pieceCode(color, 'K'));

/** Does the side to move still have to place its king? */
const placingKings = (pos: PlanarPosition): boolean => pos.hands[handIndex(pos.turn, 'K')]! > 0;

// ---- attacks -------------------------------------------------------------------

/** Does the piece `code` with orientation `o` on `from` attack `to` on this board? */
export function attacks(board: Int8Array, code: number, o: number, from: number, to: number): boolean {
  const i = (from * 3 + o) * NUM_CELLS + to;
  const rel = RELATION[i]!;
  if (rel === 0) return false;
  switch (code & 7) {
    case KING:
      return (rel & REL_ADJ) !== 0;
    case PAWN:
      return (rel & REL_ADJ) !== 0 && (rel & REL_DIAG) !== 0;
    case KNIGHT:
      return (rel & REL_KNIGHT) !== 0;
    case ROOK:
      if (!(rel & REL_ORTHO)) return false;
      break;
    case BISHOP:
      if (!(rel & REL_DIAG)) return false;
      break;
    case QUEEN:
      if (!(rel & (REL_ORTHO | REL_DIAG))) return false;
      break;
    default:
      return false;
  }
  return blocker(board, from, to, STEP[i]!) < 0;
}

/** First occupied cell strictly between from and to along `step`, or -1. */
function blocker(board: Int8Array, from: number, to: number, step: number): number {
  for (let c = from + step; c !== to; c += step) if (board[c] !== EMPTY) return c;
  return -1;
}

/** A cell holding a piece of `by` that attacks `target`, or -1. */
function attackerOf(board: Int8Array, orient: Int8Array, target: number, by: Color): number {
  const bit = colorBit(by);
  for (let c = 0; c < NUM_CELLS; c++) {
    const code = board[c]!;
    if (code === EMPTY || (code & BLACK_BIT) !== bit) continue;
    if (attacks(board, code, orient[c]!, c, target)) return c;
  }
  return -1;
}

function inCheck(pos: PlanarPosition): boolean {
  const king = findKing(pos.board, pos.turn);
  return king >= 0 && attackerOf(pos.board, pos.orient, king, opposite(pos.turn)) >= 0;
}

// ---- move generation -----------------------------------------------------------

/** Calls visit for every legal turn (or only captures); stops early when visit returns true. */
function generate(pos: PlanarPosition, visit: (m: PlanarMove) => boolean | void, capturesOnly = false): void {
  const us = pos.turn;
  const them = opposite(us);
  const board = pos.board.slice();
  const orient = pos.orient.slice();
  const ourBit = colorBit(us);
  const theirKing = findKing(board, them);

  if (placingKings(pos)) {
    const code = pieceCode(us, 'K');
    for (let cell = 0; cell < NUM_CELLS; cell++) {
      if (board[cell] !== EMPTY) continue;
      if (attackerOf(board, orient, cell, them) >= 0) continue;
      for (let o = 0; o < 3; o++) {
        if (theirKing >= 0 && attacks(board, code, o, cell, theirKing)) continue;
        if (visit(dropOf('K', cell, ORIENTATIONS[o]!))) return;
      }
    }
    return;
  }

  const ourKing = findKing(board, us);
  const checked = attackerOf(board, orient, ourKing, them) >= 0;

  // Piece moves: try each on the scratch board and test the own king.
  const tryMove = (from: number, to: number, code: number): boolean => {
    const captured = board[to]!;
    if (capturesOnly && captured === EMPTY) return false;
    const capturedO = orient[to]!;
    const o = orient[from]!;
    board[to] = code;
    orient[to] = o;
    board[from] = EMPTY;
    orient[from] = 0;
    const safe = attackerOf(board, orient, code === pieceCode(us, 'K') ? to : ourKing, them) < 0;
    board[from] = code;
    orient[from] = o;
    board[to] = captured;
    orient[to] = capturedO;
    return safe && !!visit(moveOf(from, to));
  };
  const own = (code: number) => code !== EMPTY && (code & BLACK_BIT) === ourBit;
  for (let from = 0; from < NUM_CELLS; from++) {
    const code = board[from]!;
    if (!own(code)) continue;
    const k = from * 3 + orient[from]!;
    const role = code & 7;
    if (role === PAWN) {
      for (const to of PAWN_STEPS[k]!) if (board[to] === EMPTY && tryMove(from, to, code)) return;
      for (const to of PAWN_CAPTURES[k]!) {
        const t = board[to]!;
        if (t !== EMPTY && !own(t) && tryMove(from, to, code)) return;
      }
    } else if (role === KNIGHT || role === KING) {
      for (const to of (role === KNIGHT ? KNIGHT_TARGETS : KING_TARGETS)[k]!) if (!own(board[to]!) && tryMove(from, to, code)) return;
    } else {
      const rayLists = role === ROOK ? [ORTHO_RAYS[k]!] : role === BISHOP ? [DIAG_RAYS[k]!] : [ORTHO_RAYS[k]!, DIAG_RAYS[k]!];
      for (const list of rayLists)
        for (const ray of list)
          for (const to of ray) {
            const t = board[to]!;
            if (own(t)) break;
            if (tryMove(from, to, code)) return;
            if (t !== EMPTY) break;
          }
    }
  }

  if (capturesOnly) return;
  // Re-orientations change no occupancy, so they are legal exactly when not in check.
  if (!checked)
    for (let cell = 0; cell < NUM_CELLS; cell++) {
      if (!own(board[cell]!)) continue;
      for (let o = 0; o < 3; o++) if (o !== orient[cell] && visit(orientOf(cell, ORIENTATIONS[o]!))) return;
    }

  // Drops: never attacking the opposing king; when in check they must block.
  for (const role of ROLES) {
    if (role === 'K' || pos.hands[handIndex(us, role)]! === 0) continue;
    const code = pieceCode(us, role);
    for (let cell = 0; cell < NUM_CELLS; cell++) {
      if (board[cell] !== EMPTY) continue;
      if (checked) {
        board[cell] = code;
        const safe = attackerOf(board, orient, ourKing, them) < 0;
        board[cell] = EMPTY;
        if (!safe) continue;
      }
      for (let o = 0; o < 3; o++) {
        if (attacks(board, code, o, cell, theirKing)) continue;
        if (visit(dropOf(role, cell, ORIENTATIONS[o]!))) return;
      }
    }
  }
}

function legalMoves(pos: PlanarPosition): PlanarMove[] {
  const out: PlanarMove[] = [];
  generate(pos, (m) => void out.push(m));
  return out;
}

/** The legal captures only (the search's quiescence step). */
export function planarCaptures(pos: PlanarPosition): PlanarMove[] {
  const out: PlanarMove[] = [];
  if (!placingKings(pos)) generate(pos, (m) => void out.push(m), true);
  return out;
}

function hasLegalMove(pos: PlanarPosition): boolean {
  // Out of check, re-orienting the king is always legal (it changes no occupancy).
  if (!placingKings(pos) && !inCheck(pos)) return true;
  let found = false;
  generate(pos, () => (found = true));
  return found;
}

function outcome(pos: PlanarPosition): Outcome | undefined {
  if (pos.hands[handIndex('white', 'K')]! > 0 || pos.hands[handIndex('black', 'K')]! > 0) return undefined;
  if (hasLegalMove(pos)) return undefined;
  return inCheck(pos) ? winOutcome(opposite(pos.turn), 'checkmate') : drawOutcome('stalemate');
}

// ---- playing -------------------------------------------------------------------

function play(pos: PlanarPosition, move: PlanarMove): PlanarPosition {
  const board = pos.board.slice();
  const orient = pos.orient.slice();
  const hands = pos.hands.slice();
  switch (move.kind) {
    case 'move':
      board[move.to] = board[move.from]!;
      orient[move.to] = orient[move.from]!;
      board[move.from] = EMPTY;
      orient[move.from] = 0;
      break;
    case 'drop':
      board[move.to] = pieceCode(pos.turn, move.role);
      orient[move.to] = orientationIndex(move.orientation);
      hands[handIndex(pos.turn, move.role)]!--;
      break;
    case 'orient':
      orient[move.cell] = orientationIndex(move.orientation);
      break;
  }
  return { board, orient, hands, turn: opposite(pos.turn) };
}

// ---- why a turn is illegal ---------------------------------------------------

const describe = (pos: PlanarPosition, cell: number): string => `${ROLE_NAMES[roleOf(pos.board[cell]!)]} on ${cellName(cell)}`;

/** The own king's exposure after a board change, as a reason, or undefined. */
function exposure(board: Int8Array, orient: Int8Array, king: number, us: Color): string | undefined {
  const by = attackerOf(board, orient, king, opposite(us));
  if (by < 0) return undefined;
  return `it would leave your king on ${cellName(king)} attacked by the ${ROLE_NAMES[roleOf(board[by]!)]} on ${cellName(by)}`;
}

/** Undefined when `move` is legal in pos, else the reason in players' terms. */
function whyIllegal(pos: PlanarPosition, move: PlanarMove): string | undefined {
  const us = pos.turn;
  const them = opposite(us);
  const board = pos.board;
  const placing = placingKings(pos);
  const theirKing = findKing(board, them);

  if (move.kind === 'drop') {
    const { role, to } = move;
    const o = orientationIndex(move.orientation);
    const name = ROLE_NAMES[role];
    if (placing && role !== 'K') return `kings must be placed first: ${colorName(us)} still has to place the king`;
    if (pos.hands[handIndex(us, role)]! === 0) return `no ${name} in hand`;
    if (board[to] !== EMPTY) return `${cellName(to)} is occupied`;
    const code = pieceCode(us, role);
    if (theirKing >= 0 && attacks(board, code, o, to, theirKing))
      return `a ${name} ${role === 'K' ? 'placed' : 'dropped'} there would attack the ${them} king on ${cellName(theirKing)}`;
    const after = board.slice();
    after[to] = code;
    if (role === 'K') {
      const by = attackerOf(after, pos.orient, to, them);
      if (by >= 0) return `a king placed there would be attacked by the ${describe(pos, by)}`;
      return undefined;
    }
    return exposure(after, pos.orient, findKing(board, us), us);
  }

  if (placing) return `kings must be placed first: ${colorName(us)} still has to place the king`;
  const cell = move.kind === 'move' ? move.from : move.cell;
  const code = board[cell]!;
  if (code === EMPTY) return `no piece on ${cellName(cell)}`;
  if (colorOf(code) !== us) return `the piece on ${cellName(cell)} is ${colorName(them)}'s`;
  const o = pos.orient[cell]!;
  const ourKing = findKing(board, us);

  if (move.kind === 'orient') {
    if (ORIENTATIONS[o] === move.orientation) return `the ${describe(pos, cell)} is already oriented ${move.orientation}`;
    return exposure(board, pos.orient, ourKing, us);
  }

  const { from, to } = move;
  const piece = `the ${describe(pos, from)} (plane ${ORIENTATIONS[o]})`;
  if (from === to) return `a move must go to another cell`;
  const target = board[to]!;
  if (target !== EMPTY && colorOf(target) === us) return `${cellName(to)} is occupied by your own ${ROLE_NAMES[roleOf(target)]}`;
  const i = (from * 3 + o) * NUM_CELLS + to;
  const rel = RELATION[i]!;
  if (rel === 0) return `${piece} cannot reach ${cellName(to)}: it is not in its plane`;
  const role = code & 7;
  const cannot = (why: string) => `${piece} cannot reach ${cellName(to)}: ${why}`;
  switch (role) {
    case KING:
      if (!(rel & REL_ADJ)) return cannot('a king steps to an adjacent cell');
      break;
    case KNIGHT:
      if (!(rel & REL_KNIGHT)) return cannot("it is not a knight's leap away");
      break;
    case PAWN:
      if (!(rel & REL_ADJ)) return cannot('a pawn steps to an adjacent cell');
      if (rel & REL_ORTHO && target !== EMPTY) return cannot(`a pawn captures only diagonally`);
      if (rel & REL_DIAG && target === EMPTY) return cannot(`a pawn steps diagonally only to capture`);
      break;
    case ROOK:
      if (!(rel & REL_ORTHO)) return cannot('it is not on an orthogonal line');
      break;
    case BISHOP:
      if (!(rel & REL_DIAG)) return cannot('it is not on a diagonal line');
      break;
    case QUEEN:
      if (!(rel & (REL_ORTHO | REL_DIAG))) return cannot('it is not on an orthogonal or diagonal line');
      break;
  }
  if (role === ROOK || role === BISHOP || role === QUEEN) {
    const b = blocker(board, from, to, STEP[i]!);
    if (b >= 0) return `the ${describe(pos, from)} is blocked by ${cellName(b)}`;
  }
  const after = board.slice();
  const afterO = pos.orient.slice();
  after[to] = code;
  afterO[to] = o;
  after[from] = EMPTY;
  afterO[from] = 0;
  return exposure(after, afterO, role === KING ? to : ourKing, us);
}

// ---- notation ------------------------------------------------------------------

const isEnemy = (pos: PlanarPosition, cell: number): boolean => pos.board[cell] !== EMPTY && colorOf(pos.board[cell]!) !== pos.turn;

/** Canonical text without the +/# suffix ('x' only when the target holds an enemy piece). */
function baseText(pos: PlanarPosition, move: PlanarMove): string {
  switch (move.kind) {
    case 'move':
      return cellName(move.from) + (isEnemy(pos, move.to) ? 'x' : '-') + cellName(move.to);
    case 'drop':
      return `${move.role}@${cellName(move.to)}=${move.orientation}`;
    case 'orient':
      return `${cellName(move.cell)}=${move.orientation}`;
  }
}

function formatMove(pos: PlanarPosition, move: PlanarMove): string {
  const next = play(pos, move);
  if (!inCheck(next)) return baseText(pos, move);
  return baseText(pos, move) + (hasLegalMove(next) ? '+' : '#');
}

const PIECE_LETTERS = 'KQRBNP';
const isSpace = (ch: string | undefined): boolean => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';

/** A position in the text being parsed, between `i` and `end`. */
class Cursor {
  constructor(
    readonly text: string,
    public i: number,
    readonly end: number,
  ) {}
  skipSpaces(): void {
    while (this.i < this.end && isSpace(this.text[this.i])) this.i++;
  }
  /** A cell like `Ab1` at the cursor (consumed), or -1 (nothing consumed). */
  cell(): number {
    if (this.i + 3 > this.end) return -1;
    const c = parseCell(this.text.slice(this.i, this.i + 3));
    if (c >= 0) this.i += 3;
    return c;
  }
  orientation(): Orientation | undefined {
    if (this.i + 2 > this.end) return undefined;
    const o = this.text.slice(this.i, this.i + 2).toUpperCase();
    if (o !== 'XY' && o !== 'XZ' && o !== 'YZ') return undefined;
    this.i += 2;
    return o;
  }
  /** A syntax error if anything but spaces is left. */
  rest(): Result<never> | undefined {
    this.skipSpaces();
    return this.i < this.end ? err('syntax', `unexpected "${this.text.slice(this.i, this.end)}" after the turn`, this.i) : undefined;
  }
}

/** "found "Ae3"", "found a space" or "the turn ends there", for the text at `i` (before `end`). */
function foundAt(text: string, i: number, end: number): string {
  if (i >= end) return 'the turn ends there';
  if (isSpace(text[i])) return 'found a space';
  // "x" separates only after a rank digit ("Ab1xAc3"), so "Ax3" stays one word.
  const isSep = (j: number) => isSpace(text[j]) || '-@='.includes(text[j]!) || (j > i && 'xX'.includes(text[j]!) && /\d/.test(text[j - 1]!));
  let j = i + 1;
  if (!isSep(i)) while (j < end && j - i < 12 && !isSep(j)) j++;
  return `found "${text.slice(i, j)}"`;
}

/**
 * Syntax errors carry `at`, the offset into the text as given of the first
 * character of the token that cannot be read (a cell, an orientation, a
 * separator or a piece letter).
 */
function parseMove(pos: PlanarPosition, text: string): Result<PlanarMove> {
  if (typeof text !== 'string') return err('syntax', 'expected a turn as text', 0);
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text[start])) start++;
  while (end > start && (isSpace(text[end - 1]) || '+#!?'.includes(text[end - 1]!))) end--;
  if (start >= end) return err('syntax', 'expected a turn such as Ab1-Ac3, N@Ac3=XY or Ab1=XZ', start);
  const cur = new Cursor(text, start, end);
  const found = (i: number) => foundAt(text, i, end);
  const badOrientation = () => err('syntax', `expected an orientation XY, XZ or YZ after "=" but ${found(cur.i)}`, cur.i);

  let candidate: PlanarMove;
  let claimed: Role | undefined;

  const first = text[cur.i]!;
  if (text[cur.i + 1] === '@') {
    if (!PIECE_LETTERS.includes(first.toUpperCase()))
      return err('syntax', `"${first}" is not a piece letter: expected K, Q, R, B, N or P before "@"`, cur.i);
    if (!PIECE_LETTERS.includes(first))
      return err('syntax', `piece letters in drops must be upper case: ${first.toUpperCase()}@, not ${first}@`, cur.i);
    cur.i += 2;
    const to = cur.cell();
    if (to < 0) return err('syntax', `expected a cell like Ab1 after "@" but ${found(cur.i)}`, cur.i);
    let orientation: Orientation = 'XY';
    if (text[cur.i] === '=') {
      cur.i++;
      const o = cur.orientation();
      if (!o) return badOrientation();
      orientation = o;
    }
    const bad = cur.rest();
    if (bad) return bad;
    candidate = dropOf(first as Role, to, orientation);
  } else if (first === '@') {
    return err('syntax', 'expected a piece letter (K Q R B N P) before "@"', cur.i);
  } else {
    let from = cur.cell();
    if (from < 0) {
      const cellError = () => err('syntax', `expected a cell like Ab1, a piece letter, or a drop like N@Ac3=XY, but ${found(start)}`, start);
      if (!PIECE_LETTERS.includes(first)) return cellError();
      claimed = first as Role;
      cur.i++;
      cur.skipSpaces();
      from = cur.cell();
      if (from < 0) {
        // "Be1": a mistyped cell on level B rather than a bishop, unless a
        // level letter follows the piece letter.
        const isLevel = (ch: string | undefined) => ch !== undefined && ch.length === 1 && 'ABCD'.includes(ch.toUpperCase());
        if (isLevel(first) && (!isLevel(text[cur.i]) || /^[abcd]$/.test(text[start + 1] ?? ''))) return cellError();
        return err('syntax', `expected a cell like Ab1 after the piece letter ${first} but ${found(cur.i)}`, cur.i);
      }
    }
    cur.skipSpaces();
    const sep = text[cur.i];
    if (sep === '=') {
      cur.i++;
      const o = cur.orientation();
      if (!o) return badOrientation();
      const bad = cur.rest();
      if (bad) return bad;
      candidate = orientOf(from, o);
    } else if (sep === '-' || sep === 'x' || sep === 'X') {
      cur.i++;
      cur.skipSpaces();
      const to = cur.cell();
      if (to < 0) return err('syntax', `expected a destination cell like Ac3 after "${sep}" but ${found(cur.i)}`, cur.i);
      const bad = cur.rest();
      if (bad) return bad;
      candidate = moveOf(from, to);
    } else {
      return err('syntax', `expected "-", "x" or "=" after ${cellName(from)} but ${found(cur.i)}`, cur.i);
    }
  }

  const label = baseText(pos, candidate);
  const reason = whyIllegal(pos, candidate);
  if (reason) {
    // A legal turn means the game is not over, so the outcome is only needed here.
    const over = outcome(pos);
    if (over) return err('illegal', `${label}: the game is over (${over.result}, ${over.reason})`);
    return err('illegal', `${label}: ${reason}`);
  }
  if (claimed) {
    const cell = candidate.kind === 'move' ? candidate.from : candidate.kind === 'orient' ? candidate.cell : -1;
    const actual = roleOf(pos.board[cell]!);
    if (actual !== claimed)
      return err('illegal', `${label}: the piece on ${cellName(cell)} is a ${ROLE_NAMES[actual]}, not a ${ROLE_NAMES[claimed]}`);
  }
  return ok(candidate);
}

// ---- position text -------------------------------------------------------------
// <level A>|<level B>|<level C>|<level D> <hands> <turn>
// Each level: ranks 4..1 separated by '/', files a..d left to right, FEN letters
// (upper case White, lower case Black), digits for runs of empty cells. A piece
// oriented XZ is followed by 'x', one oriented YZ by 'y' (XY has no mark), e.g.
// `Kx` = white king XZ, `ry` = black rook YZ. Hands: the pieces in hand, White's
// then Black's, in the order K Q R B N P, or '-'. Turn: w or b.
// Example (start): 4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4 KQRRBBNNPPPPPPPPkqrrbbnnpppppppp w

const ORIENT_MARK = ['', 'x', 'y'];

function formatPosition(pos: PlanarPosition): string {
  const levels: string[] = [];
  for (let level = 0; level < 4; level++) {
    const ranks: string[] = [];
    for (let rank0 = 3; rank0 >= 0; rank0--) {
      let row = '';
      let run = 0;
      for (let file0 = 0; file0 < 4; file0++) {
        const cell = cellOf(level, file0, rank0);
        const code = pos.board[cell]!;
        if (code === EMPTY) {
          run++;
          continue;
        }
        if (run) row += run;
        run = 0;
        const letter = roleOf(code);
        row += (code & BLACK_BIT ? letter.toLowerCase() : letter) + ORIENT_MARK[pos.orient[cell]!];
      }
      if (run) row += run;
      ranks.push(row);
    }
    levels.push(ranks.join('/'));
  }
  let hands = '';
  for (const color of ['white', 'black'] as const)
    for (const role of ROLES) hands += (color === 'white' ? role : role.toLowerCase()).repeat(pos.hands[handIndex(color, role)]!);
  return `${levels.join('|')} ${hands || '-'} ${pos.turn === 'white' ? 'w' : 'b'}`;
}

const LETTER_CODES: Record<string, number> = {};
for (const role of ROLES) {
  LETTER_CODES[role] = pieceCode('white', role);
  LETTER_CODES[role.toLowerCase()] = pieceCode('black', role);
}

function parsePosition(text: string): Result<PlanarPosition> {
  if (typeof text !== 'string') return err('position', 'a position text must be a string');
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 3) return err('position', `expected 3 space-separated fields (levels, hands, turn), got ${fields.length}`);
  const [levelsText, handsText, turnText] = fields as [string, string, string];
  const board = new Int8Array(NUM_CELLS);
  const orient = new Int8Array(NUM_CELLS);
  const hands = new Int8Array(12);

  const levels = levelsText.split('|');
  if (levels.length !== 4) return err('position', `expected four levels A|B|C|D separated by "|", got ${levels.length}`);
  for (const [level, levelText] of levels.entries()) {
    const ranks = levelText.split('/');
    const levelName = 'ABCD'[level];
    if (ranks.length !== 4) return err('position', `level ${levelName} needs 4 ranks separated by "/", got ${ranks.length}`);
    for (const [r, rankText] of ranks.entries()) {
      const rank0 = 3 - r;
      const where = `level ${levelName} rank ${rank0 + 1}`;
      let file0 = 0;
      for (let k = 0; k < rankText.length; k++) {
        const ch = rankText[k]!;
        if (ch >= '1' && ch <= '4') {
          file0 += Number(ch);
        } else if (LETTER_CODES[ch] !== undefined) {
          if (file0 > 3) return err('position', `${where}: "${rankText}" describes more than 4 cells`);
          const cell = cellOf(level, file0, rank0);
          board[cell] = LETTER_CODES[ch]!;
          const mark = rankText[k + 1];
          if (mark === 'x' || mark === 'y') {
            orient[cell] = mark === 'x' ? 1 : 2;
            k++;
          }
          file0++;
        } else {
          return err('position', `${where}: unexpected "${ch}" in "${rankText}" (expected a piece letter KQRBNP/kqrbnp, x or y after a piece, or a digit 1-4)`);
        }
      }
      if (file0 !== 4) return err('position', `${where}: "${rankText}" describes ${file0} cells, expected 4`);
    }
  }

  if (handsText !== '-')
    for (const ch of handsText) {
      const code = LETTER_CODES[ch];
      if (code === undefined) return err('position', `unexpected "${ch}" in hands "${handsText}" (expected piece letters or "-")`);
      hands[handIndex(colorOf(code), roleOf(code))]!++;
    }

  if (turnText !== 'w' && turnText !== 'b') return err('position', `side to move must be w or b, got "${turnText}"`);
  const pos: PlanarPosition = { board, orient, hands, turn: turnText === 'w' ? 'white' : 'black' };

  // Consistency.
  for (const color of ['white', 'black'] as const)
    for (const role of ROLES) {
      const code = pieceCode(color, role);
      const onBoard = board.reduce((n, c) => n + (c === code ? 1 : 0), 0);
      const total = onBoard + hands[handIndex(color, role)]!;
      if (total > STANDARD_SET[role])
        return err('position', `${colorName(color)} has ${total} ${ROLE_NAMES[role]}s on the cube and in hand; a standard set has ${STANDARD_SET[role]}`);
      if (role === 'K' && total === 0) return err('position', `${colorName(color)} has no king, on the cube or in hand`);
    }
  const whiteInHand = hands[handIndex('white', 'K')]! > 0;
  const blackInHand = hands[handIndex('black', 'K')]! > 0;
  if (whiteInHand || blackInHand) {
    if (whiteInHand && pos.turn === 'black') return err('position', 'White places its king first: Black cannot be to move while the white king is in hand');
    if (!whiteInHand && pos.turn === 'white') return err('position', 'Black still has to place its king, so Black must be to move');
    for (let c = 0; c < NUM_CELLS; c++)
      if (board[c] !== EMPTY && (board[c]! & 7) !== KING)
        return err('position', `the ${describe(pos, c)} stands on the cube before both kings are placed`);
  }
  const other = opposite(pos.turn);
  const otherKing = findKing(board, other);
  if (otherKing >= 0) {
    const by = attackerOf(board, orient, otherKing, pos.turn);
    if (by >= 0)
      return err('position', `the ${other} king on ${cellName(otherKing)} is attacked by the ${describe(pos, by)}, but ${colorName(pos.turn)} is to move`);
  }
  return ok(pos);
}

// ---- the variant ---------------------------------------------------------------

function view(pos: PlanarPosition): BoardView {
  const cells: { cell: string; color: Color; role: Role; orientation: Orientation }[] = [];
  for (let c = 0; c < NUM_CELLS; c++) {
    const code = pos.board[c]!;
    if (code === EMPTY) continue;
    cells.push({ cell: cellName(c), color: colorOf(code), role: roleOf(code), orientation: ORIENTATIONS[pos.orient[c]!]! });
  }
  const hands: Record<Color, Partial<Record<Role, number>>> = { white: {}, black: {} };
  for (const color of ['white', 'black'] as const)
    for (const role of ROLES) {
      const n = pos.hands[handIndex(color, role)]!;
      if (n > 0) hands[color][role] = n;
    }
  return {
    variant: 'planar',
    sideToMove: pos.turn,
    phase: placingKings(pos) ? 'kings' : 'play',
    cells,
    hands,
    check: inCheck(pos),
  };
}

function parseOptions(input: unknown): Result<PlanarOptions> {
  if (input === undefined || input === null) return ok({});
  if (typeof input !== 'object' || Array.isArray(input)) return err('options', 'Planar Chess options must be an object (it has none: use {})');
  const keys = Object.keys(input);
  if (keys.length) return err('options', `unknown option "${keys[0]}": Planar Chess has no options`);
  return ok({});
}

export const planar: Variant<PlanarPosition, PlanarMove, PlanarOptions> = {
  name: 'planar',
  title: 'Planar Chess',
  parseOptions,
  initial: () => initialPosition(),
  turn: (pos) => pos.turn,
  phase: (pos) => (placingKings(pos) ? 'kings' : 'play'),
  legalMoves,
  play,
  isCheck: inCheck,
  outcome,
  formatMove,
  parseMove,
  formatPosition,
  parsePosition: (text) => parsePosition(text),
  view,
};

/** For tests: the reason a candidate turn is illegal, or undefined when it is legal. */
export const planarWhyIllegal = whyIllegal;
