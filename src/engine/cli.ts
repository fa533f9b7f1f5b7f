// The engine's command line: `npm run -s engine -- <command>`.
//   perft --variant <name> [--options '<json>'] [--position "<text>" | --moves "<turn> ..."] --depth N [--divide]
//   legal   (JSON lines on stdin -> JSON lines on stdout, each answer written as its line is read)
//   bestmove (JSON lines on stdin -> the computer's turn per line, written as each line is read)
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Game } from './game.ts';
import { answerBestmove } from './bestmove-request.ts';
import { answerLegal } from './legal-request.ts';
import { divide, perft } from './perft.ts';
import { VARIANT_NAMES } from './types.ts';

const USAGE = `usage:
  engine perft --variant <${VARIANT_NAMES.join('|')}> [--options '<json>'] [--position "<text>" | --moves "<turn> <turn> ..."] --depth N [--divide]
  engine legal    reads {"variant", "options"?, "moves"?, "position"?} JSON lines on stdin,
                  writes {"legal": [...], "status": "...", "position": "..."} or {"error": "..."} per line
  engine bestmove reads {"variant", "options"?, "moves"?, "position"?, "level"?: 1-6, "nodes"?, "seed"?} JSON lines,
                  writes {"move", "score", "mate"?, "depth", "nodes"} ({"move": null, ...} when over) or {"error"} per line`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function parseOptionsJson(text: string | undefined): unknown {
  if (text === undefined) return {};
  try {
    return JSON.parse(text);
  } catch {
    return fail(`--options is not valid JSON: ${text}`);
  }
}

function runPerft(args: string[]): void {
  const { values } = parseArgs({
    args,
    options: {
      variant: { type: 'string' },
      options: { type: 'string' },
      position: { type: 'string' },
      moves: { type: 'string' },
      depth: { type: 'string' },
      divide: { type: 'boolean', default: false },
    },
  });
  if (!values.variant) fail(`--variant is required\n${USAGE}`);
  const depth = Number(values.depth ?? '');
  if (!Number.isInteger(depth) || depth < 0) fail('--depth must be a whole number >= 0');
  const moves = values.moves?.trim() ? values.moves.trim().split(/\s+/) : [];
  const game = Game.replay(values.variant, parseOptionsJson(values.options), moves, values.position);
  if (!game.ok) fail(game.error.message);
  const { variant, position } = game.value;
  if (values.divide) {
    const started = performance.now();
    let total = 0;
    for (const { move, nodes } of divide(variant, position, Math.max(depth, 1))) {
      total += nodes;
      process.stdout.write(`${move} ${nodes}\n`);
    }
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`\ntotal ${total}  ${Math.round(total / Math.max(seconds, 1e-9))} nodes/s\n`);
    return;
  }
  for (let d = 1; d <= depth; d++) {
    const started = performance.now();
    const nodes = perft(variant, position, d);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`depth ${d}  nodes ${nodes}  ${seconds.toFixed(3)} s  ${Math.round(nodes / Math.max(seconds, 1e-9))} nodes/s\n`);
  }
}

/** Answers each line as soon as it is read: a caller (a bot) may wait for the reply before sending more. */
async function answerEachLine(answer: (line: string) => unknown): Promise<void> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    if (!process.stdout.write(JSON.stringify(answer(line)) + '\n')) await once(process.stdout, 'drain');
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'perft') runPerft(rest);
else if (command === 'legal') await answerEachLine(answerLegal);
else if (command === 'bestmove') await answerEachLine(answerBestmove);
else if (command === 'help' || command === '--help' || command === undefined) process.stdout.write(`${USAGE}\n`);
else fail(`unknown command "${command}"\n${USAGE}`);
