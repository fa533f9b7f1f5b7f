// The search's per-ply buffers (search.ts), shared by all searches (one runs at a time, as with the
// transposition table): made afresh per call they were some 500 typed arrays and 300 KB, a few per
// cent of a 20 000-node search. Every node writes what it reads of them first.
import type { AnyVariant } from '../types.ts';
import type { Key } from './rules.ts';
import { MAX_PLY } from './search-settings.ts';
import { Listing } from './listing.ts';
import { MoveOrder } from './move-order.ts';

/** Per ply: the position's key. */
export const PLY_KEYS: Key[] = Array.from({ length: MAX_PLY + 2 }, () => new Int32Array(2));
/** Per ply: move-ordering scores and order (grown when a position has more turns). */
const PLY_SCORES: Float64Array[] = Array.from({ length: MAX_PLY + 2 }, () => new Float64Array(256));
export const PLY_ORDER: Int32Array[] = Array.from({ length: MAX_PLY + 2 }, () => new Int32Array(256));
/** Per ply: the move order, reset for each node (a node's order is done with before its ply is reached again). */
export const PLY_MOVE_ORDER: MoveOrder[] = Array.from({ length: MAX_PLY + 2 }, () => new MoveOrder(new Float64Array(0), new Int32Array(0)));

/** This ply's scores buffer, at least `length` long (grown with its order buffer, contents kept, when too small). */
export function scoresAt(ply: number, length: number): Float64Array {
  if (PLY_SCORES[ply]!.length < length) {
    const scores = PLY_SCORES[ply]!;
    const order = PLY_ORDER[ply]!;
    const size = Math.max(length, scores.length * 2);
    (PLY_SCORES[ply] = new Float64Array(size)).set(scores);
    (PLY_ORDER[ply] = new Int32Array(size)).set(order);
  }
  return PLY_SCORES[ply]!;
}

/** Per variant: quiescence's per-ply listings of legal turns (no closure made per node). */
const PLY_LISTINGS = new Map<AnyVariant, Listing<unknown, unknown>[]>();
export function listingsOf<P, M>(variant: AnyVariant): Listing<P, M>[] {
  let listings = PLY_LISTINGS.get(variant);
  if (!listings) PLY_LISTINGS.set(variant, (listings = Array.from({ length: MAX_PLY + 2 }, () => new Listing<unknown, unknown>(variant))));
  return listings as Listing<P, M>[];
}
