// `npm run bench:nps`: the computer player's search speed, nodes per CPU second,
// on fixed positions (the same on every run: fixed-seed random games, and each
// variant's start), in this Node process. `-- --label before` names the run;
// `-- --json FILE` merges the figures into FILE under that label (bench/nps-results.json
// by default); `-- --nodes N` sets each search's budget (default 20 000); `-- --runs N` times
// each variant's searches N times after the untimed pass and keeps the fastest (default 1);
// `-- --workerd` also runs them inside workerd (bench/nps-workerd.ts).
// CPU time, not the clock: other jobs on a shared machine stretch the clock.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chooseMoveInGame } from '../src/engine/search/index.ts';
import type { VariantName } from '../src/engine/types.ts';
import { variantNames } from '../src/engine/variants/index.ts';
import { cpuMs, npsGames } from './engine.ts';
import { measureNpsInWorkerd } from './nps-workerd.ts';

export interface NpsRow {
  variant: VariantName;
  positions: number;
  nodes: number;
  cpuMs: number;
  nodesPerSecond: number;
}

/**
 * Search each position once untimed (compiling), then timed, `runs` times (the fastest run counts:
 * on a shared machine other jobs only ever slow a run); nodes per CPU second over all of them.
 */
export function measureNps(variant: VariantName, budget: number, runs = 1): NpsRow {
  const games = npsGames(variant);
  for (const game of games) chooseMoveInGame(game, { level: 5, nodes: Math.min(budget, 2_000) });
  let nodes = 0;
  let ms = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    nodes = 0;
    const t0 = cpuMs();
    for (const game of games) nodes += chooseMoveInGame(game, { level: 5, nodes: budget })?.nodes ?? 0;
    ms = Math.min(ms, cpuMs() - t0);
  }
  return { variant, positions: games.length, nodes, cpuMs: Math.round(ms), nodesPerSecond: Math.round(nodes / (ms / 1000)) };
}

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

if (process.argv[1]?.includes('nps')) {
  const label = arg('label') ?? 'latest';
  const budget = Number(arg('nodes') ?? 20_000);
  const file = arg('json') ?? 'bench/nps-results.json';
  const load = +loadavg()[0]!.toFixed(1);
  const runs = Number(arg('runs') ?? 1);
  const rows = variantNames().map((v) => measureNps(v, budget, runs));
  console.log(`nodes per CPU second in Node (${budget}-node searches at level 5, 6 fixed positions each, fastest of ${runs} run(s); load ${load}):`);
  console.log('| variant | nodes | CPU ms | nodes/s |\n|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.variant} | ${r.nodes} | ${r.cpuMs} | ${r.nodesPerSecond} |`);
  // `--workerd`: the same searches inside workerd, beside Node's.
  const workerd = process.argv.includes('--workerd') ? await measureNpsInWorkerd(variantNames(), budget, runs) : undefined;
  if (workerd) {
    console.log(`\nthe same inside workerd (Miniflare; timed by the workerd process's ${workerd[0]?.timedBy === 'cpu' ? 'CPU' : 'clock'}):`);
    console.log('| variant | nodes | CPU ms | nodes/s | vs Node |\n|---|---|---|---|---|');
    // The same searches in both runtimes: a node count that differs says they were not.
    for (const [i, r] of workerd.entries())
      console.log(
        `| ${r.variant} | ${r.nodes}${r.nodes === rows[i]!.nodes ? '' : ` (Node: ${rows[i]!.nodes}!)`} | ${r.cpuMs} | ${r.nodesPerSecond} | ${(r.nodesPerSecond / rows[i]!.nodesPerSecond).toFixed(2)}x |`,
      );
  }
  const saved = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  saved[label] = { date: new Date().toISOString(), load, budget, runs, node: rows, ...(workerd ? { workerd } : {}) };
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
  console.log(`written ${file} (${label})`);
}
