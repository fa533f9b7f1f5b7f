// ST3D positions and their one-line text form (docs/position-text.md).
import { colorName, err, ok, ROLE_NAMES, ROLES, type Color, type Result, COLORS } from '../types.ts';
import { BLACK_BIT, EMPTY, handIndex, KING, pieceCode, roleOf } from '../piece-codes.ts';
import { HASH_SEED, mixHash } from '../position-hash.ts';
import { cellName, CORNERS, DOWN, fixedCell, LEVELS, NO_PLATFORM, NUM_CELLS, NUM_PINS, pinName, platformCell, UP } from './field.ts';

export interface St3dPosition {
  /** Piece code per cell index (see field.ts). */
  readonly board: Int8Array;
  /** Per pin: NO_PLATFORM, UP or DOWN. */
  readonly platforms: Int8Array;
  /** Per pin: Warp Factor owner (1 White, 2 Black), Curved Space number (1..12); 0 otherwise. */
  readonly tags: Int8Array;
  /** Pieces in hand, indexed by handIndex. */
  readonly hands: Int8Array;
  readonly turn: Color;
  /** First Contact: the pin of the platform that moved last, -1 for none. */
  readonly lockedPin: number;
  /** Platforms still to be placed, bit n set = number n unplaced (First Contact uses 1..4 anonymously). */
  readonly unplaced: number;
  /** Curved Space option platformMoves = after-capture. */
  readonly afterCapture: boolean;
}

export function emptyPosition(): St3dPosition {
  return {
    board: new Int8Array(NUM_CELLS),
    platforms: new Int8Array(NUM_PINS),
    tags: new Int8Array(NUM_PINS),
    hands: new Int8Array(12),
    turn: 'white',
    lockedPin: -1,
    unplaced: 0,
    afterCapture: false,
  };
}

// A board copy is a view into a shared slab rather than a buffer of its own: V8 gives a typed
// array over 64 bytes an off-heap buffer, several times the cost of a view (and of its garbage),
// and every piece move makes a board. A slab is freed when its last board is.
const BOARDS_PER_SLAB = 64;
let slab = new ArrayBuffer(0);
let slabUsed = BOARDS_PER_SLAB;

/** A fresh copy of a board. */
export function copyBoard(board: ArrayLike<number>): Int8Array {
  if (slabUsed === BOARDS_PER_SLAB) {
    slab = new ArrayBuffer(NUM_CELLS * BOARDS_PER_SLAB);
    slabUsed = 0;
  }
  const copy = new Int8Array(slab, NUM_CELLS * slabUsed++, NUM_CELLS);
  copy.set(board);
  return copy;
}

/** A shallow copy with fresh arrays, for building the next position. */
export function clonePosition(pos: St3dPosition): { -readonly [K in keyof St3dPosition]: St3dPosition[K] } {
  return {
    board: copyBoard(pos.board),
    platforms: pos.platforms.slice(),
    tags: pos.tags.slice(),
    hands: pos.hands.slice(),
    turn: pos.turn,
    lockedPin: pos.lockedPin,
    unplaced: pos.unplaced,
    afterCapture: pos.afterCapture,
  };
}

export const unplacedNumbers = (mask: number): number[] => {
  const result: number[] = [];
  for (let n = 1; n <= NUM_PINS; n++) if (mask & (1 << n)) result.push(n);
  return result;
};

export function findKing(pos: St3dPosition, color: Color): number {
  return kingCell(pos.board, color === 'black' ? KING + BLACK_BIT : KING);
}

/** The cell each colour's king was last found on (White's, Black's): the first guess of kingCell. */
const kingGuess = new Int8Array(2);
/**
 * The cell of the king `code` (KING or KING + BLACK_BIT) on `board`, or -1. Kings move seldom:
 * the cell it was last found on is looked at first. A board holds at most one king of a colour
 * (parseSt3dPosition checks; a king is dropped only from hand), so a guess holding it is the answer.
 */
export function kingCell(board: Int8Array, code: number): number {
  const side = code & BLACK_BIT ? 1 : 0;
  const guess = kingGuess[side]!;
  if (board[guess] === code) return guess;
  const cell = board.indexOf(code);
  if (cell >= 0) kingGuess[side] = cell;
  return cell;
}

