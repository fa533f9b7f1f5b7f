// `npm run bench:analysis`: the post-game analysis measured, not tested (docs/benchmarks.md).
//  1. CPU per queue message: a 100-ply game of each variant (the computer at level 1 against
//     itself from a seeded opening) analysed piece by piece by the service's own code
//     (AnalysisService.piece) on in-memory stores, each piece's CPU time (process.cpuUsage).
//  2. End to end under `wrangler dev` (what `npm start` runs, its local queue included): the same
//     games imported, POST …/analysis, GET every 250 ms until done; the wall time from the request
//     to done (the messages are the pieces of 1: the budget is nodes, so the split is the same).
// Writes bench/analysis-results.json. Options: --no-server (only 1), --variant NAME.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Game } from '../src/engine/game.ts';
import { chooseMoveInGame } from '../src/engine/search/index.ts';
import { analysePositions, chooseTurn } from '../src/engine/search/thinking.ts';
import type { VariantName } from '../src/engine/types.ts';
import type { AnalysisPlyRow, AnalysisRow } from '../src/db/schema-analysis.ts';
import { AnalysisService } from '../src/service/analysis.ts';
import { ROOT, startServer } from '../test/e2e/server.ts';
import { matchOpenings } from './match/openings.ts';

const VARIANTS: readonly VariantName[] = ['first-contact', 'warp-factor', 'curved-space', 'planar'];
const PLIES = 100;

/** A game of exactly PLIES plies that has not ended (the first seeded opening that gets there). */
function hundredPlies(variant: VariantName): { texts: string[]; start: string; positions: string[] } {
  for (const [i, opening] of matchOpenings(variant, 40).entries()) {
    const game = Game.create(variant);
    if (!game.ok) throw new Error(game.error.message);
    const g = game.value;
    for (const t of opening) g.play(t);
    while (g.ply < PLIES && !g.outcome()) g.play(chooseMoveInGame(g, { level: 1, seed: 97 * i + g.ply })!.text);
    if (g.ply === PLIES && !g.outcome()) {
      // The position text after each turn, as the moves table keeps it.
      const again = Game.create(variant);
      if (!again.ok) throw new Error(again.error.message);
      const start = again.value.positionText;
      const texts = g.history.map((h) => h.text);
      const positions = texts.map((t) => {
        again.value.play(t);
        return again.value.positionText;
      });
      return { texts, start, positions };
    }
  }
  throw new Error(`${variant}: no opening reached ${PLIES} plies without ending`);
}

function cpuPerPiece(variant: VariantName, game: ReturnType<typeof hundredPlies>) {
  const id = `bench-${variant}`;
  const row = { id, variant, options: '{}', startPosition: game.start, ply: PLIES, status: 'finished', result: '1-0', reason: 'resignation' };
  const moves = game.texts.map((text, i) => ({ ply: i + 1, side: i % 2 ? 'black' : 'white', text, positionAfter: game.positions[i]! }));
  let analysis: AnalysisRow | undefined;
  const plies = new Map<number, AnalysisPlyRow>();
  const asked: number[] = [];
  const store = {
    analysis: async () => analysis,
    plies: async () => [...plies.values()].sort((a, b) => a.ply - b.ply),
    ply: async (_: string, n: number) => plies.get(n),
    start: async (r: AnalysisRow) => ((analysis = r), true),
    savePiece: async (_: string, from: number, rows: readonly AnalysisPlyRow[], changes: Partial<AnalysisRow>) => {
      if (analysis?.evaluated !== from) return false;
      for (const r of rows) plies.set(r.ply, r);
      analysis = { ...analysis, ...changes };
      return true;
    },
  };
  const service = new AnalysisService(
    { game: async () => row as never, moves: async () => moves as never },
    store as never,
    {
      requestAnalysis: async (_: string, from: number) => void asked.push(from),
    },
    { chooseTurn: async (r) => chooseTurn(r), analysePositions: async (r) => analysePositions(r) },
  );
  return (async () => {
    await service.request(id);
    const cpu: number[] = [];
    const positions: number[] = [];
    while (asked.length) {
      const from = asked.shift()!;
      const before = process.cpuUsage();
      await service.piece(id, from);
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
      positions.push((analysis?.evaluated ?? from) - from);
    }
    const sorted = [...cpu].sort((a, b) => a - b);
    const got = (await service.get(id)) as unknown as {
      ok: true;
      value: { white: { accuracy: number }; black: { accuracy: number }; plies: { judgement: string | null }[] };
    };
    return {
      pieces: cpu.length,
      positionsPerPiece: positions,
      cpuMsPerPiece: { median: +sorted[Math.floor(sorted.length / 2)]!.toFixed(0), max: +sorted.at(-1)!.toFixed(0) },
      cpuMsTotal: +cpu.reduce((a, b) => a + b, 0).toFixed(0),
      marked: got.value.plies.filter((p) => p.judgement).length,
      accuracy: { white: got.value.white.accuracy, black: got.value.black.accuracy },
    };
  })();
}

