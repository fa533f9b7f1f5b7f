// The match runner's fixed openings and rules, written down once (docs/computer-player.md
// quotes them): opening i of a variant is the same on every run and machine.
import { Game } from '../../src/engine/game.ts';
import { prng } from '../../test/engine/helpers.ts';
import type { VariantName } from '../../src/engine/types.ts';
import { ADJUDICATE_MARGIN } from '../search-games.ts';

/** Random plies before the engines take over: the set-up phases and a little more (plus i % 4). */
export const OPENING_PLIES: Readonly<Record<VariantName, number>> = { 'first-contact': 6, 'warp-factor': 2, 'curved-space': 6, planar: 2 };

export const MATCH_RULES = {
  /** A game still going after this many plies (the opening's included) is adjudicated. */
  maxPlies: 160,
  /**
   * ...or this many in a variant whose games run longer: First Contact's levels defend every check
   * (a check wins), so at 160 plies about 70% of level 5's games against level 4 were adjudicated
   * as draws; at 400 the stronger level converts (docs/benchmarks.md).
   */
  maxPliesOf: { 'first-contact': 400 } as Partial<Record<VariantName, number>>,
  /** ...as a win for a side this many points of material ahead (Q9 R5 B3 N3 P1, board and hand), otherwise a draw. */
  adjudicateMargin: ADJUDICATE_MARGIN,
  openingPlies: OPENING_PLIES,
  openingSeed: 'opening i: mulberry32 seeded 7000 + 131 i, uniform over legal turns',
} as const;

/** The first `count` openings of a variant: turn texts of seeded random plies (an opening that ends the game is skipped). */
export function matchOpenings(variant: VariantName, count: number): string[][] {
  const openings: string[][] = [];
  for (let i = 0; openings.length < count; i++) {
    const created = Game.create(variant);
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    const random = prng(7_000 + i * 131);
    const texts: string[] = [];
    const plies = OPENING_PLIES[variant] + (i % 4);
    while (texts.length < plies && !game.outcome()) {
      const legal = game.legalTexts();
      const text = legal[Math.floor(random() * legal.length)]!;
      game.play(text);
      texts.push(text);
    }
    if (!game.outcome()) openings.push(texts);
  }
  return openings;
}
