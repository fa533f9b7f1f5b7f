// Drops listed only when the search reaches them (search.ts; Planar has hundreds per position):
// drops with no order score are picked last, in generated order, so a node whose listed turns end
// it never lists them. Helpers over the search's tables, kept out of search.ts.
import type { HistoryTable } from './move-order.ts';
import type { SearchRules } from './rules.ts';

const KEYS: number[] = [];

/**
 * The keys of the moves with an order score but no capture's (the hash move, the ply's killers,
 * those of `side` with a history): rules.legalMovesWithDrops lists the drops among them. Read at once.
 */
export function scoredKeys(ttMove: number, killers: Float64Array, ply: number, history: HistoryTable, side: number): number[] {
  KEYS.length = 0;
  if (ttMove >= 0) KEYS.push(ttMove);
  if (killers[ply * 2]! >= 0) KEYS.push(killers[ply * 2]!);
  if (killers[ply * 2 + 1]! >= 0) KEYS.push(killers[ply * 2 + 1]!);
  history.positiveKeys(side, KEYS);
  return KEYS;
}

/** `moves` (legalMovesWithDrops' list) with the legal drops it left out after it, in their order. */
export function withDropsNotListed<P, M>(rules: SearchRules<P, M>, pos: P, moves: M[]): M[] {
  const drops = rules.legalDrops!(pos);
  // The listed drops end the list, in the same order as all of them.
  let listed = moves.length;
  while (listed > 0 && rules.isDrop(moves[listed - 1]!)) listed--;
  const out = moves.slice();
  for (const drop of drops)
    if (listed < moves.length && rules.moveKey(moves[listed]!) === rules.moveKey(drop)) listed++;
    else out.push(drop);
  return out;
}
