// The legal turns of positions the search listed in full, kept by the position's key for the rest
// of that search (iterative deepening comes back to a fifth of them): legalMoves is a function of
// the position, and its lists are only read once made. Shared buffers, stamped per search as the
// evaluation cache's are, so nothing is kept between calls.
import type { Key } from './rules.ts';

const LIST_BITS = 12;
const LIST_MASK = (1 << LIST_BITS) - 1;
/** Per slot: the stamp of the search that wrote it and the key's two words. */
const listKeys = new Int32Array(3 << LIST_BITS);
const listMoves: unknown[][] = new Array(1 << LIST_BITS).fill(undefined);
let listSearches = 0;

/** One search's view of the kept lists (a new stamp: what earlier searches kept counts as absent). */
export class ListCache<M> {
  private readonly stamp = (listSearches = (listSearches + 1) | 0 || 1);

  /** The list kept for this key, or undefined. */
  get(key: Key): M[] | undefined {
    const at = (key[1]! & LIST_MASK) * 3;
    return listKeys[at] === this.stamp && listKeys[at + 1] === key[0] && listKeys[at + 2] === key[1] ? (listMoves[at / 3] as M[]) : undefined;
  }

  /** Keep `moves` as the list of the position with this key; returns it. */
  set(key: Key, moves: M[]): M[] {
    const slot = key[1]! & LIST_MASK;
    listKeys[slot * 3] = this.stamp;
    listKeys[slot * 3 + 1] = key[0]!;
    listKeys[slot * 3 + 2] = key[1]!;
    listMoves[slot] = moves;
    return moves;
  }
}
