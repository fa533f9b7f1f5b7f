// Reading ST3D turn text (notation.md): canonical and lenient forms into a
// syntax tree, then cell references into cell indices of a position.
//
// Syntax errors carry `at`, the offset into the text as given (leading
// whitespace included) of the first character of the token that cannot be
// read: a cell's level letter, a pin, the orientation letter after a corner,
// the platform cell after ":", a separator or a piece letter.
import { cut, err, ok, type Result, type Role } from '../types.ts';
import { CORNERS, DOWN, fixedCell, LEVELS, NO_PLATFORM, pinName, platformCell, UP } from './field.ts';
import type { PlatformShift } from './move.ts';
import type { St3dPosition } from './position.ts';

type CellRef =
  | { readonly kind: 'fixed'; readonly cell: number; readonly text: string }
  | { readonly kind: 'platform'; readonly pin: number; readonly state?: number; readonly local: number; readonly text: string };

interface PinRef {
  readonly pin: number;
  readonly up: boolean;
  readonly text: string;
}

type St3dSyntax =
  | { readonly kind: 'move'; readonly role?: Role; readonly from: CellRef; readonly to: CellRef; readonly platform?: { from: PinRef; to: PinRef } }
  | { readonly kind: 'drop'; readonly role: Role; readonly to: CellRef }
  | { readonly kind: 'place'; readonly number: number; readonly pin: PinRef }
  | { readonly kind: 'platform'; readonly from: PinRef; readonly to: PinRef };

const PIECES = 'KQRBNP';
const PINS_NOTE = 'platforms stand only on a1, d1, a4 and d4 of a level, like Wa1u';

class Scanner {
  i = 0;
  constructor(readonly s: string) {}
  peek(offset = 0): string {
    return this.s[this.i + offset] ?? '';
  }
  done(): boolean {
    return this.i >= this.s.length;
  }
}

/** The word of `s` starting at `i`: up to the next separator, or the separator itself. */
function wordAt(s: string, i: number): string {
  const separators = '-&@:=+';
  // "x" separates only after a rank digit ("Wb1xWb3"), so "Wx3" stays one word.
  const isSep = (j: number) => /\s/.test(s[j]!) || separators.includes(s[j]!) || (j > i && 'xX'.includes(s[j]!) && /\d/.test(s[j - 1]!));
  if (i >= s.length) return '';
  if (isSep(i)) return s[i]!;
  let j = i + 1;
  while (j < s.length && j - i < 12 && !isSep(j)) j++;
  return s.slice(i, j);
}

/** "found "Zz9"", "found a space" or "the turn ends there", for the text at `i`. */
function foundAt(s: string, i: number): string {
  if (i >= s.length) return 'the turn ends there';
  const word = wordAt(s, i);
  if (/^\s$/.test(word)) return 'found a space';
  // Shaped like a cell but off the field: said, or "Bb9" reads like "Nc3" (tester 9 U3).
  const cell = /^[WNB]([a-z])(\d+)$/i.exec(word);
  if (cell && !('abcd'.includes(cell[1]!.toLowerCase()) && /^[1-4]$/.test(cell[2]!)))
    return `found "${word}", which is off the field: a level's files run a-d and its ranks 1-4`;
  return `found "${word}"`;
}

/** Index of one character in `set`, or -1 (also for the empty string past the end). */
const indexIn = (set: string, ch: string | undefined): number => (ch !== undefined && ch.length === 1 ? set.indexOf(ch) : -1);

type Item = { kind: 'cell'; ref: CellRef } | { kind: 'pin'; ref: PinRef };
/**
 * Why no cell or pin could be read. `at` is the offset of the bad token;
 * without `problem` nothing there looks like a cell at all and the caller
 * says what it expected.
 */
interface Miss {
  readonly miss: true;
  readonly at: number;
  readonly problem?: string;
}
const miss = (at: number, problem?: string): Miss => ({ miss: true, at, problem });
const isMiss = (x: Item | Miss): x is Miss => 'miss' in x;