function record(variant: VariantName, texts: readonly string[]): string {
  const words = texts.map((t, i) => (i % 2 ? t : `${i / 2 + 1}. ${t}`));
  return `[Variant "${variant}"]\n[White "Bench"]\n[Black "Mark"]\n[Result "1-0"]\n[Termination "resignation"]\n\n${words.join(' ')} 1-0\n`;
}

async function endToEnd(games: Map<VariantName, ReturnType<typeof hundredPlies>>) {
  const server = await startServer({ stateDir: path.join(ROOT, '.bench', 'analysis-state') });
  const out: Record<string, unknown> = {};
  try {
    for (const [variant, game] of games) {
      const imported = await fetch(`${server.base}/api/games/import`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: record(variant, game.texts),
      });
      if (imported.status !== 201) throw new Error(`${variant}: import ${imported.status} ${await imported.text()}`);
      const { id } = (await imported.json()) as { id: string };
      const started = performance.now();
      const asked = await fetch(`${server.base}/api/games/${id}/analysis`, { method: 'POST' });
      if (asked.status !== 202) throw new Error(`${variant}: POST analysis ${asked.status}`);
      let body: { status: string; evaluated: number; positions: number } = { status: 'queued', evaluated: 0, positions: 0 };
      while (body.status !== 'done') {
        if (performance.now() - started > 600_000) throw new Error(`${variant}: not done in 10 minutes (${body.evaluated}/${body.positions})`);
        await new Promise((r) => setTimeout(r, 250));
        body = (await (await fetch(`${server.base}/api/games/${id}/analysis`)).json()) as typeof body;
      }
      const seconds = +((performance.now() - started) / 1000).toFixed(1);
      out[variant] = { plies: PLIES, positions: body.positions, secondsToDone: seconds };
      console.log(`${variant}: ${PLIES} plies analysed end to end in ${seconds} s`);
    }
  } finally {
    await server.stop();
  }
  return out;
}

async function main() {
  const args = process.argv.slice(2);
  const only = args.includes('--variant') ? args[args.indexOf('--variant') + 1] : undefined;
  const games = new Map<VariantName, ReturnType<typeof hundredPlies>>();
  const cpu: Record<string, unknown> = {};
  for (const variant of VARIANTS.filter((v) => !only || v === only)) {
    const game = hundredPlies(variant);
    games.set(variant, game);
    const r = await cpuPerPiece(variant, game);
    cpu[variant] = r;
    console.log(
      `${variant}: ${r.pieces} pieces for ${PLIES + 1} positions, CPU per piece median ${r.cpuMsPerPiece.median} ms, max ${r.cpuMsPerPiece.max} ms, total ${r.cpuMsTotal} ms; ${r.marked} turns marked`,
    );
  }
  const e2e = args.includes('--no-server') ? undefined : await endToEnd(games);
  const file = path.join(ROOT, 'bench', 'analysis-results.json');
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), cpuPerMessage: cpu, ...(e2e ? { endToEnd: e2e } : {}) }, null, 2)}\n`);
  console.log(`wrote ${path.relative(ROOT, file)}`);
}

void main();
