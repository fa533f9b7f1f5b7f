// A position's legal turns for the search, listed only when first asked for: quiescence and the
// winning-turn check often need none, and listing is a good part of a node's cost.
import type { AnyVariant } from '../types.ts';
import type { ListCache } from './list-cache.ts';
import type { Key } from './rules.ts';

/** A position's legal turns, listed on the first `get` (the arrows are made once, with the object). */
export class Listing<P, M> {
  private pos: P | undefined;
  private key: Key | undefined;
  private lists: ListCache<M> | undefined;
  legal: M[] | undefined;
  constructor(private readonly variant: AnyVariant) {}
  /** `key`, `lists`: the position's key and the search's kept lists, read and kept there. */
  reset(pos: P, key?: Key, lists?: ListCache<M>): this {
    this.pos = pos;
    this.key = key;
    this.lists = lists;
    this.legal = undefined;
    return this;
  }
  readonly get = (): M[] => (this.legal ??= this.list());
  private list(): M[] {
    const { key, lists } = this;
    if (!key || !lists) return this.variant.legalMoves(this.pos) as M[];
    return lists.get(key) ?? lists.set(key, this.variant.legalMoves(this.pos) as M[]);
  }
  readonly listed = (): boolean => this.legal !== undefined;
}
