// A position's legal turns for the search, listed only when first asked for: quiescence and the
// winning-turn check often need none, and listing is a good part of a node's cost.
import type { AnyVariant } from '../types.ts';

/** A position's legal turns, listed on the first `get` (the arrows are made once, with the object). */
export class Listing<P, M> {
  private pos: P | undefined;
  legal: M[] | undefined;
  constructor(private readonly variant: AnyVariant) {}
  reset(pos: P): this {
    this.pos = pos;
    this.legal = undefined;
    return this;
  }
  readonly get = (): M[] => (this.legal ??= this.variant.legalMoves(this.pos) as M[]);
  readonly listed = (): boolean => this.legal !== undefined;
}
