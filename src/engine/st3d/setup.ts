// Set-up checks of the ST3D variants that start from an empty field (First Contact,
// Curved Space): platforms first, then the kings, then play (rules.md sections 2 and 4).
import { colorName } from '../types.ts';
import { EMPTY, handIndex } from '../piece-codes.ts';
import { kingOrderProblem } from '../setup.ts';
import { NO_PLATFORM, NUM_PINS, pinName } from './field.ts';
import { pieceWord, type St3dPosition } from './position.ts';

export const placedPlatforms = (pos: St3dPosition): number => pos.platforms.reduce((n, state) => n + (state === NO_PLATFORM ? 0 : 1), 0);

/**
 * The order of the opening phases: while platforms are still to be placed the field holds no
 * piece and White places on even counts; then the kings, in turn; no platform has moved before
 * both kings stand.
 */
export function openingPhaseProblem(pos: St3dPosition): string | undefined {
  const placed = placedPlatforms(pos);
  if (pos.unplaced) {
    const piece = pos.board.findIndex((c) => c !== EMPTY);
    if (piece >= 0) return `the ${pieceWord(pos, piece)} stands on the field while platforms are still being placed (pieces come after every platform)`;
    const placer = placed % 2 === 0 ? 'white' : 'black';
    if (pos.turn !== placer) return `platforms are placed in turn, White first: with ${placed} placed it is ${colorName(placer)}'s turn to place one`;
  } else {
    // The side after the last platform places its king first: White after an even number of platforms.
    const order = kingOrderProblem(pos, placed % 2 === 0 ? 'white' : 'black', 'on the field', (c) => pieceWord(pos, c));
    if (order) return order;
  }
  const kingsInHand = pos.hands[handIndex('white', 'K')]! + pos.hands[handIndex('black', 'K')]!;
  if (pos.lockedPin >= 0 && (pos.unplaced || kingsInHand))
    return `no platform can have moved yet (the kings are not both placed), so ${pinName(pos.lockedPin)} cannot be locked`;
  return undefined;
}

/** The platform numbers in play, placed and unplaced (Curved Space), as a bit mask like `unplaced`. */
export function platformNumbers(pos: St3dPosition): number {
  let mask = pos.unplaced;
  for (let pin = 0; pin < NUM_PINS; pin++) if (pos.platforms[pin] !== NO_PLATFORM) mask |= 1 << pos.tags[pin]!;
  return mask;
}

/** Fields of the text form that belong to one variant only: First Contact's lock, Curved Space's after-capture. */
export function foreignFieldProblem(pos: St3dPosition, title: string, has: { lock: boolean; afterCapture: boolean }): string | undefined {
  if (pos.lockedPin >= 0 && !has.lock) return `${title} has no platform lock (only First Contact has one); write "-" for the lock`;
  if (pos.afterCapture && !has.afterCapture) return `${title} has no after-capture rule (only Curved Space has it)`;
  return undefined;
}
