// A stored game row, decoded in one place: its variant and options were valid
// when it was written, so they load again (only a damaged row does not).
import type { GameRow } from '../db/schema.ts';
import { Game } from '../engine/game.ts';

/** The options as stored (what the game was created with). */
export const storedOptions = (row: Pick<GameRow, 'options'>): unknown => JSON.parse(row.options);

/**
 * An engine game of this row standing on `position` (default: where the game stands now), or
 * undefined for a damaged row. No history: repetition is counted from the moves table.
 */
export function storedGame(row: Pick<GameRow, 'variant' | 'options' | 'position'>, position: string = row.position): Game | undefined {
  const created = Game.create(row.variant, storedOptions(row), position);
  return created.ok ? created.value : undefined;
}

/** Whether a game started from a set-up position rather than its variant's usual start. */
export function fromSetUp(game: { readonly variant: string; readonly options: unknown; readonly startPosition: string }): boolean {
  const usual = Game.create(game.variant, game.options);
  return usual.ok && usual.value.positionText !== game.startPosition;
}
