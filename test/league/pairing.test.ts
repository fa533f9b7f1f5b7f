import { describe, expect, it } from 'vitest';
import { roundRobin, standings, swissRound, type Pairing, type PlayedGame, type SwissPlayer } from '../../src/league/pairing.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

function colourCounts(rounds: Pairing[][]) {
  const counts = new Map<string, { w: number; b: number }>();
  for (const round of rounds)
    for (const p of round) {
      if (p.black === null) continue;
      for (const [id, c] of [
        [p.white, 'w'],
        [p.black, 'b'],
      ] as const) {
        const n = counts.get(id) ?? { w: 0, b: 0 };
        n[c]++;
        counts.set(id, n);
      }
    }
  return counts;
}

describe('round robin (Berger tables)', () => {
  it('6 players: the FIDE Berger table', () => {
    const rounds = roundRobin(ids(6)).map((r) => r.map((p) => `${p.white}-${p.black}`));
    expect(rounds).toEqual([
      ['p1-p6', 'p2-p5', 'p3-p4'],
      ['p6-p4', 'p5-p3', 'p1-p2'].sort((a, b) => rounds[1]!.indexOf(a) - rounds[1]!.indexOf(b)),
      ['p2-p6', 'p3-p1', 'p4-p5'].sort((a, b) => rounds[2]!.indexOf(a) - rounds[2]!.indexOf(b)),
      ['p6-p5', 'p1-p4', 'p2-p3'].sort((a, b) => rounds[3]!.indexOf(a) - rounds[3]!.indexOf(b)),
      ['p3-p6', 'p4-p2', 'p5-p1'].sort((a, b) => rounds[4]!.indexOf(a) - rounds[4]!.indexOf(b)),
    ]);
  });

  for (const n of [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16]) {
    it(`${n} players: every pair once, whites and blacks differ by at most one, a sit-out a round when odd`, () => {
      const rounds = roundRobin(ids(n));
      expect(rounds).toHaveLength(n % 2 ? n : n - 1);
      const pairs = new Set<string>();
      for (const round of rounds) {
        const seen = new Set<string>();
        for (const p of round) {
          for (const id of [p.white, p.black]) {
            if (!id) continue;
            expect(seen.has(id)).toBe(false);
            seen.add(id);
          }
          if (p.black) pairs.add([p.white, p.black].sort().join('|'));
        }
        expect(seen.size).toBe(n);
        expect(round.filter((p) => p.black === null)).toHaveLength(n % 2);
      }
      expect(pairs.size).toBe((n * (n - 1)) / 2);
      for (const [, c] of colourCounts(rounds)) expect(Math.abs(c.w - c.b)).toBeLessThanOrEqual(1);
    });
  }

  it('double: each pair twice, colours swapped', () => {
    const rounds = roundRobin(ids(4), true);
    expect(rounds).toHaveLength(6);
    const games = rounds.flat().map((p) => `${p.white}-${p.black}`);
    for (const g of games) expect(games).toContain(g.split('-').reverse().join('-'));
    for (const [, c] of colourCounts(rounds)) expect(c.w).toBe(c.b);
  });
});

/** Plays a Swiss of `n` players for `rounds` rounds: the better seed wins, except `upset` says otherwise. */
function playSwiss(n: number, rounds: number, upset: (round: number, board: number) => boolean = () => false) {
  const players = ids(n);
  const games: PlayedGame[] = [];
  for (let round = 1; round <= rounds; round++) {
    const table = standings(players, games, 'swiss');
    const view: SwissPlayer[] = table.map((s) => ({
      id: s.id,
      score: s.points,
      opponents: games.flatMap((g) => (g.white === s.id && g.black ? [g.black] : g.black === s.id ? [g.white] : [])),
      colors: games.flatMap((g) => (g.black === null ? [] : g.white === s.id ? ['w' as const] : g.black === s.id ? ['b' as const] : [])),
      hadBye: games.some((g) => g.black === null && g.white === s.id),
    }));
    const pairing = swissRound(view, rounds - round);
    expect(pairing, `round ${round}`).toBeDefined();
    for (const [board, p] of pairing!.entries()) {
      if (p.black === null) {
        games.push({ round, white: p.white, black: null, result: null });
        continue;
      }
      const whiteBetter = players.indexOf(p.white) < players.indexOf(p.black);
      const whiteWins = whiteBetter !== upset(round, board);
      games.push({ round, white: p.white, black: p.black, result: whiteWins ? '1-0' : '0-1' });
    }
  }
  return { players, games };
}

