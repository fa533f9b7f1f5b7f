// Reading ST3D turn text (notation.md): canonical and lenient forms into a
// syntax tree, then cell references into cell indices of a position.
import { err, ok, type Result, type Role } from '../types.ts';
import { CORNERS, DOWN, fixedCell, LEVELS, NO_PLATFORM, pinName, platformCell, UP } from './field.ts';
import type { PlatformShift } from './move.ts';
import type { St3dPosition } from './position.ts';

export type CellRef =
  | { readonly kind: 'fixed'; readonly cell: number; readonly text: string }
  | { readonly kind: 'platform'; readonly pin: number; readonly state?: number; readonly local: number; readonly text: string };

export interface PinRef {
  readonly pin: number;
  readonly up: boolean;
  readonly text: string;
}

export type St3dSyntax =
  | { readonly kind: 'move'; readonly role?: Role; readonly from: CellRef; readonly to: CellRef; readonly platform?: { from: PinRef; to: PinRef } }
  | { readonly kind: 'drop'; readonly role: Role; readonly to: CellRef }
  | { readonly kind: 'place'; readonly number: number; readonly pin: PinRef }
  | { readonly kind: 'platform'; readonly from: PinRef; readonly to: PinRef };

const PIECES = 'KQRBNP';

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

type Item = { kind: 'cell'; ref: CellRef } | { kind: 'pin'; ref: PinRef };

/** A cell or a pin at the scanner, or undefined (scanner unchanged). */
function readItem(sc: Scanner): Item | undefined {
  const start = sc.i;
  const level = LEVELS.indexOf(sc.peek().toUpperCase() as 'W');
  const file = 'abcd'.indexOf(sc.peek(1).toLowerCase());
  const rank = '1234'.indexOf(sc.peek(2));
  if (level < 0 || file < 0 || rank < 0) return undefined;
  sc.i += 3;
  const corner = CORNERS.indexOf(`${'abcd'[file]}${rank + 1}` as 'a1');
  const o = sc.peek().toLowerCase();
  let state: number | undefined;
  if (corner >= 0 && (o === 'u' || o === 'd')) {
    state = o === 'u' ? UP : DOWN;
    sc.i++;
  }
  if (corner >= 0 && sc.peek() === ':') {
    const pfile = 'ab'.indexOf(sc.peek(1).toLowerCase());
    const prank = '12'.indexOf(sc.peek(2));
    if (pfile < 0 || prank < 0) {
      sc.i = start;
      return undefined;
    }
    sc.i += 3;
    const pin = level * 4 + corner;
    return {
      kind: 'cell',
      ref: { kind: 'platform', pin, state, local: prank * 2 + pfile, text: sc.s.slice(start, sc.i) },
    };
  }
  if (state !== undefined) return { kind: 'pin', ref: { pin: level * 4 + corner, up: state === UP, text: sc.s.slice(start, sc.i) } };
  return { kind: 'cell', ref: { kind: 'fixed', cell: fixedCell(level, file, rank), text: sc.s.slice(start, sc.i) } };
}

const syntax = (message: string, at: number) => err('syntax', message, at);

export function parseSt3dSyntax(text: string): Result<St3dSyntax> {
  // Trailing annotations and surrounding whitespace are lenient decoration.
  const lead = text.length - text.trimStart().length;
  const body = text.trimStart().replace(/[\s+#!?]+$/, '');
  const sc = new Scanner(body);
  const at = () => lead + sc.i;
  if (body === '') return syntax('empty turn: expected a move like Wb1-Nc3, a drop like N@Wc1 or a platform turn like @Wa1u', lead);

  const readPin = (what: string): Result<PinRef> => {
    const item = readItem(sc);
    if (item?.kind === 'pin') return ok(item.ref);
    return syntax(`expected ${what} (a pin with orientation, like Wa1u or Nd4d)`, at());
  };
  const finish = <T>(value: T): Result<T> =>
    sc.done() ? ok(value) : syntax(`unexpected "${body.slice(sc.i).trim()}" after the turn`, at());

  // Platform placement: "@Wa1u" or "3@Wa1u".
  const placement = /^(\d{1,2})?@/.exec(body);
  if (placement) {
    const number = placement[1] ? Number(placement[1]) : 0;
    if (placement[1] && (number < 1 || number > 12)) return syntax(`platform number must be 1..12, got ${placement[1]}`, at());
    sc.i = placement[0].length;
    const pin = readPin('a pin after "@"');
    if (!pin.ok) return pin;
    return finish({ kind: 'place', number, pin: pin.value });
  }

  // Drop: "N@Wc1" (piece letters in drops are upper case).
  if (sc.peek(1) === '@') {
    const role = sc.peek();
    if (!PIECES.includes(role)) return syntax(`"${role}" is not a piece letter (K Q R B N P, upper case in drops)`, at());
    sc.i += 2;
    const item = readItem(sc);
    if (!item || item.kind !== 'cell') return syntax('expected a cell after "@", like Wc1', at());
    return finish({ kind: 'drop', role: role as Role, to: item.ref });
  }

  // Optional piece letter before a move: "NWb1-Nc3" or "N Wb1-Nc3".
  let role: Role | undefined;
  let first = readItem(sc);
  if (!first && PIECES.includes(sc.peek())) {
    role = sc.peek() as Role;
    sc.i++;
    while (sc.peek() === ' ') sc.i++;
    first = readItem(sc);
  }
  if (!first) return syntax('expected a cell like Wb1 or Wa1u:b2, a pin like Wa1u, or a drop like N@Wc1', at());
  const sep = sc.peek();
  if (sep !== '-' && sep !== 'x' && sep !== 'X') return syntax(`expected "-" or "x" after ${first.ref.text}`, at());
  sc.i++;
  const second = readItem(sc);
  if (!second) return syntax(`expected a ${first.kind === 'pin' ? 'pin like Na1u' : 'cell like Nc3'} after "${sep}"`, at());
  if (first.kind === 'pin') {
    if (second.kind !== 'pin') return syntax(`a platform moves to a pin with orientation (like Na1u), not to ${second.ref.text}`, at());
    if (role) return syntax('a platform move takes no piece letter', lead);
    return finish({ kind: 'platform', from: first.ref, to: second.ref });
  }
  if (second.kind !== 'cell') return syntax(`a piece moves to a cell; ${second.ref.text} is a pin (write Wa1u:a1 for a platform cell)`, at());
  if (sc.peek() === '&') {
    sc.i++;
    const from = readPin('the platform to move after "&"');
    if (!from.ok) return from;
    if (sc.peek() !== '-') return syntax('expected "-" between the two pins of the platform move', at());
    sc.i++;
    const to = readPin('the destination pin of the platform move');
    if (!to.ok) return to;
    return finish({ kind: 'move', role, from: first.ref, to: second.ref, platform: { from: from.value, to: to.value } });
  }
  return finish({ kind: 'move', role, from: first.ref, to: second.ref });
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
