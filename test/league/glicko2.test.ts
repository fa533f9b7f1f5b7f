import { describe, expect, it } from 'vitest';
import { idle, isProvisional, ratePeriod, START } from '../../src/league/glicko2.ts';

describe('Glicko-2', () => {
  it("reproduces Glickman's worked example: 1500/200/0.06 against 1400/30 (win), 1550/100 (loss), 1700/300 (loss)", () => {
    const after = ratePeriod({ rating: 1500, rd: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, rd: 30 }, score: 1 },
      { opponent: { rating: 1550, rd: 100 }, score: 0 },
      { opponent: { rating: 1700, rd: 300 }, score: 0 },
    ]);
    // The paper rounds as it goes (mu' = -0.2069 on the Glicko-2 scale, then 1464.06); unrounded the
    // rating is 1464.0506, so it is compared on the paper's own scale and within 0.01 of its figure.
    expect(((after.rating - 1500) / 173.7178).toFixed(4)).toBe('-0.2069');
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect(after.rd.toFixed(2)).toBe('151.52');
    // 0.0599960 unrounded; the paper writes 0.05999.
    expect(Math.abs(after.volatility - 0.05999)).toBeLessThan(0.00001);
  });

  it('a period without games only grows the RD, by sqrt(phi^2 + sigma^2) each, never past 350', () => {
    const one = ratePeriod({ rating: 1500, rd: 50, volatility: 0.06 }, []);
    expect(one.rating).toBe(1500);
    expect(one.rd).toBeCloseTo(Math.sqrt((50 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 9);
    // n idle periods in one step equal n steps one by one.
    let stepwise = { rating: 1600, rd: 60, volatility: 0.06 };
    for (let i = 0; i < 5; i++) stepwise = ratePeriod(stepwise, []);
    expect(idle({ rating: 1600, rd: 60, volatility: 0.06 }, 5).rd).toBeCloseTo(stepwise.rd, 9);
    expect(idle(START, 10).rd).toBe(350);
    expect(idle({ rating: 1500, rd: 300, volatility: 0.06 }, 10_000).rd).toBe(350);
  });

  it('a new player is provisional until the RD is 110 or less', () => {
    expect(isProvisional(START)).toBe(true);
    expect(isProvisional({ rd: 110 })).toBe(false);
    expect(isProvisional({ rd: 110.01 })).toBe(true);
  });

  it('a win between two new players moves both by the same amount, in opposite directions', () => {
    const w = ratePeriod(START, [{ opponent: START, score: 1 }]);
    const l = ratePeriod(START, [{ opponent: START, score: 0 }]);
    expect(w.rating - 1500).toBeCloseTo(1500 - l.rating, 6);
    expect(w.rating).toBeGreaterThan(1600);
    const d = ratePeriod(START, [{ opponent: START, score: 0.5 }]);
    expect(d.rating).toBeCloseTo(1500, 6);
    expect(d.rd).toBeLessThan(350);
  });
});
