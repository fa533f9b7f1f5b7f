// How a finished game ended, in words: the game page, the board pictures.
import { colorName, opposite, type Color, type GameResult, type Outcome, type OutcomeReason } from '../engine/types.ts';

const REASON_WORDS: Record<OutcomeReason, string> = {
  checkmate: 'by checkmate',
  check: 'by check',
  stalemate: 'by stalemate',
  repetition: 'by threefold repetition',
  resignation: 'by resignation',
  agreement: 'by agreement',
  timeout: 'on time',
  aborted: 'aborted',
  withdrawal: 'by forfeit',
};

interface Ending {
  readonly status: 'active' | 'finished' | 'aborted';
  readonly result: GameResult | '*' | string;
  readonly reason: OutcomeReason | string | null;
  readonly winner: Color | null;
}

/** "White won by checkmate (1-0)." */
export function resultWords(s: Ending): string {
  if (s.status === 'aborted') return 'The game was aborted.';
  const how = s.reason ? (REASON_WORDS[s.reason as OutcomeReason] ?? s.reason) : '';
  // A withdrawal's forfeit says who left (tester 14 P12: it was told as a resignation).
  if (s.winner && s.reason === 'withdrawal')
    return `${colorName(s.winner)} won ${how}: ${colorName(opposite(s.winner))} withdrew from the tournament (${s.result}).`;
  if (s.winner) return `${colorName(s.winner)} won ${how} (${s.result}).`;
  return `Drawn ${how} (${s.result}).`;
}

export const winnerOf = (result: string): Color | null => (result === '1-0' ? 'white' : result === '0-1' ? 'black' : null);

/** An engine outcome in the same words. */
export const outcomeWords = (o: Outcome): string =>
  resultWords({ status: o.reason === 'aborted' ? 'aborted' : 'finished', result: o.result, reason: o.reason, winner: o.winner ?? null });