/** "rook on Wb2": the piece on a cell, for messages. */
export const pieceWord = (pos: St3dPosition, cell: number) => `${ROLE_NAMES[roleOf(pos.board[cell]!)]} on ${cellName(cell, pos.platforms)}`;

/** Must `color` still place its king (First Contact, Curved Space)? */
export const kingInHand = (pos: St3dPosition, color: Color): boolean => pos.hands[handIndex(color, 'K')]! > 0;
/** The fixed level each side drops onto: White's W, Black's B. */
export const OWN_LEVEL: Readonly<Record<Color, number>> = { white: 0, black: 2 };

// ---- text form ---------------------------------------------------------------
// <W>|<N>|<B> <platforms> <hands> <turn> <lock> <unplaced> [after-capture]
// Each level: ranks 4..1 separated by '/', FEN letters (upper White, lower Black),
// digits for runs of empty cells. Platforms: comma list of
// <pin><u|d>[*<tag>]:<rank2>/<rank1>, tag w/b (owner) or a number.

export type TagStyle = 'none' | 'owner' | 'number';

const pieceLetter = (code: number): string => {
  const letter = roleOf(code);
  return code & BLACK_BIT ? letter.toLowerCase() : letter;
};
/** The FEN letter of each piece code ('' for codes that are no piece). */
const LETTERS: readonly string[] = Array.from({ length: 16 }, (_, code) => ((code & 7) >= 1 && (code & 7) <= 6 ? pieceLetter(code) : ''));

/** `width` cells from `first` on, in FEN: letters, digits for runs of empty cells. */
function formatRow(board: Int8Array, first: number, width: number): string {
  let out = '';
  let run = 0;
  for (let cell = first; cell < first + width; cell++) {
    const code = board[cell]!;
    if (code === EMPTY) run++;
    else {
      if (run) out += run;
      run = 0;
      out += LETTERS[code];
    }
  }
  return run ? out + run : out;
}

export function formatSt3dPosition(pos: St3dPosition, tagStyle: TagStyle, unplacedStyle: 'count' | 'numbers'): string {
  let levels = '';
  for (let level = 0; level < LEVELS.length; level++)
    for (let rank0 = 3; rank0 >= 0; rank0--) levels += (rank0 < 3 ? '/' : level ? '|' : '') + formatRow(pos.board, fixedCell(level, 0, rank0), 4);
  const platforms: string[] = [];
  for (let pin = 0; pin < NUM_PINS; pin++) {
    const state = pos.platforms[pin]!;
    if (state === NO_PLATFORM) continue;
    const tag = pos.tags[pin]!;
    let text = pinName(pin, state);
    if (tagStyle === 'owner' && tag) text += '*' + (tag === 1 ? 'w' : 'b');
    if (tagStyle === 'number' && tag) text += '*' + tag;
    platforms.push(`${text}:${formatRow(pos.board, platformCell(pin, 0, 1), 2)}/${formatRow(pos.board, platformCell(pin, 0, 0), 2)}`);
  }
  let hands = '';
  for (const color of COLORS)
    for (const role of ROLES) {
      const letter = color === 'white' ? role : role.toLowerCase();
      hands += letter.repeat(pos.hands[handIndex(color, role)]!);
    }
  const unplaced =
    pos.unplaced === 0 ? '-' : unplacedStyle === 'count' ? String(unplacedNumbers(pos.unplaced).length) : unplacedNumbers(pos.unplaced).join(',');
  const fields = [
    levels,
    platforms.length ? platforms.join(',') : '-',
    hands || '-',
    pos.turn === 'white' ? 'w' : 'b',
    pos.lockedPin >= 0 ? pinName(pos.lockedPin) : '-',
    unplaced,
  ];
  if (pos.afterCapture) fields.push('after-capture');
  return fields.join(' ');
}

