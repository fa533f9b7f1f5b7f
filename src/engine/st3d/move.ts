// Turns on the ST3D field and their canonical text (notation.md), without the
// +/# suffix, which needs the variant's rules.
import { ROLES, type Role } from '../types.ts';
import { cellName, NUM_CELLS, NUM_PINS, pinName } from './field.ts';
import { EMPTY, roleAt } from '../piece-codes.ts';
import { type St3dPosition } from './position.ts';

export interface PlatformShift {
  readonly from: number; // pin
  readonly to: number; // pin (equal to `from` for a flip in place)
  readonly up: boolean; // orientation after the move
}

export type St3dMove =
  /** A piece move or capture; `platform` is Curved Space's capture&platform-move. */
  | { readonly kind: 'move'; readonly from: number; readonly to: number; readonly platform?: PlatformShift }
  | { readonly kind: 'drop'; readonly role: Role; readonly to: number }
  | { readonly kind: 'place'; readonly pin: number; readonly up: boolean; readonly number: number }
  | ({ readonly kind: 'platform' } & PlatformShift);

// Turns are values, never changed: the common ones are made once and shared, so listing the
// turns of a position allocates little (perft and the search list millions).
const PIECE_MOVES: (St3dMove | undefined)[] = new Array(NUM_CELLS * NUM_CELLS).fill(undefined);
const DROPS: (St3dMove | undefined)[] = new Array(ROLES.length * NUM_CELLS).fill(undefined);
const SHIFTS: (St3dMove | undefined)[] = new Array(NUM_PINS * NUM_PINS * 2).fill(undefined);
const PLACES: (St3dMove | undefined)[] = new Array(NUM_PINS * 2 * 13).fill(undefined);

/** The piece move `from`-`to` (no platform move with it). */
export const pieceMove = (from: number, to: number): St3dMove => (PIECE_MOVES[from * NUM_CELLS + to] ??= { kind: 'move', from, to });
/** pieceMove(from, to) by `from * NUM_CELLS + to` (no division when it is made already). */
export const pieceMoveAt = (cells: number): St3dMove => PIECE_MOVES[cells] ?? pieceMove((cells / NUM_CELLS) | 0, cells % NUM_CELLS);
export const dropMove = (role: Role, to: number): St3dMove => (DROPS[roleAt(role) * NUM_CELLS + to] ??= { kind: 'drop', role, to });
/** Placing platform `number` (0 unnumbered, up to 12) on `pin`. */
export const placeMove = (pin: number, up: boolean, number: number): St3dMove =>
  (PLACES[(pin * 2 + (up ? 1 : 0)) * 13 + number] ??= { kind: 'place', pin, up, number });
export const platformMove = (from: number, to: number, up: boolean): St3dMove =>
  (SHIFTS[(from * NUM_PINS + to) * 2 + (up ? 1 : 0)] ??= { kind: 'platform', from, to, up });

export const pinText = (pin: number, up: boolean) => pinName(pin, up ? 1 : 2);
const shiftText = (pos: St3dPosition, s: PlatformShift) => `${pinText(s.from, pos.platforms[s.from] === 1)}-${pinText(s.to, s.up)}`;

/** Canonical text without suffix. Cell names use the position before the move. */
export function moveText(pos: St3dPosition, move: St3dMove): string {
  switch (move.kind) {
    case 'move': {
      const sep = pos.board[move.to] !== EMPTY ? 'x' : '-';
      const base = cellName(move.from, pos.platforms) + sep + cellName(move.to, pos.platforms);
      return move.platform ? `${base}&${shiftText(pos, move.platform)}` : base;
    }
    case 'drop':
      return `${move.role}@${cellName(move.to, pos.platforms)}`;
    case 'place':
      return `${move.number ? move.number : ''}@${pinText(move.pin, move.up)}`;
    case 'platform':
      return shiftText(pos, move);
  }
}

/**
 * May a generator asked for turns `like` a candidate skip turns of this kind (from this cell, to
 * that one)? Reading a turn needs only the turns that could equal it: same kind, and for piece
 * moves the same cells. Without `like`, nothing is skipped.
 */
export function unlike(like: St3dMove | undefined, kind: St3dMove['kind'], from?: number, to?: number): boolean {
  if (like === undefined) return false;
  if (like.kind !== kind) return true;
  return like.kind === 'move' && ((from !== undefined && like.from !== from) || (to !== undefined && like.to !== to));
}

export function sameMove(a: St3dMove, b: St3dMove): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'move': {
      const o = b as typeof a;
      if (a.from !== o.from || a.to !== o.to) return false;
      if (!a.platform || !o.platform) return !a.platform && !o.platform;
      return a.platform.from === o.platform.from && a.platform.to === o.platform.to && a.platform.up === o.platform.up;
    }
    case 'drop':
      return a.role === (b as typeof a).role && a.to === (b as typeof a).to;
    case 'place':
      return a.pin === (b as typeof a).pin && a.up === (b as typeof a).up && a.number === (b as typeof a).number;
    case 'platform':
      return a.from === (b as typeof a).from && a.to === (b as typeof a).to && a.up === (b as typeof a).up;
  }
}
