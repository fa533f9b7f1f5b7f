// `npm run bench`: prints the numbers and writes bench/results.json.
//   --engine    skips the service part (no wrangler needed)
//   --targets   only the parts with targets (engine comparison, rebuild, PNG, POST /moves)
//   --search-only / --no-search   only / without the computer player's part (bench/search.ts)
//   --pairing   only the Swiss pairing time (also printed first by every run)
//   --scaling   only what docs/scaling.md quotes (bench/scaling.ts -> bench/scaling-results.json)
//   --concurrency[=LABEL]  moves/s with 1, 16, 64 games at once by 8 clients (bench/concurrency.ts ->
//               bench/concurrency-results.json, under LABEL, default "after")
//   --service   only the service under wrangler dev (POST /moves next to the floor route), kept in
//               bench/results.json beside the last run's other parts
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { engineBench } from './engine.ts';
import { engineComparison, type PerftPair } from './engine-compare.ts';
import { PNG_CPU_MS_BEFORE, PNG_CPU_MS_TARGET, pictureBench } from './pictures.ts';
import { bundleSizes } from './bundles.ts';
import { searchBench } from './search.ts';
import { scalingBench } from './scaling.ts';
import { pairingBench } from './pairing.ts';
import { concurrencyBench } from './concurrency.ts';
import { serviceBench } from './service.ts';
import { printRebuildParts, rebuildParts } from './rebuild-parts.ts';
import { printTargets, target, type TargetRow } from './targets.ts';

// The Swiss pairer (issue 30): quick, printed first; `npm run bench -- --pairing` prints only this.
const pairing = pairingBench();
console.log(`\n## Swiss pairing\n`);
console.log(
  `one Swiss round of ${pairing.players} players (round ${pairing.round}, ${pairing.boards} boards), standings included: ${pairing.medianCpuMs.toFixed(1)} ms CPU median, ${pairing.maxCpuMs.toFixed(1)} ms the slowest (budget: 100 ms)`,
);
if (process.argv.includes('--pairing')) process.exit(0);

