// The computer's better turn at an analysed ply, as the game page (src/worker/pages/analysis.tsx)
// and its script (src/browser/analysis.ts) both show it: one rule for both.

/**
 * The turn to name as "best was": only for a turn the computer judged (an inaccuracy or worse).
 * Elsewhere its own choice is within its margin of the turn played and may even score below it
 * (the next position's search looks deeper), so no better turn is named.
 */
export const betterTurn = (m: { readonly best: string | null; readonly judgement: string | null }): string | null => (m.judgement ? m.best : null);
