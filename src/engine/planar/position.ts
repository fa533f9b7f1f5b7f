// Planar Chess positions and turns (rules.md section 5), and the one-line
// position text (docs/position-text.md).
import { err, ok, opposite, ROLE_NAMES, ROLES, STANDARD_SET, type Color, type Orientation, type Result, type Role, COLORS } from '../types.ts';
import { BLACK_BIT, colorOf, EMPTY, handIndex, pieceCode, roleOf } from '../piece-codes.ts';
import { HASH_SEED, mixHash } from '../position-hash.ts';
import { kingOrderProblem, notToMoveInCheck, setCountProblem } from '../setup.ts';
import { attackerOf, findKing } from './attacks.ts';
import { cellName, cellOf, NUM_CELLS } from './cube.ts';

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

export const moveOf = (from: number, to: number): PlanarMove => ({ kind: 'move', from, to });
export const dropOf = (role: Role, to: number, orientation: Orientation): PlanarMove => ({ kind: 'drop', role, to, orientation });
export const orientOf = (cell: number, orientation: Orientation): PlanarMove => ({ kind: 'orient', cell, orientation });

export function initialPosition(): PlanarPosition {
  const hands = new Int8Array(12);
  for (const color of COLORS) for (const role of ROLES) hands[handIndex(color, role)] = STANDARD_SET[role];
  return { board: new Int8Array(NUM_CELLS), orient: new Int8Array(NUM_CELLS), hands, turn: 'white' };
}

/** Does the side to move still have to place its king? */
export const placingKings = (pos: PlanarPosition): boolean => pos.hands[handIndex(pos.turn, 'K')]! > 0;

/** Is the side to move's king attacked? */
export function inCheck(pos: PlanarPosition): boolean {
  // The last answer is kept: positions never change, and the search asks again for the same one
  // when it lists its turns.
  if (pos === lastChecked) return lastInCheck;
  const king = findKing(pos.board, pos.turn);
  lastInCheck = king >= 0 && attackerOf(pos.board, pos.orient, king, opposite(pos.turn)) >= 0;
  lastChecked = pos;
  return lastInCheck;
}
let lastChecked: PlanarPosition | undefined;
let lastInCheck = false;

/** Tell inCheck its answer for `pos`, found another way (the search's, from the turn that led there). */
export function knownInCheck(pos: PlanarPosition, checked: boolean): void {
  lastChecked = pos;
  lastInCheck = checked;
}

/** "rook on Ab1": the piece on a cell, for messages. */
export const describe = (pos: PlanarPosition, cell: number): string => `${ROLE_NAMES[roleOf(pos.board[cell]!)]} on ${cellName(cell)}`;

// ---- position text -------------------------------------------------------------
// <level A>|<level B>|<level C>|<level D> <hands> <turn>
// Each level: ranks 4..1 separated by '/', files a..d left to right, FEN letters
// (upper case White, lower case Black), digits for runs of empty cells. A piece
// oriented XZ is followed by 'x', one oriented YZ by 'y' (XY has no mark), e.g.
// `Kx` = white king XZ, `ry` = black rook YZ. Hands: the pieces in hand, White's
// then Black's, in the order K Q R B N P, or '-'. Turn: w or b.
// Example (start): 4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4 KQRRBBNNPPPPPPPPkqrrbbnnpppppppp w

const ORIENT_MARK = ['', 'x', 'y'];

export function formatPosition(pos: PlanarPosition): string {
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
  for (const color of COLORS) for (const role of ROLES) hands += (color === 'white' ? role : role.toLowerCase()).repeat(pos.hands[handIndex(color, role)]!);
  return `${levels.join('|')} ${hands || '-'} ${pos.turn === 'white' ? 'w' : 'b'}`;
}

/** hashPosition for Planar: every field the text form writes. */
export function hashPosition(pos: PlanarPosition): number {
  const h = mixHash(mixHash(mixHash(HASH_SEED, pos.board), pos.orient), pos.hands);
  return pos.turn === 'white' ? h : Math.imul(h ^ 1, 0x01000193);
}

const LETTER_CODES: Record<string, number> = {};
for (const role of ROLES) {
  LETTER_CODES[role] = pieceCode('white', role);
  LETTER_CODES[role.toLowerCase()] = pieceCode('black', role);
}

export function parsePosition(text: string): Result<PlanarPosition> {
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

  const problem = setupProblem(pos);
  return problem ? err('position', problem) : ok(pos);
}

/**
 * Why a position cannot arise in a game, or undefined: each side has one king and at most one
 * set, the kings are placed in turn (White first) before anything else, and the side that has
 * just moved is not in check. Every position text read must pass, a set-up included.
 */
export function setupProblem(pos: PlanarPosition): string | undefined {
  const problem = setCountProblem(pos, 'on the cube') ?? kingOrderProblem(pos, 'white', 'on the cube', (c) => describe(pos, c));
  if (problem) return problem;
  const other = opposite(pos.turn);
  const otherKing = findKing(pos.board, other);
  const by = otherKing >= 0 ? attackerOf(pos.board, pos.orient, otherKing, pos.turn) : -1;
  return by >= 0 ? notToMoveInCheck(pos, cellName(otherKing), describe(pos, by)) : undefined;
}
