// `npm run bench`: prints the numbers and writes bench/results.json.
import { writeFileSync } from 'node:fs';
import { engineBench } from './engine.ts';

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

const results = { date: new Date().toISOString(), node: process.version, engine };
writeFileSync('bench/results.json', JSON.stringify(results, null, 2) + '\n');
console.log('\nwritten bench/results.json');
