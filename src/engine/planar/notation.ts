// Planar Chess turn text (notation.md): canonical text out, canonical or
// lenient text in.
import { cut, err, ok, ROLE_NAMES, type Orientation, type Result, type Role } from '../types.ts';
import { colorOf, EMPTY, roleOf } from '../piece-codes.ts';
import { cellName, parseCell } from './cube.ts';
import { whyIllegal } from './explain.ts';
import { hasLegalMove, outcome, play } from './moves.ts';
import { dropOf, inCheck, moveOf, orientOf, type PlanarMove, type PlanarPosition } from './position.ts';

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

export function formatMove(pos: PlanarPosition, move: PlanarMove, next = play(pos, move)): string {
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
    return this.i < this.end ? err('syntax', `unexpected "${cut(this.text.slice(this.i, this.end))}" after the turn`, this.i) : undefined;
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
  const word = text.slice(i, j);
  // Shaped like a cell but off the cube: said, or "Ab9" reads like "Ab1" (tester 9 U3).
  const cell = /^[A-D]([a-z])(\d+)$/i.exec(word);
  if (cell && !('abcd'.includes(cell[1]!.toLowerCase()) && /^[1-4]$/.test(cell[2]!)))
    return `found "${word}", which is off the cube: files run a-d and ranks 1-4`;
  return `found "${word}"`;
}

/**
 * Syntax errors carry `at`, the offset into the text as given of the first
 * character of the token that cannot be read (a cell, an orientation, a
 * separator or a piece letter).
 */
export function parseMove(pos: PlanarPosition, text: string): Result<PlanarMove> {
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
    if (!PIECE_LETTERS.includes(first.toUpperCase())) return err('syntax', `"${first}" is not a piece letter: expected K, Q, R, B, N or P before "@"`, cur.i);
    if (!PIECE_LETTERS.includes(first)) return err('syntax', `piece letters in drops must be upper case: ${first.toUpperCase()}@, not ${first}@`, cur.i);
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
    if (actual !== claimed) return err('illegal', `${label}: the piece on ${cellName(cell)} is a ${ROLE_NAMES[actual]}, not a ${ROLE_NAMES[claimed]}`);
  }
  return ok(candidate);
}
