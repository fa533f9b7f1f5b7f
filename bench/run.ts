// `npm run bench`: prints the numbers and writes bench/results.json.
import { writeFileSync } from 'node:fs';
import { engineBench } from './engine.ts';
import { pictureBench } from './pictures.ts';
import { bundleSizes } from './bundles.ts';
import { serviceBench } from './service.ts';

// `npm run bench -- --engine` skips the service part (no wrangler needed).
const engineOnly = process.argv.includes('--engine');

const fmt = (n: number, digits = 3) => n.toFixed(digits);

const engine = engineBench();
console.log('\n## Engine perft (nodes/second)\n');
console.log('| variant | position | depth | nodes | seconds | nodes/s | vs chess.js |');
console.log('|---|---|---|---|---|---|---|');
for (const row of engine.perft as { variant: string; position: string; depth: number; nodes: number; seconds: number; nodesPerSecond: number }[])
  console.log(
    `| ${row.variant} | ${row.position} | ${row.depth} | ${row.nodes} | ${fmt(row.seconds)} | ${row.nodesPerSecond} | ${fmt(row.nodesPerSecond / engine.chessJs.nodesPerSecond, 2)}x |`,
  );
console.log(`| chess (chess.js) | standard start | ${engine.chessJs.depth} | ${engine.chessJs.nodes} | ${fmt(engine.chessJs.seconds)} | ${engine.chessJs.nodesPerSecond} | 1.00x |`);

console.log('\n## Engine work per request (milliseconds, median / p99)\n');
console.log('| variant | legal turns | parse+validate+apply+outcome | all legal turns | rebuild 200-ply game |');
console.log('|---|---|---|---|---|');
for (const row of engine.turns as {
  variant: string;
  legalTurns: number;
  turnMs: { median: number; p99: number };
  legalMovesMs: { median: number; p99: number };
  rebuild200Ms: { median: number; p99: number };
}[])
  console.log(
    `| ${row.variant} | ${row.legalTurns} | ${fmt(row.turnMs.median)} / ${fmt(row.turnMs.p99)} | ${fmt(row.legalMovesMs.median)} / ${fmt(row.legalMovesMs.p99)} | ${fmt(row.rebuild200Ms.median)} / ${fmt(row.rebuild200Ms.p99)} |`,
  );

const pictures = await pictureBench();
console.log('\n## Board pictures, busy position, 600 px wide (milliseconds, median / p99)\n');
console.log('| variant | SVG | PNG from the SVG (resvg) | PNG bytes |');
console.log('|---|---|---|---|');
for (const row of pictures) console.log(`| ${row.variant} | ${fmt(row.svgMs.median)} / ${fmt(row.svgMs.p99)} | ${fmt(row.pngMs.median, 1)} / ${fmt(row.pngMs.p99, 1)} | ${row.pngBytes} |`);

let service: Awaited<ReturnType<typeof serviceBench>> | undefined;
let bundles: ReturnType<typeof bundleSizes>['workers'] | undefined;
if (!engineOnly) {
  service = await serviceBench();
  console.log(`\n## Service under wrangler dev + local D1 (${service.clients} concurrent clients, ${service.games} games, ${service.seconds} s each)\n`);
  console.log('| route | requests/s | p50 ms | p99 ms | failures | vs floor |');
  console.log('|---|---|---|---|---|---|');
  for (const [label, row] of [
    ['GET /api (trivial route: the floor)', service.floor],
    ['GET /api/games/:id', service.getGame],
    ['POST /api/games/:id/moves', service.postMove],
  ] as const)
    console.log(`| ${label} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.failures} | ${fmt(row.requestsPerSecond / service.floor.requestsPerSecond, 2)}x |`);
  const sizes = bundleSizes();
  bundles = sizes.workers;
  console.log(`\n## Worker bundles (wrangler deploy --dry-run --outdir)\n\n${sizes.lines.join('\n')}`);
}

const results = { date: new Date().toISOString(), node: process.version, engine, pictures, service, bundles };
writeFileSync('bench/results.json', JSON.stringify(results, null, 2) + '\n');
console.log('\nwritten bench/results.json');
