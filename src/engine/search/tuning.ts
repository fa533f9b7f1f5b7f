// The search with tuning terms no level uses, for the match runner (bench/match/cli.ts bundles this
// in place of index.ts's chooseMoveInGame where a checkout has it). Kept apart so that the terms
// stay out of the Workers' bundles: `attack` adds First Contact's attack term, `aggression=N` the
// searching side's own pressure on the enemy king (first-contact-attack.ts), `hanging=N` N% of
// the second piece the side to move stands to lose (first-contact-hanging.ts); for the searching
// side `trade=N` N centipawns per 100 of material gone from the game, `advance=N` N per level its
// pieces stand out from home, `bridge=N` N while a path leads from its level to the enemy king
// (first-contact-break.ts), `lead=N` N% of its material lead per share of the material gone (trade down
// when ahead), `progress=N` the evaluation shrunk toward 0 over N plies without a capture except in
// lines that capture; `cutTurns=N` plays the plain level until the side has had no path to the enemy
// king at N of its turns in a row (then the terms for the rest of the game); `convertAt=N` keeps `lead`
// and `progress` off until the side has been N centipawns ahead at one of its turns (`stillPlies=M`: with M
// plies or more since the last capture); `after=N` plays the plain level before ply N (the tuning terms from ply N on); and
// `dropNodes=N` a budget of N nodes in place of the level's in the first `dropPlies` plies (default
// DROP_PLIES: First Contact's drop phase, where its material is won or lost; docs/benchmarks.md).
import type { Game } from '../game.ts';
import type { St3dMove } from '../st3d/move.ts';
import type { St3dPosition } from '../st3d/position.ts';
import { withAggression, withAttackTerm } from './first-contact-attack.ts';
import { withHanging } from './first-contact-hanging.ts';
import { bridged, leadOf, quietPlies, totalMaterial, withAdvance, withBridge, withLead, withProgress, withTrade } from './first-contact-break.ts';
import { chooseMoveInGame as plainChoice, searchRulesFor } from './index.ts';
import type { SearchRules } from './rules.ts';
import { BLACK_BIT, KING } from '../piece-codes.ts';

type FirstContactRules = SearchRules<St3dPosition, St3dMove>;
let attackRules: FirstContactRules | undefined;
const hangingRules = new Map<string, FirstContactRules>();

/** By about this ply both hands are empty in most First Contact games between the upper levels. */
export const DROP_PLIES = 120;

/**
 * `cutTurns=N`: has the side to move had no path to the enemy king (first-contact-break.ts's
 * `bridged`) at N of its turns in a row, here or earlier in the game (from ply `from`)? Once so, the terms apply
 * for the rest of the game; before, the plain level plays.
 */
export function cutFor(game: Game, turns: number, from = 0): boolean {
  const positions = game.allPositions as readonly St3dPosition[];
  const us = (game.position as St3dPosition).turn;
  let run = 0;
  for (let ply = from; ply < positions.length; ply++) {
    const pos = positions[ply]!;
    if (pos.turn !== us || pos.unplaced !== 0 || !pos.board.includes(KING + (us === 'white' ? BLACK_BIT : 0))) continue;
    run = bridged(pos, us) ? 0 : run + 1;
    if (run >= turns) return true;
  }
  return false;
}

export type TuningOptions = Parameters<typeof plainChoice>[1] & {
  readonly attack?: number | boolean;
  readonly aggression?: number;
  readonly hanging?: number;
  readonly trade?: number;
  readonly advance?: number;
  readonly bridge?: number;
  readonly lead?: number;
  readonly progress?: number;
  readonly after?: number;
  readonly cutTurns?: number;
  readonly convertAt?: number;
  readonly stillPlies?: number;
  readonly dropNodes?: number;
  readonly dropPlies?: number;
};

/**
 * `convertAt=N`: has the side to move been N centipawns or more ahead in material (first-contact-break.ts's
 * `leadOf`) at one of its turns, here or earlier, with `still` plies or more since the last capture
 * (`stillPlies`: a lead that has stopped growing)? Until then `lead` and `progress` do not apply.
 */
export function converting(game: Game, convertAt: number, still = 0): boolean {
  const us = (game.position as St3dPosition).turn;
  const positions = game.allPositions as readonly St3dPosition[];
  const turns = game.history;
  // Positions before the history's first turn (a set-up game) count as quiet from the start.
  const offset = positions.length - 1 - turns.length;
  let quiet = 0;
  for (let i = 0; i < positions.length; i++) {
    const turn = turns[i - offset - 1];
    quiet = turn?.text.includes('x') ? 0 : quiet + (i > 0 ? 1 : 0);
    const pos = positions[i]!;
    if (pos.turn === us && quiet >= still && leadOf(pos, us) >= convertAt) return true;
  }
  return false;
}

/** Do `lead` and `progress` apply here? */
const converts = (game: Game, options: TuningOptions): boolean =>
  Boolean(options.lead || options.progress) && (options.convertAt === undefined || converting(game, options.convertAt, options.stillPlies));

/** Does the search play the plain level here (no tuning term applies)? */
export function playsPlain(game: Game, options: TuningOptions): boolean {
  const { attack, aggression, hanging, trade, advance, bridge, after, cutTurns, dropNodes } = options;
  return (
    (!attack && !aggression && !hanging && !trade && !advance && !bridge && !dropNodes && !converts(game, options)) ||
    game.variant.name !== 'first-contact' ||
    (after !== undefined && game.ply < after) ||
    (cutTurns !== undefined && !cutFor(game, cutTurns, after))
  );
}

export function chooseMoveInGame(game: Game, options: TuningOptions = {}) {
  const {
    attack,
    aggression,
    hanging,
    trade,
    advance,
    bridge,
    lead,
    progress,
    after,
    cutTurns,
    convertAt,
    stillPlies,
    dropNodes,
    dropPlies = DROP_PLIES,
    ...rest
  } = options;
  if (playsPlain(game, options)) return plainChoice(game, rest);
  const pos = game.position as St3dPosition;
  const budget = dropNodes && game.ply < dropPlies ? { nodes: dropNodes } : {};
  let rules: FirstContactRules = attack
    ? (attackRules ??= withAttackTerm(searchRulesFor('first-contact') as FirstContactRules))
    : (searchRulesFor('first-contact') as FirstContactRules);
  if (hanging) {
    const key = `${attack ? 1 : 0}:${hanging}`;
    let wrapped = hangingRules.get(key);
    if (!wrapped) hangingRules.set(key, (wrapped = withHanging(rules, hanging)));
    rules = wrapped;
  }
  // The side to move at the root is the one whose pressure counts.
  if (aggression) rules = withAggression(rules, pos.turn, aggression);
  if (trade) rules = withTrade(rules, pos.turn, trade);
  if (advance) rules = withAdvance(rules, pos.turn, advance);
  if (bridge) rules = withBridge(rules, pos.turn, bridge);
  const converting = converts(game, options);
  if (lead && converting) rules = withLead(rules, pos.turn, lead);
  // Outermost: it scales the other terms too.
  if (progress && converting) rules = withProgress(rules, totalMaterial(pos), quietPlies(game.history.map((t) => t.text)), progress);
  return plainChoice(game, { ...rest, ...budget, rules: rules as SearchRules });
}
