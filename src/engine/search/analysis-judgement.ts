// The post-game analysis's arithmetic, without the search: evaluations, the mover's winning chances
// from them, the judgement of a turn by the drop in them, and Lichess's accuracy. The main Worker
// reads these; the search itself (analysis.ts) runs in the picture Worker. Pure engine.
//
// - Evaluations are from White's side: `{cp}` centipawn-like units, `{mate}` White's turns to
//   a forced mate (negative: Black mates), or `{over}` a position where the game has ended.
// - Winning chances: 1 / (1 + e^(-k cp)) with k fitted per variant (WIN_CURVE, win-curve.ts)
//   on the computer's self-play games; a mate counts as a certain win or loss.
// - Judgements as Lichess makes them: a drop of the mover's chances by 0.05, 0.10, 0.15 (on
//   0-1; Lichess writes 0.1, 0.2, 0.3 on -1..1) is an inaccuracy (?!), a mistake (?), a blunder (??).
// - Accuracy per side by Lichess's published formula (lila AccuracyPercent.scala).
import { COLORS, type Color, type GameResult, type VariantName } from '../types.ts';
import { WIN_CURVE } from './win-curve.ts';

export type Evaluation = { readonly cp: number } | { readonly mate: number } | { readonly over: GameResult };

/** What the analysis found in one position. */
export interface PositionAnalysis {
  /** From White's side. */
  readonly eval: Evaluation;
  /** The computer's turn for the side to move (canonical text); none when the game is over. */
  readonly best?: string;
  readonly depth: number;
  readonly nodes: number;
}

/**
 * The analysis's node budget per position: its own, fixed (set at twice level 5's before issue
 * 34 re-tuned the levels; First Contact's and Planar's level 5 now search 8 000), about 100 ms
 * of CPU for a busy position on the benchmark machine.
 */
export const ANALYSIS_NODES: Readonly<Record<VariantName, number>> = {
  'first-contact': 4_000,
  'warp-factor': 6_000,
  'curved-space': 2_400,
  planar: 8_000,
};

/** The logistic constant of a variant (per centipawn). */
export const winCurve = (variant: string): number => WIN_CURVE[variant as VariantName] ?? 0.004;

/** White's winning chances, 0-1. */
export function whiteChances(e: Evaluation, k: number): number {
  if ('over' in e) return e.over === '1-0' ? 1 : e.over === '0-1' ? 0 : 0.5;
  if ('mate' in e) return e.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-k * e.cp));
}

export const chancesOf = (side: Color, e: Evaluation, k: number): number => (side === 'white' ? whiteChances(e, k) : 1 - whiteChances(e, k));

export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';
export const GLYPHS: Readonly<Record<Judgement, string>> = { inaccuracy: '?!', mistake: '?', blunder: '??' };
/** Drops of the mover's winning chances (0-1), worst first. */
const JUDGEMENTS: readonly (readonly [number, Judgement])[] = [
  [0.15, 'blunder'],
  [0.1, 'mistake'],
  [0.05, 'inaccuracy'],
];

/**
 * The judgement of `side`'s turn that went from `before` to `after`; `best`: the turn the
 * computer preferred and `played` the turn played (the same turn is never judged).
 */
export function judge(side: Color, before: Evaluation, after: Evaluation, k: number, played?: string, best?: string): Judgement | undefined {
  if (played !== undefined && best !== undefined && played === best) return undefined;
  const drop = chancesOf(side, before, k) - chancesOf(side, after, k);
  return JUDGEMENTS.find(([d]) => drop >= d - 1e-9)?.[1];
}

/** White's win percentage (0-100) for the accuracy formula; mates count as the largest evaluation (Lichess: ±1000 cp). */
function whiteWinPercent(e: Evaluation, k: number): number {
  if ('over' in e || 'mate' in e) return 100 * whiteChances(e, k);
  return 100 / (1 + Math.exp(-k * Math.max(-1000, Math.min(1000, e.cp))));
}

/** Lichess: a turn's accuracy from the mover's win percentages before and after it. */
export function moveAccuracy(before: number, after: number): number {
  if (after >= before) return 100;
  const raw = 103.1668100711649 * Math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411;
  // +1: Lichess's "uncertainty bonus" for imperfect analysis.
  return Math.max(0, Math.min(100, raw + 1));
}

const stdDev = (xs: readonly number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
};

/**
 * Accuracy per side (0-100) as Lichess computes a game's: every turn's accuracy from the win
 * percentages before and after it, weighted by the volatility (standard deviation, 0.5-12) of a
 * window of win percentages around it; a side's accuracy is the mean of that weighted mean and
 * the harmonic mean of its turns' accuracies. `evals`: the start position's and each ply's, in
 * order; `first`: who moved first. A side without a turn has none.
 */
export function gameAccuracy(evals: readonly Evaluation[], first: Color, k: number): Partial<Record<Color, number>> {
  const wins = evals.map((e) => whiteWinPercent(e, k));
  const turns = wins.length - 1;
  if (turns < 1) return {};
  const windowSize = Math.max(2, Math.min(8, Math.floor(turns / 10)));
  const windows: number[][] = [];
  for (let i = 0; i < Math.min(windowSize, wins.length) - 2; i++) windows.push(wins.slice(0, windowSize));
  for (let i = 0; i + windowSize <= wins.length; i++) windows.push(wins.slice(i, i + windowSize));
  const weights = windows.map((w) => Math.max(0.5, Math.min(12, stdDev(w))));
  const per: Record<Color, { acc: number; w: number }[]> = { white: [], black: [] };
  for (let i = 0; i < turns; i++) {
    const side: Color = (i % 2 === 0) === (first === 'white') ? 'white' : 'black';
    const [prev, next] = [wins[i]!, wins[i + 1]!];
    const acc = side === 'white' ? moveAccuracy(prev, next) : moveAccuracy(100 - prev, 100 - next);
    per[side].push({ acc, w: weights[i] ?? 0.5 });
  }
  const out: Partial<Record<Color, number>> = {};
  for (const side of COLORS) {
    const xs = per[side];
    if (!xs.length) continue;
    const weighted = xs.reduce((a, x) => a + x.acc * x.w, 0) / xs.reduce((a, x) => a + x.w, 0);
    const harmonic = xs.length / xs.reduce((a, x) => a + 1 / Math.max(1, x.acc), 0);
    out[side] = Math.round(((weighted + harmonic) / 2) * 10) / 10;
  }
  return out;
}

/** An evaluation as the game record writes it: `0.35` pawns from White's side, `#3` / `#-2` a mate, `1-0` an ending. */
export function evalText(e: Evaluation): string {
  if ('over' in e) return e.over;
  if ('mate' in e) return `#${e.mate}`;
  return (e.cp / 100).toFixed(2);
}
