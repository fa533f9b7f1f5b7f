// What the search needs to know about a variant beyond the Variant interface:
// a hash key, an evaluation and a few facts about moves. One implementation per
// family of positions (st3d.ts, planar.ts); the registry is at the bottom.
import type { VariantName } from '../types.ts';

/** Position key: two 32-bit words, kept in an Int32Array(2) to avoid allocation. */
export type Key = Int32Array;

export interface SearchRules<P = unknown, M = unknown> {
  /** The full key of a position. */
  hash(pos: P, out: Key): void;
  /**
   * Update `key` (the key of `parent`) to the key of `child`, from what changed between them;
   * `move` (the turn from parent to child, when given) tells which cells can have changed.
   */
  rehash(parent: P, child: P, key: Key, move?: M): void;
  /** Static score in centipawns from the side to move's point of view. */
  evaluate(pos: P): number;
  /**
   * What the evaluation notes about the position it scored besides the score (First Contact's and
   * Warp Factor's pieces that can capture), as three words: `write` copies the notes of `pos`
   * into `out` from `at` (false when it has none at hand), `recall` makes them the notes of `pos`
   * again. The evaluation cache keeps them with the score, so a position scored from the cache, or
   * met again at an interior node, has its captures listed from them.
   */
  readonly evaluationNotes?: { write(pos: P, out: Int32Array, at: number): boolean; recall(pos: P, from: Int32Array, at: number): void };
  /** Centipawn value of what the move captures; 0 for a quiet move. */
  victim(pos: P, move: M): number;
  /** Centipawn value of the piece that moves (for ordering captures); 0 for drops and others. */
  attacker(pos: P, move: M): number;
  /** A number naming the move within its position (killer and history tables, hash moves). */
  moveKey(move: M): number;
  /** Legal captures of the side to move, for quiescence (asked only out of check). */
  captures(pos: P, legal: () => M[]): M[];
  /**
   * Every legal turn that captures, in legalMoves' order (a subsequence of it), for a position out
   * of check; undefined where that cannot be had more cheaply than the whole list. The search tries
   * the best capture before listing the rest: most nodes end with it.
   */
  firstCaptures?(pos: P): M[] | undefined;
  /**
   * The legal turn whose moveKey is `key` in this position (out of check), or undefined: the
   * search reads its killer turns with it before listing the turns.
   */
  legalByKey?(pos: P, key: number): M | undefined;
  /**
   * Out of check: legalMoves(pos) with only the drops whose moveKeys are among `keys` (other keys
   * are passed over), in the same order; only for rules in which no drop gives check. The search
   * picks drops with no order score last, so it lists them (legalDrops) only when it reaches them:
   * Planar has hundreds.
   */
  legalMovesWithDrops?(pos: P, keys: readonly number[]): M[];
  /** The legal drops, in legalMoves' order (beside legalMovesWithDrops). */
  legalDrops?(pos: P): M[];
  /**
   * Is the side to move in `child` (`parent` after the legal turn `move`) in check? For rules that
   * can tell it from the turn more cheaply than the variant's isCheck.
   */
  checkAfter?(parent: P, child: P, move: M): boolean;
  /** Is the turn a drop from hand? */
  isDrop(move: M): boolean;
  /**
   * The position after `move`, played by the search into `ply`: its arrays, and the object itself,
   * may be ones the rules reuse for the next position played into that ply (the search is done with
   * the last by then; the rules forget what they noted about an object they reuse).
   * Without it the search plays the variant's turn.
   */
  playAt?(pos: P, move: M, ply: number): P;
  /** Does the legal turn attack the opposing king? Without it the search plays the turn and asks. */
  givesCheck?(pos: P, move: M): boolean;
  /**
   * First Contact: a legal turn that wins at once (it attacks the opposing king),
   * or undefined. Quiescence must see it, since a check ends the game. `legal`
   * lists the legal turns (rules with a cheaper way need not call it).
   */
  winningTurn?(pos: P, legal: () => M[]): M | undefined;
  /** First Contact: would the opponent have a winning turn if it were its turn (a threat to meet)? */
  threatened?(pos: P): boolean;
  /**
   * The position with the other side to move and nothing else changed (a null move), for rules in
   * which passing is never better than moving but rarely (zugzwang): First Contact, where drops
   * and the check that wins leave a side almost always a useful turn.
   */
  pass?(pos: P): P;
}

const ROLE_LETTER_INDEX = new Int8Array(128).fill(-1);
for (const [i, letter] of [...'KQRBNP'].entries()) ROLE_LETTER_INDEX[letter.charCodeAt(0)] = i;
/** K Q R B N P -> 0..5, without a string-keyed lookup (move keys are made for every move ordered). */
export const roleIndex = (role: string): number => ROLE_LETTER_INDEX[role.charCodeAt(0)]!;

/** Piece values by role code (1 K .. 6 P, as in the engine's piece codes). */
export type RoleValues = readonly [number, number, number, number, number, number, number];

// ---- Zobrist tables: fixed pseudo-random words, the same on every machine ------
/** mulberry32: a small seeded PRNG giving numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `size` pairs of random words, laid out [hi0, lo0, hi1, lo1, ...]. */
export function zobristTable(size: number, seed: number): Int32Array {
  const next = seededRandom(seed);
  const table = new Int32Array(size * 2);
  for (let i = 0; i < table.length; i++) table[i] = (next() * 4294967296) | 0;
  return table;
}

export const xorEntry = (key: Key, table: Int32Array, index: number): void => {
  key[0]! ^= table[index * 2]!;
  key[1]! ^= table[index * 2 + 1]!;
};

/** A slot whose value went from `before` to `after`: the old entry's words out of the key, the new one's in. */
export const replaceEntry = (key: Key, table: Int32Array, slot: number, before: number, after: number): void => {
  if (before === after) return;
  xorEntry(key, table, slot + before);
  xorEntry(key, table, slot + after);
};

export type { VariantName };
