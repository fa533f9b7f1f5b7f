// The search with tuning terms no level uses, for the match runner (bench/match/cli.ts bundles this
// in place of index.ts's chooseMoveInGame where a checkout has it). Kept apart so that the terms
// stay out of the Workers' bundles: `attack` adds First Contact's attack term, `aggression=N` the
// searching side's own pressure on the enemy king (first-contact-attack.ts).
import type { Game } from '../game.ts';
import type { St3dMove } from '../st3d/move.ts';
import type { St3dPosition } from '../st3d/position.ts';
import { withAggression, withAttackTerm } from './first-contact-attack.ts';
import { chooseMoveInGame as plainChoice, searchRulesFor } from './index.ts';
import type { SearchRules } from './rules.ts';

type FirstContactRules = SearchRules<St3dPosition, St3dMove>;
let attackRules: FirstContactRules | undefined;

export function chooseMoveInGame(
  game: Game,
  options: Parameters<typeof plainChoice>[1] & { readonly attack?: number | boolean; readonly aggression?: number } = {},
) {
  const { attack, aggression, ...rest } = options;
  if ((!attack && !aggression) || game.variant.name !== 'first-contact') return plainChoice(game, rest);
  let rules: FirstContactRules = attack
    ? (attackRules ??= withAttackTerm(searchRulesFor('first-contact') as FirstContactRules))
    : (searchRulesFor('first-contact') as FirstContactRules);
  // The side to move at the root is the one whose pressure counts.
  if (aggression) rules = withAggression(rules, (game.position as St3dPosition).turn, aggression);
  return plainChoice(game, { ...rest, rules: rules as SearchRules });
}
