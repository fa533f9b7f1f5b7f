// Facts about who plays each side of a stored game: a human or the computer at a level.
// Kept apart from the computer player so the game service can ask them without
// importing the player that drives it.
import type { GameRow } from '../db/schema.ts';
import type { Level } from '../engine/search/index.ts';
import type { Color } from '../engine/types.ts';

/** A reply that has not landed this long after the human's turn is asked for again. */
export const COMPUTER_GRACE_MS = 30_000;

type Sides = Pick<GameRow, 'whiteComputer' | 'blackComputer'>;

/** The computer's level on this side, or undefined for a human. */
export const computerLevel = (row: Sides, side: Color): Level | undefined =>
  ((side === 'white' ? row.whiteComputer : row.blackComputer) ?? undefined) as Level | undefined;

export const computerName = (level: number) => `Computer (level ${level})`;

/** The computer is to move in a game still going. */
export const computerToMove = (row: Sides & Pick<GameRow, 'status' | 'sideToMove'>): boolean =>
  row.status === 'active' && computerLevel(row, row.sideToMove) !== undefined;

/** Hints: always against the computer; between humans only when both agreed at creation. */
export const hintsAllowed = (row: Sides & Pick<GameRow, 'hints'>): boolean => row.hints || row.whiteComputer !== null || row.blackComputer !== null;

/** The computer's levels that grant a takeback (at once); stronger levels play on. */
export const TAKEBACK_LEVELS = 2;
