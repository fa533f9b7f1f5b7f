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

export const TT_HI = new Int32Array(TT_SIZE);
export const TT_LO = new Int32Array(TT_SIZE);
export const TT_MOVE = new Float64Array(TT_SIZE);
export const TT_SCORE = new Int32Array(TT_SIZE);
export const TT_DEPTH = new Int8Array(TT_SIZE);
export const TT_FLAG = new Int8Array(TT_SIZE);

// Mate scores are stored relative to the node, so they stay right wherever the entry is read.
export const toTable = (score: number, ply: number) => (score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score);
export const fromTable = (score: number, ply: number) => (score >= MATE_BOUND ? score - ply : score <= -MATE_BOUND ? score + ply : score);