/** hashPosition for ST3D: every field the text form writes. */
export function hashSt3dPosition(pos: St3dPosition): number {
  let h = mixHash(HASH_SEED, pos.board);
  h = mixHash(h, pos.platforms);
  h = mixHash(h, pos.tags);
  h = mixHash(h, pos.hands);
  return Math.imul(h ^ ((pos.turn === 'white' ? 0 : 1) | ((pos.lockedPin + 1) << 1) | (pos.afterCapture ? 32 : 0)), 0x01000193) ^ pos.unplaced;
}

const LETTER_CODES: Record<string, number> = {};
for (const role of ROLES) {
  LETTER_CODES[role] = pieceCode('white', role);
  LETTER_CODES[role.toLowerCase()] = pieceCode('black', role);
}

/** Parse one row of `width` cells; returns the codes or an error message. */
function parseRow(text: string, width: number): number[] | string {
  const codes: number[] = [];
  for (const ch of text) {
    if (ch >= '1' && ch <= '9') for (let i = 0; i < Number(ch); i++) codes.push(EMPTY);
    else if (LETTER_CODES[ch] !== undefined) codes.push(LETTER_CODES[ch]!);
    else return `unexpected "${ch}" in "${text}"`;
  }
  if (codes.length !== width) return `"${text}" describes ${codes.length} cells, expected ${width}`;
  return codes;
}

export function parsePinName(text: string): { pin: number; state: number } | undefined {
  const m = /^([WNB])(a1|d1|a4|d4)([ud])?$/.exec(text);
  if (!m) return undefined;
  const pin = LEVELS.indexOf(m[1] as 'W') * 4 + CORNERS.indexOf(m[2] as 'a1');
  return { pin, state: m[3] === 'u' ? UP : m[3] === 'd' ? DOWN : NO_PLATFORM };
}

