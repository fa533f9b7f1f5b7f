// The search's transposition table: one entry per slot, replaced when the new search is at least as
// deep, in buffers shared by all searches (search.ts stamps what it writes with the position's key).
import { MATE_BOUND } from './search-settings.ts';

export const TT_BITS = 16;
export const TT_SIZE = 1 << TT_BITS;
export const TT_MASK = TT_SIZE - 1;
/** An entry's bound: its score is exact, a lower bound (it failed high) or an upper bound (it failed low). */
export const EXACT = 1;
export const LOWER = 2;
export const UPPER = 3;

/**
 * The entries, four words each (four entries a cache line, so a probe touches one): the key's two
 * words (TT_KEY_HI, TT_KEY_LO), the move's key (TT_MOVE_KEY) and the rest packed (TT_PACKED):
 * score << 9 | depth << 2 | bound, the score a 32-bit integer (as the table held it before), the
 * depth 1..127 and the bound 0 for an empty entry.
 */
export const TT = new Int32Array(TT_SIZE * 4);
export const TT_KEY_HI = 0;
export const TT_KEY_LO = 1;
export const TT_MOVE_KEY = 2;
export const TT_PACKED = 3;
export const packEntry = (score: number, depth: number, bound: number): number => ((score | 0) << 9) | (depth << 2) | bound;
export const entryBound = (packed: number): number => packed & 3;
export const entryDepth = (packed: number): number => (packed >> 2) & 127;
export const entryScore = (packed: number): number => packed >> 9;

// Mate scores are stored relative to the node, so they stay right wherever the entry is read.
export const toTable = (score: number, ply: number) => (score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score);
export const fromTable = (score: number, ply: number) => (score >= MATE_BOUND ? score - ply : score <= -MATE_BOUND ? score + ply : score);
