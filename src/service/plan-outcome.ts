// What became of a player's conditional lines (service/conditional.ts) when the opponent moved,
// and how the planner is told: on the game page and in the turn notification; and what the mover is told.
import { colorName, type Color } from '../engine/types.ts';

/**
 * What became of a player's lines when the opponent moved: the turn they met (`after`), the
 * answer played from them if one was, and how many lines were dropped because they began with
 * another turn.
 */
export interface PlanOutcome {
  readonly after: string;
  readonly answer?: string;
  /** The answer was not played: the opponent offers a draw, which waits for the player's own answer. */
  readonly held?: true;
  readonly dropped: number;
}

/** The outcome in the planner's words (the page, the turn notification). */
export function planOutcomeWords(o: PlanOutcome, opponent: Color): string {
  if (o.held)
    return `${colorName(opponent)} played ${o.after} and offers a draw: your planned reply ${o.answer} was not played, so you can answer the offer first (or play it yourself).`;
  if (o.answer === undefined)
    return `${colorName(opponent)} played ${o.after}, which none of your planned lines began with: ${o.dropped === 1 ? 'it was' : `all ${o.dropped} were`} dropped.`;
  const others = o.dropped === 1 ? 'your other line was dropped: it began' : `your other ${o.dropped} lines were dropped: they began`;
  return `Your planned reply ${o.answer} was played after ${o.after}${o.dropped ? `; ${others} with another turn` : ''}.`;
}

/** What the mover is told after a turn: an answer the opponent planned is played at once and reads as any turn of theirs. */
export function playedWords(move: { readonly text: string }, answer?: { readonly side: Color; readonly text: string }): string {
  return `You played ${move.text}.${answer ? ` ${colorName(answer.side)} played ${answer.text}.` : ''}`;
}

/** A turn refused because the game moved on before it arrived (`stale_ply`), said to its player (the page, with and without scripts). */
export const staleTurnWords = (text: string): string =>
  `Not played: ${text} was sent for a position the game has left (a turn was played meanwhile, perhaps from another tab or device). The board now shows the game as it is; your text is still in the box.`;
