// What a rematch keeps of the game it follows: the variant, its options, the clock; against the
// computer also its level. Colours are swapped.
import type { GameRow } from '../db/schema.ts';
import { opposite, type Color } from '../engine/types.ts';
import { computerLevel } from './computer-sides.ts';
import type { CreateChallengeInput } from './player-schemas.ts';
import type { CreateGameInput } from './schemas.ts';

type Clock = NonNullable<CreateChallengeInput['clock']>;

/** The game's clock as a new game or challenge takes it, or undefined for a game without one. */
export const clockOfGame = (game: GameRow): Clock | undefined =>
  game.daysPerMove ? { daysPerMove: game.daysPerMove as Clock['daysPerMove'], timeout: game.timeoutMode, leaveDays: game.leaveDays } : undefined;

/**
 * A rematch against the computer is the new game at once (nobody is there to accept a challenge):
 * the computer at its level on `side`, the player's colour in the game (the caller seats the
 * player on the other); undefined when the computer did not play the game.
 */
export function computerRematchInput(game: GameRow, side: Color): CreateGameInput | undefined {
  const level = computerLevel(game, opposite(side));
  if (level === undefined) return undefined;
  const clock = clockOfGame(game);
  return {
    variant: game.variant as CreateGameInput['variant'],
    options: JSON.parse(game.options),
    [side]: { computer: level },
    ...(clock ? { clock } : {}),
  } as CreateGameInput;
}
