// The search with tuning terms no level uses, for the match runner (bench/match/cli.ts bundles this
// in place of index.ts's chooseMoveInGame where a checkout has it). Kept apart so that the terms
// stay out of the Workers' bundles: `attack` adds First Contact's attack term (first-contact-attack.ts).
import type { Game } from '../game.ts';
import { withAttackTerm } from './first-contact-attack.ts';
import { chooseMoveInGame as plainChoice, searchRulesFor } from './index.ts';
import type { SearchRules } from './rules.ts';

let attackRules: SearchRules | undefined;

export function chooseMoveInGame(game: Game, options: Parameters<typeof plainChoice>[1] & { readonly attack?: number | boolean } = {}) {
  const { attack, ...rest } = options;
  if (!attack || game.variant.name !== 'first-contact') return plainChoice(game, rest);
  attackRules ??= withAttackTerm(searchRulesFor('first-contact') as never) as SearchRules;
  return plainChoice(game, { ...rest, rules: attackRules });
}
