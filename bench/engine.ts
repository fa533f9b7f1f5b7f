// Engine benchmarks: the cost of one turn in a busy position, and rebuilding a long game
// (perft speed and the reference engines: engine-compare.ts).
import { Game } from '../src/engine/game.ts';
import type { VariantName } from '../src/engine/types.ts';
import { getVariant, variantNames } from '../src/engine/variants/index.ts';
// The same seeded PRNG as the tests, so the "busy" positions are the same on every run.
import { prng } from '../test/engine/helpers.ts';

/** Turn texts of a fixed-seed random game that is still going after `plies` (retrying seeds). */
export function busyGame(name: string, plies: number, seed = 1): string[] {
  for (let attempt = 0; attempt < 50; attempt++) {
    const random = prng(seed + attempt * 7919);
    const game = Game.create(name);
    if (!game.ok) throw new Error(game.error.message);
    const g = game.value;
    const texts: string[] = [];
    while (texts.length < plies && !g.outcome()) {
      const legal = g.legalTexts();
      const text = legal[Math.floor(random() * legal.length)]!;
      g.play(text);
      texts.push(text);
    }
    if (texts.length === plies && !g.outcome()) return texts;
  }
  throw new Error(`no ${name} game lasted ${plies} plies`);
}

/** The nps bench's fixed positions of a variant (its start and five of fixed-seed random games), as games to search from. */
export function npsGames(variant: VariantName): Game[] {
  const busy = [24, 32, 40, 48].map((plies, i) => busyGame(variant, variant === 'warp-factor' ? plies - 6 : plies, 101 + i));
  return [[], busyGame(variant, 8, 100), ...busy].map((texts) => {
    const replayed = Game.replay(variant, {}, texts);
    if (!replayed.ok) throw new Error(replayed.error.message);
    return replayed.value;
  });
}

/**
 * Milliseconds of CPU this process has used: perft and rebuilds are timed by it, since a busy
 * machine stretches the clock (the work runs on one thread, so CPU time is its own time).
 */
export const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

export type Stats = { median: number; p99: number; n: number };

export const stats = (samples: number[]): Stats => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p99: at(0.99), n: sorted.length };
};

/**
 * Perft at increasing depth until one run takes at least `minMs` (short runs
 * measure start-up, not speed), unless the next depth would exceed `budgetMs`.
 */
export function timedPerft(run: (depth: number) => number, minMs: number, budgetMs: number, maxDepth = 8) {
  let result = { depth: 0, nodes: 0, seconds: 0 };
  for (let depth = 1; depth <= maxDepth; depth++) {
    const started = cpuMs();
    const nodes = run(depth);
    const seconds = (cpuMs() - started) / 1000;
    result = { depth, nodes, seconds };
    const branching = Math.max(2, nodes ** (1 / depth));
    if (seconds * 1000 >= minMs || seconds * 1000 * branching > budgetMs) break;
  }
  return { ...result, nodesPerSecond: Math.round(result.nodes / Math.max(result.seconds, 1e-9)) };
}

export function engineBench() {
  const turns: { variant: string; legalTurns: number; turnMs: Stats; legalMovesMs: Stats; rebuild200Ms: Stats; rebuild200ColdMs: number }[] = [];
  // The first rebuilds of a process run unoptimised code (the ST3D variants share it, so the first
  // variant timed paid for all three): each variant's cold first rebuild is kept apart, then every
  // variant is warmed up before any is timed, as the reference engines are before perft.
  const long = new Map(variantNames().map((name) => [name, busyGame(name, 200, 3)]));
  const cold = new Map<string, number>();
  for (let round = 0; round < 5; round++)
    for (const [name, texts] of long) {
      const t0 = cpuMs();
      if (!Game.replay(name, {}, texts).ok) throw new Error(`cannot replay the 200-ply ${name} game`);
      if (round === 0) cold.set(name, cpuMs() - t0);
    }
  for (const name of variantNames()) {
    const variant = getVariant(name)!;
    const busyPlies = name === 'warp-factor' ? 30 : 40;
    const middle = Game.replay(name, {}, busyGame(name, busyPlies));
    if (!middle.ok) throw new Error(`cannot set up ${name}`);

    // One request's engine work in a busy position: parse + validate + apply + outcome.
    const pos = middle.value.position;
    const legal = middle.value.legalTexts();
    const samples: number[] = [];
    const generateSamples: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const text = legal[i % legal.length]!;
      const t0 = performance.now();
      const parsed = variant.parseMove(pos, text);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const next = variant.play(pos, parsed.value);
      variant.outcome(next);
      variant.isCheck(next);
      samples.push(performance.now() - t0);
      const t1 = performance.now();
      variant.legalMoves(pos);
      generateSamples.push(performance.now() - t1);
    }
    const rebuild: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = cpuMs();
      const replayed = Game.replay(name, {}, long.get(name)!);
      if (!replayed.ok) throw new Error(replayed.error.message);
      rebuild.push(cpuMs() - t0);
    }
    turns.push({
      variant: name,
      legalTurns: legal.length,
      turnMs: stats(samples),
      legalMovesMs: stats(generateSamples),
      rebuild200Ms: stats(rebuild),
      rebuild200ColdMs: cold.get(name)!,
    });
  }
  return { turns };
}
