// Match statistics from game pairs (each opening played twice, colours swapped):
// the pentanomial distribution of pair scores, logistic Elo with a 95% interval,
// and the generalized SPRT's log-likelihood ratio (Michel Van den Bergh's GSPRT as
// fishtest and fastchess compute it for the logistic model).

/** Pair counts by the first engine's score in the pair: [0, 0.5, 1, 1.5, 2] points. */
export type Pentanomial = [number, number, number, number, number];

/** The pair scores as a share of the pair's 2 points. */
const PAIR_SCORES = [0, 0.25, 0.5, 0.75, 1] as const;

/** 97.5% quantile of the normal distribution (two-sided 95%). */
const Z95 = 1.959963984540054;

/** Expected score of a player `elo` stronger (logistic model). */
export const scoreOfElo = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));

/** Elo difference of an expected score (infinite at 0 and 1). */
export const eloOfScore = (score: number): number =>
  score <= 0 ? Number.NEGATIVE_INFINITY : score >= 1 ? Number.POSITIVE_INFINITY : -400 * Math.log10(1 / score - 1);

export const pairCount = (penta: Pentanomial): number => penta.reduce((a, b) => a + b, 0);

/** Mean and variance of the per-pair score (0-1) of a pentanomial sample. */
export function pairMoments(penta: Pentanomial): { mean: number; variance: number } {
  const n = pairCount(penta);
  if (n === 0) return { mean: 0.5, variance: 0 };
  const mean = penta.reduce((sum, c, i) => sum + c * PAIR_SCORES[i]!, 0) / n;
  const variance = penta.reduce((sum, c, i) => sum + c * (PAIR_SCORES[i]! - mean) ** 2, 0) / n;
  return { mean, variance };
}

export interface EloEstimate {
  /** Score of the first engine, 0-1. */
  readonly score: number;
  readonly elo: number;
  /** 95% interval of the Elo difference (from the score's normal interval over pairs). */
  readonly low: number;
  readonly high: number;
}

/** Logistic Elo and its 95% bounds from the pairs' scores (their spread, not the games', sets the width). */
export function pentanomialElo(penta: Pentanomial): EloEstimate {
  const n = pairCount(penta);
  const { mean, variance } = pairMoments(penta);
  const half = n ? Z95 * Math.sqrt(variance / n) : 0.5;
  return { score: mean, elo: eloOfScore(mean), low: eloOfScore(mean - half), high: eloOfScore(mean + half) };
}

/**
 * The distribution closest to `p` (in the likelihood sense) whose mean score is `s`:
 * q_i = p_i / (1 + lambda (a_i - s)), lambda found by bisection so the q_i sum to 1.
 */
function closestWithMean(p: readonly number[], a: readonly number[], s: number): number[] {
  // f(lambda) = sum p_i (a_i - s) / (1 + lambda (a_i - s)) falls as lambda rises; its root is the one wanted.
  const f = (lambda: number) => p.reduce((sum, pi, i) => sum + (pi * (a[i]! - s)) / (1 + lambda * (a[i]! - s)), 0);
  const maxA = Math.max(...a.filter((_, i) => p[i]! > 0));
  const minA = Math.min(...a.filter((_, i) => p[i]! > 0));
  // lambda keeps every 1 + lambda (a_i - s) positive.
  let lo = maxA > s ? -1 / (maxA - s) : -1e9;
  let hi = minA < s ? 1 / (s - minA) : 1e9;
  const eps = 1e-12;
  lo += eps * Math.abs(lo);
  hi -= eps * Math.abs(hi);
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  const lambda = (lo + hi) / 2;
  return p.map((pi, i) => pi / (1 + lambda * (a[i]! - s)));
}

/**
 * Log-likelihood ratio of H1 (elo1) against H0 (elo0), logistic Elo, pentanomial model.
 * Empty cells get 1e-3 of a pair (as fishtest does), so a short lopsided sample stays finite.
 */
export function sprtLlr(penta: Pentanomial, elo0: number, elo1: number): number {
  const n = pairCount(penta);
  if (n === 0) return 0;
  const counts = penta.map((c) => (c === 0 ? 1e-3 : c));
  const total = counts.reduce((a, b) => a + b, 0);
  const p = counts.map((c) => c / total);
  const q0 = closestWithMean(p, PAIR_SCORES, scoreOfElo(elo0));
  const q1 = closestWithMean(p, PAIR_SCORES, scoreOfElo(elo1));
  return total * p.reduce((sum, pi, i) => sum + pi * Math.log(q1[i]! / q0[i]!), 0);
}

export interface SprtBounds {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
}

/** The LLR's stopping bounds: below `lower` H0 is accepted, above `upper` H1. */
export const llrBounds = ({ alpha, beta }: SprtBounds) => ({ lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) });

export type Verdict = 'H1' | 'H0' | 'continue';

export function sprtVerdict(penta: Pentanomial, bounds: SprtBounds): { llr: number; lower: number; upper: number; verdict: Verdict } {
  const llr = sprtLlr(penta, bounds.elo0, bounds.elo1);
  const { lower, upper } = llrBounds(bounds);
  return { llr, lower, upper, verdict: llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue' };
}

/** The pentanomial bin of a pair from the first engine's two game scores (1, 0.5, 0 each). */
export const pairBin = (first: number, second: number): 0 | 1 | 2 | 3 | 4 => Math.round((first + second) * 2) as 0 | 1 | 2 | 3 | 4;
