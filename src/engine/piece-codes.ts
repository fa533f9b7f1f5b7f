// Piece codes shared by the Star Trek field and the Planar cube: one small integer per
// cell keeps boards in typed arrays. 0 empty; role index 1..6 (K Q R B N P); +8 for Black.
import { ROLES, type Color, type Role } from './types.ts';

export const EMPTY = 0;
export const BLACK_BIT = 8;
export const KING = 1;
export const QUEEN = 2;
export const ROOK = 3;
export const BISHOP = 4;
export const KNIGHT = 5;
export const PAWN = 6;

/** Role letter's char code -> role index 0..5 (a table, not ROLES.indexOf: drops and hands ask at every node). */
const ROLE_AT_CHAR = new Int8Array(128).fill(-1);
for (const [i, role] of ROLES.entries()) ROLE_AT_CHAR[role.charCodeAt(0)] = i;
/** ROLES.indexOf(role). */
export const roleAt = (role: Role): number => ROLE_AT_CHAR[role.charCodeAt(0)]!;

export const pieceCode = (color: Color, role: Role): number => roleAt(role) + 1 + (color === 'black' ? BLACK_BIT : 0);
export const roleOf = (code: number): Role => ROLES[(code & 7) - 1]!;
export const colorOf = (code: number): Color => (code & BLACK_BIT ? 'black' : 'white');

/** Hand index: color*6 + role index. */
export const handIndex = (color: Color, role: Role): number => (color === 'black' ? 6 : 0) + roleAt(role);

/** The colour's bit in a piece code: 0 for White, BLACK_BIT for Black. */
export const colorBit = (color: Color): number => (color === 'black' ? BLACK_BIT : 0);