const concurrencyArg = process.argv.find((a) => a === '--concurrency' || a.startsWith('--concurrency='));
if (concurrencyArg) {
  const label = concurrencyArg.split('=')[1] || 'after';
  const rounds = await concurrencyBench();
  console.log(`\n## Moves per second, games played at once (${label})\n`);
  console.log('| games | clients | moves | failures | seconds | moves/s | p50 ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rounds) console.log(`| ${r.games} | ${r.clients} | ${r.moves} | ${r.failures} | ${r.seconds} | ${r.movesPerSecond} | ${r.p50Ms} |`);
  const file = 'bench/concurrency-results.json';
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  kept[label] = { date: new Date().toISOString(), load: +loadavg()[0]!.toFixed(1), rounds };
  writeFileSync(file, JSON.stringify(kept, null, 2) + '\n');
  console.log(`\nwritten ${file} (${label})`);
  process.exit(0);
}
/** The service table (and its target) of one run. */
function printService(result: Awaited<ReturnType<typeof serviceBench>>, targets: TargetRow[]) {
  console.log(
    `\n## Service under wrangler dev + local D1 (${result.clients} concurrent clients, ${result.games} games, ${result.seconds} s each after ${result.warmUpSeconds} s untimed)\n`,
  );
  console.log('| route | requests/s | p50 ms | p99 ms | failures | p50 vs floor |');
  console.log('|---|---|---|---|---|---|');
  for (const [label, row] of [
    ['GET /api (trivial route: the floor)', result.floor],
    ["GET /api/games/:id (served by the game's object)", result.getGame],
    ['POST /api/games/:id/moves', result.postMove],
  ] as const)
    console.log(`| ${label} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.failures} | ${(row.p50Ms / result.floor.p50Ms).toFixed(2)}x |`);
  target(targets, "POST /moves p50 / floor p50 (the game's object, one D1 directory write)", result.postMove.p50Ms / result.floor.p50Ms, 1.5, 'x', {
    before: 2.44,
  });
}

if (process.argv.includes('--service')) {
  const targets: TargetRow[] = [];
  const loadStart = +loadavg()[0]!.toFixed(1);
  const service = await serviceBench();
  printService(service, targets);
  printTargets(targets);
  const loadAverage = { start: loadStart, end: +loadavg()[0]!.toFixed(1) };
  console.log(
    `\nload average (1 min) on this machine's ${navigator.hardwareConcurrency} cores: ${loadAverage.start} at the start, ${loadAverage.end} at the end`,
  );
  const previous: Record<string, unknown> = existsSync('bench/results.json') ? JSON.parse(readFileSync('bench/results.json', 'utf8')) : {};
  writeFileSync('bench/results.json', JSON.stringify({ ...previous, service, serviceRun: { date: new Date().toISOString(), loadAverage } }, null, 2) + '\n');
  console.log('\nwritten bench/results.json (service)');
  process.exit(0);
}
// `npm run bench -- --scaling` measures only what docs/scaling.md quotes (bench/scaling-results.json).
if (process.argv.includes('--scaling')) {
  const s = await scalingBench();
  console.log(`\n## Scaling (local D1 under wrangler dev)\n`);
  console.log(
    `per game of ${s.perGame.plies} plies: rows ${JSON.stringify(s.perGame.rows)}, ${s.perGame.bytes} bytes (growth of D1's size_after / games); a games row alone ${s.bytesPerGamesRow} bytes`,
  );
  console.log(`moves: ${s.moves} by ${s.clients} clients on ${s.games} games in ${s.seconds} s = ${s.movesPerSecond} moves/s (${s.failures} failures)`);
  console.log(`\nsweep queries with ${s.sweepGames} timed games (1 % overdue):\n`);
  console.log('| query | rows read | rows returned | ms | plan |');
  console.log('|---|---|---|---|---|');
  for (const q of s.sweep) console.log(`| ${q.label} | ${q.rowsRead} | ${q.returned} | ${q.ms} | ${q.plan} |`);
  writeFileSync('bench/scaling-results.json', JSON.stringify({ date: new Date().toISOString(), ...s }, null, 2) + '\n');
  console.log('\nwritten bench/scaling-results.json');
  process.exit(0);
}
const engineOnly = process.argv.includes('--engine');
const targetsOnly = process.argv.includes('--targets');
const targets: TargetRow[] = [];
target(targets, `pair one Swiss round of ${pairing.players} players, median CPU`, pairing.medianCpuMs, 100, 'ms');
/** Median rebuild of a 200-ply game in the last run before issue 18 (bench/results.json of 2026-11-22). */
const REBUILD_MS_BEFORE: Record<string, number> = { 'first-contact': 10.27, 'warp-factor': 8.2, 'curved-space': 8.81, planar: 2.43 };

const fmt = (n: number, digits = 3) => n.toFixed(digits);
/** The machine's 1-minute load average: the figures are read beside it (other jobs share the cores). */
const load = () => +loadavg()[0]!.toFixed(1);
const loadAtStart = load();

const search = targetsOnly ? undefined : await searchBench();

const comparison = engineComparison();
console.log('\n## Engine perft (nodes per CPU second): the last ply counted (bulk) and played\n');
console.log('| engine | position | depth | bulk nodes/s | played nodes/s | bulk vs chessops | played vs chessops | vs chess.js (played) |');
console.log('|---|---|---|---|---|---|---|---|');
const ratio = (a: number, b: number) => `${fmt(a / b, 2)}x`;
const { chessops, chessJs } = comparison;
for (const row of [...comparison.ours, chessops, chessJs] as PerftPair[])
  console.log(
    `| ${row.engine} | ${row.position} | ${row.bulk.depth}/${row.played.depth} | ${row.bulk.nodesPerSecond} | ${row.played.nodesPerSecond} | ${ratio(row.bulk.nodesPerSecond, chessops.bulk.nodesPerSecond)} | ${ratio(row.played.nodesPerSecond, chessops.played.nodesPerSecond)} | ${ratio(row.played.nodesPerSecond, chessJs.played.nodesPerSecond)} |`,
  );
for (const mode of ['bulk', 'played'] as const) {
  const slowest = comparison.ours.reduce((a, b) => (a[mode].nodesPerSecond <= b[mode].nodesPerSecond ? a : b));
  const fastestReference = Math.max(chessops[mode].nodesPerSecond, chessJs[mode].nodesPerSecond);
  target(
    targets,
    `perft ${mode}: our slowest row (${slowest.engine}, ${slowest.position}) / the faster reference`,
    slowest[mode].nodesPerSecond / fastestReference,
    1,
    'x',
    { atLeast: true },
  );
}

const engine = engineBench();
console.log('\n## Engine work per request (milliseconds, median / p99)\n');
console.log(
  '| variant | legal turns | parse+validate+apply+outcome | all legal turns | rebuild 200-ply game (CPU, warm) | first rebuild of the process (cold) |',
);
console.log('|---|---|---|---|---|---|');
for (const row of engine.turns) {
  console.log(
    `| ${row.variant} | ${row.legalTurns} | ${fmt(row.turnMs.median)} / ${fmt(row.turnMs.p99)} | ${fmt(row.legalMovesMs.median)} / ${fmt(row.legalMovesMs.p99)} | ${fmt(row.rebuild200Ms.median)} / ${fmt(row.rebuild200Ms.p99)} | ${fmt(row.rebuild200ColdMs)} |`,
  );
  target(targets, `rebuild a 200-ply ${row.variant} game, median`, row.rebuild200Ms.median, 2, 'ms', { before: REBUILD_MS_BEFORE[row.variant] });
}
const rebuildSplit = rebuildParts();
printRebuildParts(rebuildSplit);

const pictures = await pictureBench();
console.log('\n## Board pictures, busy position, 600 px wide\n');
console.log('| variant | SVG ms (median / p99) | first PNG: SVG + resvg + encoding, CPU ms (median / p99) | before, CPU ms | PNG bytes |');
console.log('|---|---|---|---|---|');
for (const row of pictures.rows) {
  console.log(
    `| ${row.variant} | ${fmt(row.svgMs.median)} / ${fmt(row.svgMs.p99)} | ${fmt(row.pngCpuMs.median, 1)} / ${fmt(row.pngCpuMs.p99, 1)} | ${PNG_CPU_MS_BEFORE[row.variant]} | ${row.pngBytes} |`,
  );
  target(targets, `first PNG at 600 px, ${row.variant}, median CPU`, row.pngCpuMs.median, PNG_CPU_MS_TARGET, 'ms', { before: PNG_CPU_MS_BEFORE[row.variant] });
}
console.log(`\nThe first PNG of an isolate (resvg not yet optimised, every stamp drawn): ${fmt(pictures.isolateFirstCpuMs, 1)} ms CPU`);

let service: Awaited<ReturnType<typeof serviceBench>> | undefined;
let bundles: ReturnType<typeof bundleSizes>['workers'] | undefined;
if (!engineOnly) {
  service = await serviceBench();
  printService(service, targets);
  if (!targetsOnly) {
    const sizes = bundleSizes();
    bundles = sizes.workers;
    console.log(`\n## Worker bundles (wrangler deploy --dry-run --outdir)\n\n${sizes.lines.join('\n')}`);
  }
}

const loadAverage = { start: loadAtStart, end: load() };
printTargets(targets);
console.log(
  `\nload average (1 min) on this machine's ${navigator.hardwareConcurrency} cores: ${loadAverage.start} at the start, ${loadAverage.end} at the end`,
);

// A partial run (--targets, --engine, --no-search) keeps the parts it did not measure from the last results.
const previous: Record<string, unknown> = existsSync('bench/results.json') ? JSON.parse(readFileSync('bench/results.json', 'utf8')) : {};
const measured = { pairing, engine: { comparison, ...engine, rebuildParts: rebuildSplit }, search, pictures, service, bundles };
const kept = Object.keys(measured).filter((k) => measured[k as keyof typeof measured] === undefined && previous[k] !== undefined);
const results = {
  date: new Date().toISOString(),
  node: process.version,
  loadAverage,
  ...Object.fromEntries(Object.entries(measured).map(([k, v]) => [k, v ?? previous[k]])),
  ...(kept.length ? { keptFromEarlierRun: { date: previous.date, parts: kept } } : {}),
  targets,
};
writeFileSync('bench/results.json', JSON.stringify(results, null, 2) + '\n');
console.log('\nwritten bench/results.json');
