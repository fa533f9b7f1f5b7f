// The match runner's statistics against values computed by hand and published by fastchess.
import { describe, expect, it } from 'vitest';
import { eloOfScore, llrBounds, pairBin, pentanomialElo, scoreOfElo, sprtLlr, sprtVerdict } from '../../bench/match/stats.ts';

describe('pentanomial Elo', () => {
  it('an even sample is 0 Elo, its bounds from the pairs spread (worked by hand)', () => {
    // Pair scores 0, .25, .5, .75, 1 with counts 1 2 3 2 1: mean .5, variance (2*.25 + 4*.0625) / 9 = 1/12.
    const e = pentanomialElo([1, 2, 3, 2, 1]);
    expect(e.score).toBe(0.5);
    expect(e.elo).toBeCloseTo(0, 9);
    const half = 1.959963984540054 * Math.sqrt(1 / 12 / 9);
    expect(e.low).toBeCloseTo(-400 * Math.log10(1 / (0.5 - half) - 1), 9);
    expect(e.low).toBeCloseTo(-137.857, 2);
    expect(e.high).toBeCloseTo(137.857, 2);
  });

  it('a 75% score is +190.8 Elo; an all-win sample has no finite Elo', () => {
    // 10 pairs: 5 at 1.5 points, 5 at 1.5 points -> 75%, no spread -> a zero-width interval.
    expect(pentanomialElo([0, 0, 0, 10, 0]).elo).toBeCloseTo(190.85, 2);
    expect(pentanomialElo([0, 0, 0, 10, 0]).low).toBeCloseTo(190.85, 2);
    expect(pentanomialElo([0, 0, 0, 0, 4]).elo).toBe(Number.POSITIVE_INFINITY);
    expect(scoreOfElo(eloOfScore(0.64))).toBeCloseTo(0.64, 12);
  });

  it('the pair of game scores picks the bin', () => {
    expect([pairBin(0, 0), pairBin(0.5, 0), pairBin(1, 0), pairBin(0.5, 0.5), pairBin(1, 0.5), pairBin(1, 1)]).toEqual([0, 1, 2, 2, 3, 4]);
  });
});

describe('SPRT (GSPRT, logistic Elo, pentanomial)', () => {
  it("matches fastchess's published test values", () => {
    // fastchess test/sprt_test.cpp "logistic pentanomial 1" and "2" (WL and DD pairs both score 1 point).
    expect(sprtLlr([223, 9863, 20279 + 1000, 10037, 246], 0.5, 2.5)).toBeCloseTo(-3.07, 2);
    expect(sprtLlr([871, 26175, 55003 + 980, 26678, 821], 0, 2)).toBeCloseTo(-4.98, 2);
    // Three pairs of two wins: empty cells count 1e-3, so the LLR stays small and finite.
    expect(sprtLlr([0, 0, 0, 0, 3], -1.75, 0.25)).toBeCloseTo(0.017, 3);
  });

  it('bounds and verdicts: ln(beta / (1 - alpha)) and ln((1 - beta) / alpha)', () => {
    const bounds = { elo0: 0, elo1: 100, alpha: 0.05, beta: 0.05 };
    expect(llrBounds(bounds).upper).toBeCloseTo(2.944, 3);
    expect(llrBounds(bounds).lower).toBeCloseTo(-2.944, 3);
    expect(sprtVerdict([0, 0, 0, 0, 0], bounds).verdict).toBe('continue');
    expect(sprtVerdict([2, 10, 20, 30, 40], bounds).verdict).toBe('H1');
    expect(sprtVerdict([40, 30, 20, 10, 2], bounds).verdict).toBe('H0');
    // Seen from the other engine (the pairs reversed, the hypotheses negated) the evidence is the same.
    expect(sprtLlr([3, 7, 11, 9, 5], 0, 100)).toBeCloseTo(sprtLlr([5, 9, 11, 7, 3], 0, -100), 9);
  });
});