export function parseSt3dPosition(text: string, tagStyle: TagStyle, unplacedStyle: 'count' | 'numbers'): Result<St3dPosition> {
  const fields = text.trim().split(/\s+/);
  if (fields.length < 6 || fields.length > 7)
    return err('position', `expected 6 or 7 space-separated fields (levels, platforms, hands, turn, lock, unplaced[, after-capture]), got ${fields.length}`);
  const [levelsText, platformsText, handsText, turnText, lockText, unplacedText, extra] = fields as [string, string, string, string, string, string, string?];
  const pos = clonePosition(emptyPosition());

  const levels = levelsText.split('|');
  if (levels.length !== 3) return err('position', `expected three fixed levels W|N|B, got ${levels.length}`);
  for (const [level, levelText] of levels.entries()) {
    const ranks = levelText.split('/');
    if (ranks.length !== 4) return err('position', `level ${LEVELS[level]} needs 4 ranks separated by "/", got ${ranks.length}`);
    for (const [i, rankText] of ranks.entries()) {
      const row = parseRow(rankText, 4);
      if (typeof row === 'string') return err('position', `level ${LEVELS[level]} rank ${4 - i}: ${row}`);
      row.forEach((code, file0) => (pos.board[fixedCell(level, file0, 3 - i)] = code));
    }
  }

  if (platformsText !== '-') {
    for (const item of platformsText.split(',')) {
      const m = /^([WNB](?:a1|d1|a4|d4)[ud])(?:\*([wb]|\d{1,2}))?:([^:]+)$/.exec(item);
      if (!m) return err('position', `cannot read platform "${item}" (expected like Wa1u:PP/RQ)`);
      const { pin, state } = parsePinName(m[1]!)!;
      if (pos.platforms[pin] !== NO_PLATFORM) return err('position', `two platforms on pin ${pinName(pin)}`);
      pos.platforms[pin] = state;
      const tag = m[2];
      if (tag !== undefined) {
        // A mark of the wrong kind is most likely a position of another variant: say which.
        const owner = tag === 'w' || tag === 'b';
        const from = `platform ${m[1]}*${tag} has ${owner ? 'an owner (*w or *b), as in a Warp Factor position' : 'a number, as in a Curved Space position'}`;
        if (tagStyle === 'none')
          return err('position', `${from}; platforms in this variant carry no mark (remove it, or choose ${owner ? 'Warp Factor' : 'Curved Space'})`);
        if (tagStyle === 'owner') {
          if (!owner)
            return err(
              'position',
              /^\d+$/.test(tag)
                ? `${from}; in this variant a platform's mark is its owner, *w or *b (or choose Curved Space)`
                : `platform ${m[1]}: owner must be w or b`,
            );
          pos.tags[pin] = tag === 'w' ? 1 : 2;
        } else {
          const n = Number(tag);
          if (owner) return err('position', `${from}; in this variant a platform's mark is its number, *1 to *12 (or choose Warp Factor)`);
          if (!/^\d+$/.test(tag) || n < 1 || n > NUM_PINS) return err('position', `platform ${m[1]}: number must be 1..12`);
          pos.tags[pin] = n;
        }
      } else if (tagStyle !== 'none') return err('position', `platform ${m[1]} needs ${tagStyle === 'owner' ? 'an owner (*w or *b)' : 'a number (*1..*12)'}`);
      const rows = m[3]!.split('/');
      if (rows.length !== 2) return err('position', `platform ${m[1]} needs 2 ranks separated by "/"`);
      for (const [i, rowText] of rows.entries()) {
        const row = parseRow(rowText, 2);
        if (typeof row === 'string') return err('position', `platform ${m[1]}: ${row}`);
        row.forEach((code, pfile0) => (pos.board[platformCell(pin, pfile0, 1 - i)] = code));
      }
    }
  }

  if (handsText !== '-') {
    for (const ch of handsText) {
      const code = LETTER_CODES[ch];
      if (code === undefined) return err('position', `unexpected "${ch}" in hands "${handsText}"`);
      pos.hands[handIndex(code & BLACK_BIT ? 'black' : 'white', roleOf(code))]!++;
    }
  }

  if (turnText !== 'w' && turnText !== 'b') return err('position', `side to move must be w or b, got "${turnText}"`);
  pos.turn = turnText === 'w' ? 'white' : 'black';

  if (lockText !== '-') {
    const lock = parsePinName(lockText);
    if (!lock || lock.state !== NO_PLATFORM) return err('position', `lock must be a pin like Wa1 or "-", got "${lockText}"`);
    if (pos.platforms[lock.pin] === NO_PLATFORM) return err('position', `locked pin ${lockText} holds no platform`);
    pos.lockedPin = lock.pin;
  }

  if (unplacedText !== '-') {
    if (unplacedStyle === 'count') {
      const n = Number(unplacedText);
      if (!/^\d+$/.test(unplacedText) || n < 1 || n > NUM_PINS) return err('position', `unplaced platform count must be 1..12 or "-", got "${unplacedText}"`);
      for (let i = 1; i <= n; i++) pos.unplaced |= 1 << i;
    } else {
      for (const part of unplacedText.split(',')) {
        const n = Number(part);
        if (!/^\d+$/.test(part) || n < 1 || n > NUM_PINS) return err('position', `unplaced platform numbers must be 1..12, got "${part}"`);
        pos.unplaced |= 1 << n;
      }
    }
  }
  if (tagStyle === 'number') {
    // A platform number names one platform: placed once, or still in hand, never both.
    const seen = new Set<number>();
    for (let pin = 0; pin < NUM_PINS; pin++) {
      const n = pos.tags[pin]!;
      if (pos.platforms[pin] === NO_PLATFORM) continue;
      if (seen.has(n)) return err('position', `platform number ${n} is placed twice`);
      if (pos.unplaced & (1 << n)) return err('position', `platform number ${n} is both placed and unplaced`);
      seen.add(n);
    }
  }
  if (extra !== undefined) {
    if (extra !== 'after-capture') return err('position', `unexpected seventh field "${extra}" (only "after-capture" is known)`);
    pos.afterCapture = true;
  }
  // Consistency: at most one king per side on board and in hand.
  for (const color of COLORS) {
    const onBoard = pos.board.reduce((n, c) => n + (c === pieceCode(color, 'K') ? 1 : 0), 0);
    if (onBoard + pos.hands[handIndex(color, 'K')]! > 1) return err('position', `${colorName(color)} has more than one king`);
  }
  return ok(pos);
}