describe('Swiss', () => {
  it('6 players, 3 rounds: no pair meets twice, everyone plays each round, colours balanced', () => {
    const { games } = playSwiss(6, 3, (round, board) => (round + board) % 3 === 0);
    const pairs = games.filter((g) => g.black).map((g) => [g.white, g.black].sort().join('|'));
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs).toHaveLength(9);
    for (let r = 1; r <= 3; r++) expect(new Set(games.filter((g) => g.round === r).flatMap((g) => [g.white, g.black])).size).toBe(6);
    const colours = colourCounts([games.map((g) => ({ white: g.white, black: g.black }))]);
    for (const [, c] of colours) expect(Math.abs(c.w - c.b)).toBeLessThanOrEqual(1);
  });

  it('a round leaves the next one pairable: 6 players play all 5 rounds (every pair once), whatever the results', () => {
    // A tester's 6-player, 5-round Swiss ended after round 3: its round 3 left two triangles unplayed.
    const upsets: ((round: number, board: number) => boolean)[] = [
      () => false,
      () => true,
      (round, board) => (round + board) % 2 === 0,
      (round, board) => (round * 3 + board) % 5 < 2,
      (round, board) => board === 1,
    ];
    for (const upset of upsets) {
      const { games } = playSwiss(6, 5, upset);
      const pairs = games.map((g) => [g.white, g.black].sort().join('|'));
      expect(new Set(pairs).size).toBe(15);
    }
    // The same with byes: 7 players, 7 rounds, each pair once and one bye each.
    const odd = playSwiss(7, 7, (round, board) => (round + board) % 3 === 1).games;
    expect(new Set(odd.filter((g) => g.black).map((g) => [g.white, g.black].sort().join('|'))).size).toBe(21);
    expect(odd.filter((g) => g.black === null)).toHaveLength(7);
  });

  it("FIDE's absolute colour rules: never the same colour three times in a row, never two more of one colour", () => {
    // A tester's 6-player, 5-round Swiss gave a player Black in rounds 2, 3 and 4.
    const patterns: [number, number, (round: number, board: number) => boolean][] = [
      [6, 5, () => false],
      [6, 5, (round, board) => (round + board) % 3 === 0],
      [7, 5, (round, board) => (round * board) % 4 === 1],
      [8, 7, (round, board) => (round + 2 * board) % 5 === 0],
      [10, 6, (round, board) => board === round % 5],
    ];
    for (const [n, rounds, upset] of patterns) {
      const { players, games } = playSwiss(n, rounds, upset);
      for (const id of players) {
        const colours = games.filter((g) => g.black !== null && (g.white === id || g.black === id)).map((g) => (g.white === id ? 'w' : 'b'));
        const label = `${n} players, ${rounds} rounds, ${id}: ${colours.join('')}`;
        expect(colours.join(''), label).not.toMatch(/www|bbb/);
        for (let k = 1; k <= colours.length; k++) {
          const w = colours.slice(0, k).filter((c) => c === 'w').length;
          expect(Math.abs(2 * w - k), label).toBeLessThanOrEqual(2);
        }
      }
    }
  });

  it('round 1 pairs top half against bottom half, alternating colours', () => {
    const first = swissRound(ids(6).map((id) => ({ id, score: 0, opponents: [], colors: [], hadBye: false })))!;
    expect(first.map((p) => [p.white, p.black].sort().join('-')).sort()).toEqual(['p1-p4', 'p2-p5', 'p3-p6']);
  });

  it('round 2 pairs within score groups', () => {
    const { games } = playSwiss(8, 2);
    const firstRound = new Map(
      games
        .filter((g) => g.round === 1)
        .flatMap((g) => [
          [g.white, g.result === '1-0' ? 1 : 0],
          [g.black!, g.result === '0-1' ? 1 : 0],
        ]),
    );
    for (const g of games.filter((g) => g.round === 2)) expect(firstRound.get(g.white)).toBe(firstRound.get(g.black!));
  });

  it('odd numbers: the bye goes to the lowest-placed player without one, at most once each', () => {
    const { games } = playSwiss(7, 6);
    const byes = games.filter((g) => g.black === null).map((g) => g.white);
    expect(byes).toHaveLength(6);
    expect(new Set(byes).size).toBe(6);
    // Round 1: everyone at 0, so the last seed.
    expect(byes[0]).toBe('p7');
    const pairs = games.filter((g) => g.black).map((g) => [g.white, g.black].sort().join('|'));
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('a 12-player Swiss over 7 rounds pairs every round without repeats', () => {
    const { games } = playSwiss(12, 7, (round, board) => (round * 7 + board) % 4 === 0);
    const pairs = games.map((g) => [g.white, g.black].sort().join('|'));
    expect(new Set(pairs).size).toBe(42);
  });

  it('the look-ahead only prefers: a round after which none can be paired is still played (tester 14 P3)', () => {
    // Four in a 3-round Swiss, two withdrawn after round 1: the two left have not met, so round 2 is
    // their game, although no round 3 can follow it (the tournament then ends after round 2).
    const left: SwissPlayer[] = [
      { id: 'tuvok', score: 1, opponents: ['uhura'], colors: ['b'], hadBye: false },
      { id: 'torres', score: 1, opponents: ['scotty'], colors: ['w'], hadBye: false },
    ];
    const round2 = swissRound(left, 1)!;
    expect(round2.map((p) => [p.white, p.black].sort().join('-'))).toEqual(['torres-tuvok']);
    // Three left of five (one bye had): the round that can be played is played.
    const three: SwissPlayer[] = [
      { id: 'sulu', score: 2, opponents: ['kirk', 'spock'], colors: ['b', 'w'], hadBye: false },
      { id: 'spock', score: 1, opponents: ['uhura', 'sulu'], colors: ['w', 'b'], hadBye: false },
      { id: 'kirk', score: 1, opponents: ['sulu'], colors: ['w'], hadBye: true },
    ];
    expect(swissRound(three, 1)).toEqual([
      { white: expect.any(String), black: expect.any(String) },
      { white: 'sulu', black: null },
    ]);
  });

  it('no pairing without repeats: undefined', () => {
    const players: SwissPlayer[] = [
      { id: 'a', score: 1, opponents: ['b'], colors: ['w'], hadBye: false },
      { id: 'b', score: 0, opponents: ['a'], colors: ['b'], hadBye: false },
    ];
    expect(swissRound(players)).toBeUndefined();
  });
});

describe('standings', () => {
  it('Buchholz counts the opponents’ points; a Swiss bye is one point', () => {
    const games: PlayedGame[] = [
      { round: 1, white: 'a', black: 'b', result: '1-0' },
      { round: 1, white: 'c', black: null, result: null },
      { round: 2, white: 'c', black: 'a', result: '1/2-1/2' },
      { round: 2, white: 'b', black: null, result: null },
    ];
    const table = standings(['a', 'b', 'c'], games, 'swiss');
    expect(table.map((s) => [s.id, s.points, s.tiebreak])).toEqual([
      ['a', 1.5, 1 + 1.5],
      ['c', 1.5, 1.5],
      ['b', 1, 1.5],
    ]);
  });
});
