// Computer player benchmarks: search speed (nodes per CPU second) per variant,
// CPU milliseconds per reply at each level, and strength tables (each level
// against the level below and against a random mover, plus level 5 against
// level 3) from varied openings with both colours.
//
// Runs in child processes (SEARCH_BENCH_WORKERS, default 2) so both cores work.
// SEARCH_BENCH_GAMES sets the games per pairing and variant (default 40, even);
// SEARCH_BENCH_PAIRINGS="5-0,5-3" picks pairings, SEARCH_BENCH_VARIANTS="planar" variants;
// SEARCH_BENCH_TIMING=off skips the timing.
// `npm run bench -- --search-only` runs only this part and updates the
// `search` section of bench/results.json.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import type { Level } from '../src/engine/search/index.ts';
import type { VariantName } from '../src/engine/types.ts';
import { variantNames } from '../src/engine/variants/index.ts';
import { busyGame, stats } from './engine.ts';
import { ADJUDICATE_MARGIN, type GameJob, type GameResult, type Player, type TimingJob } from './search-games.ts';

const MAX_PLIES = 160;
/** Random plies before the players take over: the set-up phases, and a little more. */
const OPENING_PLIES: Record<VariantName, number> = { 'first-contact': 6, 'warp-factor': 2, 'curved-space': 6, planar: 2 };
const PAIRINGS: readonly (readonly [Player, Player])[] = [
  [1, 0],
  [2, 1],
  [3, 2],
  [4, 3],
  [5, 4],
  [2, 0],
  [3, 0],
  [4, 0],
  [5, 0],
  [5, 3],
];
/** SEARCH_BENCH_PAIRINGS="5-0,5-3" runs only those pairings (default: all). */
const selectedPairings = (): readonly (readonly [Player, Player])[] => {
  const wanted = process.env.SEARCH_BENCH_PAIRINGS?.split(',').map((s) => s.trim());
  return wanted ? PAIRINGS.filter(([p, o]) => wanted.includes(`${p}-${o}`)) : PAIRINGS;
};
/** SEARCH_BENCH_VARIANTS="first-contact" runs only those variants (default: all); their rows replace the saved ones. */
const selectedVariants = (): VariantName[] => {
  const wanted = process.env.SEARCH_BENCH_VARIANTS?.split(',').map((s) => s.trim());
  return wanted ? variantNames().filter((v) => wanted.includes(v)) : variantNames();
};
const playerName = (p: Player) => (p === 0 ? 'random' : `level ${p}`);

type Reply = { ok: true; value: unknown } | { ok: false; error: string };

/** A pool of child processes running bench/search-games.ts, one job each at a time. */
class Pool {
  private readonly idle: ChildProcess[] = [];
  private readonly waiting: ((child: ChildProcess) => void)[] = [];
  private readonly children: ChildProcess[] = [];

