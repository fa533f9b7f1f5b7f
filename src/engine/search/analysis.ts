// Post-game analysis: the computer's evaluation of a position at a fixed budget (its arithmetic,
// chances, judgements and accuracy, is in analysis-judgement.ts). Pure engine: no Workers, Hono or D1 here.
import type { AnyVariant, GameResult, VariantName } from '../types.ts';
import { ANALYSIS_NODES, type Evaluation, type PositionAnalysis } from './analysis-judgement.ts';
import { searchRulesFor } from './index.ts';
import { Searcher } from './search.ts';
import { keyNumber, MATE, MATE_BOUND } from './search-settings.ts';

/**
 * Evaluate `position` (its game's earlier positions in `history`, oldest first, for repetition).
 * `over`: the game's result when it ended in this position on the board (checkmate, First
 * Contact's check, stalemate, repetition): then nothing is searched.
 */
export function analysePosition<P>(
  variant: AnyVariant,
  position: P,
  options: { readonly history?: readonly P[]; readonly nodes?: number; readonly over?: GameResult } = {},
): PositionAnalysis {
  const over = options.over ?? variant.outcome(position)?.result;
  if (over && over !== '*') return { eval: { over }, depth: 0, nodes: 0 };
  const rules = searchRulesFor(variant.name);
  if (!rules) throw new RangeError(`no search for variant ${variant.name}`);
  const earlier = new Map<number, number>();
  const key = new Int32Array(2);
  for (const pos of options.history ?? []) {
    rules.hash(pos, key);
    const k = keyNumber(key);
    earlier.set(k, (earlier.get(k) ?? 0) + 1);
  }
  const nodes = options.nodes ?? ANALYSIS_NODES[variant.name as VariantName] ?? 4_000;
  const found = new Searcher(variant, rules, { nodes, maxDepth: 32, noise: 0, seed: 0 }, earlier).run(position);
  // No legal turn and no outcome cannot happen in these variants; read it as a draw.
  if (!found) return { eval: { over: '1/2-1/2' }, depth: 0, nodes: 0 };
  const sign = variant.turn(position) === 'white' ? 1 : -1;
  const score = found.score;
  const evaluation: Evaluation =
    Math.abs(score) >= MATE_BOUND ? { mate: sign * Math.sign(score) * Math.ceil((MATE - Math.abs(score)) / 2) } : { cp: sign * score };
  return { eval: evaluation, best: variant.formatMove(position, found.best), depth: found.depth, nodes: found.nodes };
}
