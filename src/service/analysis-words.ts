// The computer's analysis in words, as the game page (src/worker/pages/analysis.tsx) and its
// script (src/browser/analysis.ts) both say it: one set of words and one "best was" rule for both.

/** A judged turn in words: "a mistake". */
export const JUDGEMENT_WORDS = { inaccuracy: 'an inaccuracy', mistake: 'a mistake', blunder: 'a blunder' } as const;

/** An evaluation in words: "+0.35" (pawns from White's side), "White mates in 2", "0-1 (the game is over)", "drawn". */
export function evalWords(e: { readonly cp?: number; readonly mate?: number; readonly over?: string }): string {
  if (e.over !== undefined) return e.over === '1/2-1/2' ? 'drawn' : `${e.over} (the game is over)`;
  if (e.mate !== undefined) return `${e.mate > 0 ? 'White' : 'Black'} mates in ${Math.abs(e.mate)}`;
  const cp = e.cp ?? 0;
  const t = (cp / 100).toFixed(2);
  return cp > 0 ? `+${t}` : t;
}

/**
 * The turn to name as "best was": only for a turn the computer judged (an inaccuracy or worse).
 * Elsewhere its own choice is within its margin of the turn played and may even score below it
 * (the next position's search looks deeper), so no better turn is named.
 */
export const betterTurn = (m: { readonly best: string | null; readonly judgement: string | null }): string | null => (m.judgement ? m.best : null);