/** A cell or a pin at the scanner (consumed), or why there is none (scanner unchanged). */
function readItem(sc: Scanner): Item | Miss {
  const start = sc.i;
  const s = sc.s;
  const level = LEVELS.indexOf(sc.peek().toUpperCase() as 'W');
  const file = indexIn('abcd', sc.peek(1).toLowerCase());
  const rank = indexIn('1234', sc.peek(2));
  if (level < 0 || file < 0 || rank < 0) return miss(start);
  const place = s.slice(start, start + 3);
  const corner = CORNERS.indexOf(`${'abcd'[file]}${rank + 1}` as 'a1');
  let i = start + 3;
  const o = (s[i] ?? '').toLowerCase();
  let state: number | undefined;
  if (o === 'u' || o === 'd') {
    // Nothing but an orientation letter makes sense here, so this is a pin.
    if (corner < 0) return miss(start, `"${place}${s[i]}" is not a pin: ${PINS_NOTE}`);
    state = o === 'u' ? UP : DOWN;
    i++;
  }
  if (s[i] === ':') {
    if (corner < 0) return miss(start, `"${place}" is not a pin, so it has no platform cells: ${PINS_NOTE}:b2`);
    const pfile = indexIn('ab', s[i + 1]?.toLowerCase());
    const prank = indexIn('12', s[i + 2]);
    if (pfile < 0 || prank < 0) {
      const head = s.slice(start, i + 1);
      return miss(
        i + 1,
        i + 1 >= s.length
          ? `expected a platform cell (a1, b1, a2 or b2) after "${head}" but the turn ends there`
          : `"${wordAt(s, i + 1)}" is not a platform cell: the cells of a platform are a1, b1, a2 and b2 (like ${head}b2)`,
      );
    }
    i += 3;
    sc.i = i;
    const pin = level * 4 + corner;
    return { kind: 'cell', ref: { kind: 'platform', pin, state, local: prank * 2 + pfile, text: s.slice(start, i) } };
  }
  sc.i = i;
  if (state !== undefined) return { kind: 'pin', ref: { pin: level * 4 + corner, up: state === UP, text: s.slice(start, i) } };
  return { kind: 'cell', ref: { kind: 'fixed', cell: fixedCell(level, file, rank), text: place } };
}

const syntax = (message: string, at: number) => err('syntax', message, at);

