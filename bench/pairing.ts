// The Swiss pairer's cost (issue 30): one round of a 200-player Swiss, paired after earlier rounds
// were played out with seeded results, timed in CPU milliseconds (budget: 100 ms).
import { standings, swissRound, type PlayedGame, type SwissPlayer } from '../src/league/pairing.ts';

/** A small seeded generator, so every run pairs the same tournament. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function view(players: readonly string[], games: readonly PlayedGame[]): SwissPlayer[] {
  return standings(players, games, 'swiss').map((s) => ({
    id: s.id,
    score: s.points,
    opponents: games.flatMap((g) => (g.black === null ? [] : g.white === s.id ? [g.black] : g.black === s.id ? [g.white] : [])),
    colors: games.flatMap((g) => (g.black === null ? [] : g.white === s.id ? ['w' as const] : g.black === s.id ? ['b' as const] : [])),
    hadBye: games.some((g) => g.black === null && g.white === s.id),
  }));
}

const cpuMs = (f: () => void) => {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

export function pairingBench(players = 200, played = 6, runs = 15) {
  const random = mulberry32(30);
  const ids = Array.from({ length: players }, (_, i) => `p${String(i + 1).padStart(3, '0')}`);
  const games: PlayedGame[] = [];
  for (let round = 1; round <= played; round++) {
    for (const p of swissRound(view(ids, games))!) {
      const r = random();
      games.push({ round, white: p.white, black: p.black, result: p.black === null ? null : r < 0.4 ? '1-0' : r < 0.8 ? '0-1' : '1/2-1/2' });
    }
  }
  const times: number[] = [];
  let boards = 0;
  // As the service pairs it: with rounds still to come, so the next round's pairing is checked too.
  for (let i = 0; i < runs; i++) times.push(cpuMs(() => (boards = swissRound(view(ids, games), 2)!.length)));
  times.sort((a, b) => a - b);
  return { players, round: played + 1, boards, medianCpuMs: times[Math.floor(runs / 2)]!, maxCpuMs: times.at(-1)! };
}
