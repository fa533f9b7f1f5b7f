// The ladder command's table and its place in the docs (the matches themselves are the runner's, tested apart).
import { describe, expect, it } from 'vitest';
import type { MatchReport } from '../../bench/match/cli.ts';
import { ladderCell, ladderTable, rowFromMatch, withLadder, type LadderRow } from '../../bench/match/ladder.ts';

const row = (variant: LadderRow['variant'], level: number, elo: number, verdict?: string): LadderRow => ({
  variant,
  level,
  games: 40,
  wdl: [20, 10, 10],
  elo: { score: 0.6, elo, low: elo - 60.4, high: elo + 70.6 },
  ...(verdict ? { sprt: { elo0: 0, elo1: 100, alpha: 0.05, beta: 0.05, llr: 3, verdict } } : {}),
  perMove: [],
  date: '2026-11-27T00:00:00.000Z',
  load: [1, 1],
});

describe('ladder table', () => {
  it('a row per step, a column per variant, Elo with its bounds, games and the verdict', () => {
    const table = ladderTable([row('planar', 3, 120.2, 'H1'), row('planar', 2, 300), row('warp-factor', 3, -5, 'continue')]);
    const lines = table.split('\n');
    expect(lines[0]).toBe('| step | first-contact | warp-factor | curved-space | planar |');
    expect(lines[2]).toBe('| level 2 vs 1 | not run | not run | not run | +300 [+240, +371], 40 games |');
    expect(lines[3]).toBe('| level 3 vs 2 | not run | -5 [-65, +66], 40 games, no SPRT verdict | not run | +120 [+60, +191], 40 games, SPRT H1 |');
    expect(ladderCell(row('planar', 4, Number.POSITIVE_INFINITY, 'H0'))).toBe('+inf [+inf, +inf], 40 games, SPRT H0');
    // Read back from the JSON file an infinite Elo is null: a won sweep's is +inf, a lost one's -inf.
    const stored = (score: number, high: number | null) =>
      JSON.parse(JSON.stringify({ ...row('planar', 4, Number.POSITIVE_INFINITY), elo: { score, elo: null, low: null, high } })) as LadderRow;
    expect(ladderCell(stored(1, null))).toBe('+inf [+inf, +inf], 40 games');
    expect(ladderCell({ ...stored(0.95, null), elo: { score: 0.95, elo: 512, low: 349, high: null as unknown as number } })).toBe(
      '+512 [+349, +inf], 40 games',
    );
    expect(ladderCell(stored(0, null))).toBe('-inf [-inf, -inf], 40 games');
  });

  it('replaces the text between the markers, or appends the block once', () => {
    const first = withLadder('# Benchmarks\n', 'T1');
    expect(first).toBe('# Benchmarks\n\n<!-- ladder: written by npm run ladder -->\nT1\n<!-- /ladder -->\n');
    const second = withLadder(`${first}after\n`, 'T2');
    expect(second).toBe('# Benchmarks\n\n<!-- ladder: written by npm run ladder -->\nT2\n<!-- /ladder -->\nafter\n');
  });
});

describe('a match report as a ladder row (--import)', () => {
  const report = (a: number, b: number, verdict = 'continue') =>
    ({
      variant: 'planar',
      engines: [
        { name: `level=${a}`, checkout: '.', options: { level: a } },
        { name: `level=${b}`, checkout: '.', options: { level: b } },
      ],
      sprt: { elo0: 200, elo1: 300, alpha: 0.05, beta: 0.05, llr: 1.234567, lower: -2.94, upper: 2.94, verdict },
      games: 12,
      wdl: [10, 2, 0],
      elo: { score: 11 / 12, elo: 417, low: 250, high: 700 },
      perMove: [{ name: `level=${a}`, cpuMs: 500, nodes: 100000, depth: 4 }],
      load: [2, 3],
    }) as unknown as MatchReport;

  it('the upper level is the step, with the SPRT as run and its verdict', () => {
    const row = rowFromMatch(report(6, 5), '2026-11-27T05:00:00.000Z');
    expect(row).toMatchObject({ variant: 'planar', level: 6, games: 12, wdl: [10, 2, 0], date: '2026-11-27T05:00:00.000Z', load: [2, 3] });
    expect(row.sprt).toEqual({ elo0: 200, elo1: 300, alpha: 0.05, beta: 0.05, llr: 1.235, verdict: 'continue' });
    expect(ladderTable([row]).split('\n')[2]).toBe('| level 6 vs 5 | not run | not run | not run | +417 [+250, +700], 12 games, no SPRT verdict |');
  });

  it("the ply cap the games were adjudicated at, when it is not 160 (First Contact's 400)", () => {
    const capped = rowFromMatch({ ...report(3, 2), rules: { maxPlies: 400 } } as unknown as MatchReport, '2026-11-27T05:00:00.000Z');
    expect(capped.maxPlies).toBe(400);
    expect(ladderCell(capped)).toBe('+417 [+250, +700], 12 games, no SPRT verdict, 400-ply cap');
    expect(ladderCell(rowFromMatch({ ...report(3, 2), rules: { maxPlies: 160 } } as unknown as MatchReport))).not.toContain('cap');
  });

  it('refuses a match that is not one level against the level below', () => {
    expect(() => rowFromMatch(report(6, 4))).toThrow('not a ladder step');
    expect(() => rowFromMatch(report(5, 6))).toThrow('not a ladder step');
  });
});