export function parseSt3dSyntax(text: string): Result<St3dSyntax> {
  // Trailing annotations and surrounding whitespace are lenient decoration.
  // Offsets inside `body` are shifted by `lead` into the text as given.
  const lead = text.length - text.trimStart().length;
  const body = text.trimStart().replace(/[\s+#!?]+$/, '');
  const sc = new Scanner(body);
  const fail = (message: string, i: number) => syntax(message, lead + i);
  const found = (i: number) => foundAt(body, i);
  if (body === '') return syntax('empty turn: expected a move like Wb1-Nc3, a drop like N@Wc1 or a platform turn like @Wa1u', lead);

  /** The item at the scanner as a pin; `where` (like 'after "@"') places it for messages. */
  const readPin = (where: string): Result<PinRef> => {
    const start = sc.i;
    const item = readItem(sc);
    if (isMiss(item)) return fail(item.problem ?? `expected a pin with orientation like Wa1u or Nd4d ${where} but ${found(item.at)}`, item.at);
    if (item.kind === 'pin') return ok(item.ref);
    const ref = item.ref;
    if (ref.kind === 'platform') return fail(`expected a pin like Wa1u ${where}, not the platform cell ${ref.text}`, start);
    if (!CORNERS.includes(ref.text.slice(1).toLowerCase() as 'a1')) return fail(`"${ref.text}" is not a pin: ${PINS_NOTE}`, start);
    // A corner without its orientation: the orientation letter is the bad part.
    return fail(`expected the orientation u or d after ${ref.text} (a pin like ${ref.text}u) but ${found(sc.i)}`, sc.i);
  };
  /** The item at the scanner as a cell; `what` says what the cell is for. */
  const readCell = (what: string, example: string): Result<CellRef> => {
    const start = sc.i;
    const item = readItem(sc);
    if (isMiss(item)) return fail(item.problem ?? `expected a cell like ${example} ${what} but ${found(item.at)}`, item.at);
    if (item.kind === 'pin') return fail(`expected a cell ${what}; ${item.ref.text} is a pin (write ${item.ref.text}:a1 for a platform cell)`, start);
    return ok(item.ref);
  };
  const finish = <T>(value: T): Result<T> => {
    if (sc.done()) return ok(value);
    const rest = body.slice(sc.i);
    return fail(`unexpected "${cut(rest.trim())}" after the turn`, sc.i + rest.length - rest.trimStart().length);
  };

  // Platform placement: "@Wa1u" or "3@Wa1u".
  const placement = /^(\d+)?@/.exec(body);
  if (placement) {
    const number = placement[1] ? Number(placement[1]) : 0;
    if (placement[1] && (number < 1 || number > 12)) return fail(`platform number must be 1..12, got ${placement[1]}`, 0);
    sc.i = placement[0].length;
    const pin = readPin('after "@"');
    if (!pin.ok) return pin;
    return finish({ kind: 'place', number, pin: pin.value });
  }

  // Drop: "N@Wc1" (piece letters in drops are upper case).
  if (sc.peek(1) === '@') {
    const role = sc.peek();
    // Worded as Planar's notation words them (src/engine/planar/notation.ts).
    if (!PIECES.includes(role.toUpperCase())) return fail(`"${role}" is not a piece letter: expected K, Q, R, B, N or P before "@"`, 0);
    if (!PIECES.includes(role)) return fail(`piece letters in drops must be upper case: ${role.toUpperCase()}@, not ${role}@`, 0);
    sc.i += 2;
    const to = readCell('to drop on after "@"', 'Wc1');
    if (!to.ok) return to;
    return finish({ kind: 'drop', role: role as Role, to: to.value });
  }

  // Optional piece letter before a move: "NWb1-Nc3" or "N Wb1-Nc3".
  let role: Role | undefined;
  let first = readItem(sc);
  if (isMiss(first) && PIECES.includes(sc.peek())) {
    const asCell = first;
    sc.i++;
    while (sc.peek() === ' ') sc.i++;
    const asPiece = readItem(sc);
    if (!isMiss(asPiece)) {
      role = body[0] as Role;
      first = asPiece;
    } else {
      // Neither reading works: report the one that got further. When both fail
      // on their first token ("Nz1", "NWz9"), take the piece letter unless the
      // text reads as a mistyped cell (a level and a lower-case file letter, or
      // no level letter after the piece letter).
      const isLevel = (ch: string | undefined) => ch !== undefined && LEVELS.includes(ch.toUpperCase() as 'W');
      const piece =
        asCell.problem === undefined && asPiece.problem === undefined
          ? !isLevel(body[0]) || (isLevel(body[asPiece.at]) && indexIn('abcd', body[1]) < 0)
          : asPiece.at > asCell.at;
      if (piece) return fail(asPiece.problem ?? `expected a cell like Wb1 after the piece letter ${body[0]} but ${found(asPiece.at)}`, asPiece.at);
    }
  }
  if (isMiss(first))
    return fail(first.problem ?? `expected a cell like Wb1 or Wa1u:b2, a pin like Wa1u, or a drop like N@Wc1, but ${found(first.at)}`, first.at);
  const sep = sc.peek();
  if (sep !== '-' && sep !== 'x' && sep !== 'X') return fail(`expected "-" or "x" after ${first.ref.text} but ${found(sc.i)}`, sc.i);
  sc.i++;
  if (first.kind === 'pin') {
    const to = readPin(`after "${sep}"`);
    if (!to.ok) return to;
    if (role) return fail('a platform move takes no piece letter', 0);
    return finish({ kind: 'platform', from: first.ref, to: to.value });
  }
  const to = readCell(`after "${sep}"`, 'Nc3');
  if (!to.ok) return to;
  if (sc.peek() === '&') {
    sc.i++;
    const from = readPin('after "&"');
    if (!from.ok) return from;
    // `x` for `-` here too, as in a platform move on its own (notation.md's lenient input; tester 15 B4).
    const platformSep = sc.peek();
    if (platformSep !== '-' && platformSep !== 'x' && platformSep !== 'X')
      return fail(`expected "-" between the two pins of the platform move but ${found(sc.i)}`, sc.i);
    sc.i++;
    const dest = readPin(`after "${platformSep}" in the platform move`);
    if (!dest.ok) return dest;
    return finish({ kind: 'move', role, from: first.ref, to: to.value, platform: { from: from.value, to: dest.value } });
  }
  return finish({ kind: 'move', role, from: first.ref, to: to.value });
}

/** The cell index a reference names in `pos`, checking the platform it mentions. */
export function resolveCell(pos: St3dPosition, ref: CellRef): Result<number> {
  if (ref.kind === 'fixed') return ok(ref.cell);
  const actual = pos.platforms[ref.pin]!;
  if (actual === NO_PLATFORM) return err('illegal', `${ref.text}: there is no platform on ${pinName(ref.pin)}`);
  if (ref.state !== undefined && ref.state !== actual)
    return err('illegal', `${ref.text}: the platform on ${pinName(ref.pin)} is ${actual === UP ? 'upright' : 'inverted'} (${pinName(ref.pin, actual)})`);
  return ok(platformCell(ref.pin, ref.local & 1, ref.local >> 1));
}

/** A platform shift named by two pins; the source must hold a platform of that orientation. */
export function resolveShift(pos: St3dPosition, from: PinRef, to: PinRef): Result<PlatformShift> {
  const actual = pos.platforms[from.pin]!;
  if (actual === NO_PLATFORM) return err('illegal', `there is no platform on ${pinName(from.pin)}`);
  if ((actual === UP) !== from.up)
    return err('illegal', `the platform on ${pinName(from.pin)} is ${actual === UP ? 'upright' : 'inverted'} (${pinName(from.pin, actual)}), not ${from.text}`);
  return ok({ from: from.pin, to: to.pin, up: to.up });
}
