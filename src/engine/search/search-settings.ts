// The search's fixed settings (depths, margins, budgets), its limits as a
// caller gives them and its outcome: what search.ts runs with, apart from how it runs.
import type { Key } from './rules.ts';

export const MATE = 100_000;
/** Scores beyond this are mates (MATE minus the plies to it). */
export const MATE_BOUND = MATE - 1_000;
export const INFINITY = MATE + 1;
export const MAX_PLY = 96;
/** Plies of quiescence over captures, and of check evasions within it. */
export const QUIESCENCE_PLIES = 6;
export const EVASION_PLIES = 2;
/**
 * At a frontier node (one ply before quiescence) out of check, quiet turns after
 * this many are searched only when they give check, if they are drops or the
 * position is FUTILITY_MARGIN short of alpha: Planar and the ST3D games have
 * hundreds of drops, and without this a second ply never fits a budget. Quiet
 * piece moves stay while the position may reach alpha: one may save a piece.
 */
export const FRONTIER_QUIET_MOVES = 8;
export const FUTILITY_MARGIN = 150;
/**
 * With more than ROOT_WIDE turns at the root (Planar while pieces are in hand: over
 * a thousand), from depth 2 on root turns after the first ROOT_KEPT are searched
 * only while the last iteration scored them within ROOT_MARGIN of the best found
 * so far: the budget goes to the candidates that matter. Narrower roots are
 * searched in full (pruning them cost Warp Factor games).
 */
export const ROOT_WIDE = 150;
export const ROOT_KEPT = 12;
export const ROOT_MARGIN = 60;
/**
 * A repetition draw scores this much below even for the side searching (and above
 * for its opponent): the computer plays on rather than repeat in a level position.
 */
export const CONTEMPT = 50;
/** Null move (SearchLimits.nullMove): tried from this depth on, and R + 1 from NULL_DEEPER on. */
export const NULL_MIN_DEPTH = 3;
export const NULL_DEEPER = 7;

export interface SearchLimits {
  /**
   * Stop starting new work after this many nodes. Depth 1 is completed, unless it alone takes
   * FIRST_ITERATION_CAP times the budget (at least FIRST_ITERATION_FLOOR nodes): then the best
   * root move searched so far is played, so no position can hold the search (and a request) up.
   */
  readonly nodes: number;
  readonly maxDepth: number;
  /** Deterministic evaluation noise, +- centipawns (0 = none). */
  readonly noise: number;
  readonly seed: number;
  /** Score every root move exactly (no cut-offs at the root), for level 1's choice. */
  readonly exactRoot?: boolean;
  /** Search only this many root moves, a seeded sample (levels 1-2), plus every capture and check. */
  readonly sample?: number;
  /** Plies of quiescence (default QUIESCENCE_PLIES). */
  readonly quiescencePlies?: number;
  /**
   * First Contact: in this many plies of quiescence, a side whose opponent threatens to win at once
   * (rules.threatened) does not stand pat but tries every turn, as a side in check does (0: never).
   */
  readonly threatPlies?: number;
  /** First Contact: search a threatened side's node a ply deeper. */
  readonly threatExtend?: boolean;
  /** Null-move pruning where the rules can pass (rules.pass): the reduction R, 0 for none. */
  readonly nullMove?: number;
}

export interface RootMove<M> {
  readonly move: M;
  score: number;
}

export interface SearchOutcome<M> {
  readonly best: M;
  readonly score: number;
  /** Deepest iteration completed. */
  readonly depth: number;
  readonly nodes: number;
  /** Root moves, best first, with the score of the last iteration they were searched in. */
  readonly root: readonly RootMove<M>[];
}

export const ABORT = Symbol('node budget spent');
/** Depth 1's own ceiling: this many times the budget, and never under the floor (see SearchLimits.nodes). */
export const FIRST_ITERATION_CAP = 16;
export const FIRST_ITERATION_FLOOR = 20_000;

/** A 53-bit number for a key, to count repetitions in Maps. */
export const keyNumber = (key: Key): number => (key[0]! >>> 0) * 2097152 + (key[1]! >>> 11);
