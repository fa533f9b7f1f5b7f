// The engine game a new game starts from: the variant's own start, or a set-up position
// held to the set-up rules (docs/comforts.md#set-up-positions). One place for the create
// form, the API, challenges and record import, so each refuses the same way.
import { Game } from '../engine/game.ts';
import { outcomeWords } from './outcome-words.ts';
import { done, fail, type ServiceResult } from './result.ts';

/** A fresh game, or 400 `options: …` / `position: …` saying what is wrong. */
export function startingGame(variant: string, options: unknown, position?: string): ServiceResult<Game> {
  const created = position === undefined ? Game.create(variant, options ?? {}) : Game.setUp(variant, options ?? {}, position);
  if (!created.ok)
    return created.error.kind === 'options'
      ? fail(400, 'invalid_options', `options: ${created.error.message}`)
      : fail(400, 'invalid_position', `position: ${created.error.message}`);
  const over = created.value.outcome();
  // Only a set-up can be over at once; a game that starts finished has nothing to play.
  if (over)
    return fail(
      400,
      'invalid_position',
      `position: the game would be over before it starts (${outcomeWords(over).replace(/\.$/, '')}); set up a position with a turn to play`,
    );
  return done(created.value);
}