  constructor(size: number) {
    const entry = path.resolve('bench/search-games.ts');
    for (let i = 0; i < size; i++) {
      const child = fork(entry, ['--search-bench-child'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
      // Be a polite neighbour on a shared machine.
      try {
        if (child.pid) setPriority(child.pid, 10);
      } catch {
        // not allowed here: run as is
      }
      this.children.push(child);
      this.idle.push(child);
    }
  }

  async run<T>(job: GameJob | TimingJob): Promise<T> {
    const child = this.idle.pop() ?? (await new Promise<ChildProcess>((resolve) => this.waiting.push(resolve)));
    try {
      const reply = await new Promise<Reply>((resolve, reject) => {
        child.once('message', (m) => resolve(m as Reply));
        child.once('exit', (code) => reject(new Error(`bench child exited with ${code}`)));
        child.send(job);
      });
      if (!reply.ok) throw new Error(reply.error);
      return reply.value as T;
    } finally {
      child.removeAllListeners('exit');
      const next = this.waiting.shift();
      if (next) next(child);
      else this.idle.push(child);
    }
  }

  close(): void {
    for (const child of this.children) child.kill();
  }
}

export interface StrengthRow {
  variant: VariantName;
  player: string;
  opponent: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** Score of `player`: wins + half the draws, in percent. */
  scorePercent: number;
  adjudicated: number;
  averagePlies: number;
}

/** Busy middle-game positions (turn texts) of fixed-seed random games. */
function busyPositions(name: VariantName, count: number): string[][] {
  return Array.from({ length: count }, (_, i) => busyGame(name, (name === 'warp-factor' ? 24 : 30) + (i % 4) * 8, 101 + i));
}

export async function searchBench() {
  if (process.argv.includes('--no-search')) return undefined;
  const onlyThis = process.argv.includes('--search-only');
  const skipTiming = process.env.SEARCH_BENCH_TIMING === 'off';
  const workers = Number(process.env.SEARCH_BENCH_WORKERS ?? 2);
  const gamesPerPairing = Math.max(2, Math.round(Number(process.env.SEARCH_BENCH_GAMES ?? 40) / 2) * 2);
  const pool = new Pool(workers);
  const started = Date.now();
  try {
    // Speed: nodes per CPU second with a fixed budget, and CPU per reply at each level.
    const speedJobs: Promise<{ variant: VariantName; nodesPerSecond: number }>[] = [];
    const replyJobs: Promise<{ variant: VariantName; level: Level; ms: ReturnType<typeof stats>; nodes: ReturnType<typeof stats> }>[] = [];
    for (const variant of skipTiming ? [] : selectedVariants()) {
      const positions = busyPositions(variant, 24);
      speedJobs.push(
        pool.run<{ ms: number[]; nodes: number[] }>({ kind: 'timing', variant, level: 5, games: positions.slice(0, 8), nodes: 20_000 }).then((r) => ({
          variant,
          nodesPerSecond: Math.round(r.nodes.reduce((a, b) => a + b, 0) / (r.ms.reduce((a, b) => a + b, 0) / 1000)),
        })),
      );
      for (const level of [1, 2, 3, 4, 5] as const)
        replyJobs.push(
          pool.run<{ ms: number[]; nodes: number[] }>({ kind: 'timing', variant, level, games: positions }).then((r) => ({
            variant,
            level,
            ms: stats(r.ms),
            nodes: stats(r.nodes),
          })),
        );
    }
    const speed = await Promise.all(speedJobs);
    const replies = await Promise.all(replyJobs);

    if (!skipTiming) {
      console.log('\n## Computer player: search speed on busy positions (20 000-node searches)\n');
      console.log('| variant | nodes per CPU second |');
      console.log('|---|---|');
      for (const row of speed) console.log(`| ${row.variant} | ${row.nodesPerSecond} |`);
      console.log('\n## Computer player: CPU milliseconds per reply, 24 busy positions (median / p99; nodes median)\n');
      console.log(`| variant | ${[1, 2, 3, 4, 5].map((l) => `level ${l}`).join(' | ')} |`);
      console.log('|---|---|---|---|---|---|');
      for (const variant of selectedVariants()) {
        const cells = replies.filter((r) => r.variant === variant).map((r) => `${r.ms.median.toFixed(1)} / ${r.ms.p99.toFixed(1)} (${r.nodes.median})`);
        console.log(`| ${variant} | ${cells.join(' | ')} |`);
      }
    }

    // Strength: every pairing from the same openings, each opening once with each colour.
    const gameJobs: Promise<StrengthRow>[] = [];
    for (const variant of selectedVariants())
      for (const [player, opponent] of selectedPairings()) {
        const results: Promise<{ result: GameResult; playerWhite: boolean }>[] = [];
        for (let g = 0; g < gamesPerPairing; g++) {
          const opening = Math.floor(g / 2);
          const playerWhite = g % 2 === 0;
          const job: GameJob = {
            kind: 'game',
            variant,
            white: playerWhite ? player : opponent,
            black: playerWhite ? opponent : player,
            openingPlies: OPENING_PLIES[variant] + (opening % 4),
            seed: 7_000 + opening * 131,
            maxPlies: MAX_PLIES,
          };
          results.push(pool.run<GameResult>(job).then((result) => ({ result, playerWhite })));
        }
        gameJobs.push(
          Promise.all(results).then((games) => {
            let wins = 0;
            let draws = 0;
            let adjudicated = 0;
            let plies = 0;
            for (const { result, playerWhite } of games) {
              if (result.result === '1/2-1/2') draws++;
              else if ((result.result === '1-0') === playerWhite) wins++;
              if (result.reason === 'adjudicated') adjudicated++;
              plies += result.plies;
            }
            const row: StrengthRow = {
              variant,
              player: playerName(player),
              opponent: playerName(opponent),
              games: games.length,
              wins,
              draws,
              losses: games.length - wins - draws,
              scorePercent: Math.round(((wins + draws / 2) / games.length) * 1000) / 10,
              adjudicated,
              averagePlies: Math.round(plies / games.length),
            };
            console.error(`  ${variant} ${row.player} vs ${row.opponent}: ${row.scorePercent}% (+${wins} =${draws} -${row.losses})`);
            return row;
          }),
        );
      }
    const strength = await Promise.all(gameJobs);

    console.log(`\n## Computer player strength (${gamesPerPairing} games per pairing and variant; score % of the first player, +wins =draws -losses)\n`);
    const pairs = selectedPairings().map(([p, o]) => `${playerName(p)} vs ${playerName(o)}`);
    console.log(`| pairing | ${selectedVariants().join(' | ')} |`);
    console.log(
      `|---|${selectedVariants()
        .map(() => '---')
        .join('|')}|`,
    );
    for (const pair of pairs) {
      const cells = selectedVariants().map((v) => {
        const row = strength.find((r) => r.variant === v && `${r.player} vs ${r.opponent}` === pair)!;
        return `${row.scorePercent}% (+${row.wins} =${row.draws} -${row.losses})`;
      });
      console.log(`| ${pair} | ${cells.join(' | ')} |`);
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `\nGames start with ${Object.entries(OPENING_PLIES)
        .map(([v, n]) => `${v} ${n}-${n + 3}`)
        .join(
          ', ',
        )} random plies; a game still going after ${MAX_PLIES} plies is adjudicated: a side ${ADJUDICATE_MARGIN} or more points of material ahead (Q9 R5 B3 N3 P1, board and hand) wins, otherwise a draw. ${seconds} s wall time.`,
    );
    const result = {
      gamesPerPairing,
      maxPlies: MAX_PLIES,
      adjudicateMargin: ADJUDICATE_MARGIN,
      openingPlies: OPENING_PLIES,
      speed,
      replies,
      strength,
      seconds,
    };
    if (onlyThis) {
      const file = 'bench/results.json';
      const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
      // Rows of variants not run this time stay as saved.
      const ran = new Set<string>(selectedVariants());
      const kept = <T extends { variant: string }>(rows: T[], saved: T[] | undefined) => [...(saved ?? []).filter((r) => !ran.has(r.variant)), ...rows];
      const saved = previous.search ?? {};
      const search = {
        ...result,
        speed: kept(speed, saved.speed),
        replies: kept(replies, saved.replies),
        strength: kept(strength, saved.strength),
      };
      writeFileSync(file, JSON.stringify({ ...previous, search: { date: new Date().toISOString(), ...search } }, null, 2) + '\n');
      console.log('\nupdated the search section of bench/results.json');
      pool.close();
      process.exit(0);
    }
    return result;
  } finally {
    pool.close();
  }
}
