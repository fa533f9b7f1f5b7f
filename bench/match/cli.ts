// `npm run match -- --variant planar --a level=5 --b level=4 [--games 400 | --sprt 0,100,0.05,0.05] [--max-plies 160]
//   [--json FILE] [--resume FILE]`
// Two engine configurations play game pairs: each opening of a fixed seeded set
// twice, colours swapped. Prints the pentanomial counts, Elo with its 95% bounds,
// the SPRT's LLR and verdict; `--json FILE` writes all of it with every game.
// `--resume FILE` takes the pairs of an earlier report of the same match (stopped
// early: the JSON is written after every pair) and plays only the openings it lacks.
// See docs/computer-player.md ("Measuring strength") for the options.
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, setPriority } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { VariantName } from '../../src/engine/types.ts';
import { variantNames } from '../../src/engine/variants/index.ts';
import { MATCH_RULES, matchOpenings } from './openings.ts';
import type { EngineSpec, EngineTally, PairJob, PairResult } from './play.ts';
import { pairBin, pentanomialElo, sprtVerdict, type Pentanomial, type SprtBounds } from './stats.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const OUT = path.join(ROOT, '.bench', 'match');

export interface EngineConfig {
  readonly name: string;
  /** Checkout whose engine plays (default: this one). */
  readonly checkout: string;
  readonly options: Record<string, unknown>;
}

/** "level=5,nodes=20000,engine=../old" -> a configuration; numbers stay numbers. */
export function parseEngine(text: string, fallbackName: string): EngineConfig {
  const options: Record<string, unknown> = {};
  let checkout = ROOT;
  let name = '';
  for (const part of text.split(',').filter(Boolean)) {
    const [key, value = ''] = part.split('=');
    if (!key || value === '') throw new Error(`engine option "${part}" should be key=value`);
    if (key === 'engine') checkout = path.resolve(value);
    else if (key === 'name') name = value;
    else options[key] = Number.isFinite(Number(value)) ? Number(value) : value;
  }
  return { name: name || text || fallbackName, checkout, options };
}

/** Bundle a checkout's Game and search into one module the children import. */
async function engineModule(checkout: string): Promise<string> {
  const outfile = path.join(OUT, `engine-${createHash('sha1').update(checkout).digest('hex').slice(0, 10)}.mjs`);
  await build({
    stdin: {
      // search/tuning.ts, where the checkout has it, takes the tuning options (attack=1) besides the levels'.
      contents: `export { Game } from './src/engine/game.ts';\nexport { chooseMoveInGame } from './src/engine/search/${existsSync(path.join(checkout, 'src/engine/search/tuning.ts')) ? 'tuning' : 'index'}.ts';\n`,
      resolveDir: checkout,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

type Reply = { ok: true; value: PairResult } | { ok: false; error: string };

/** Child processes (not threads): each times its own CPU, and a lower priority is its own. */
function startChildren(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => {
    const child = fork(path.join(OUT, 'play.mjs'), ['--match-child'], { stdio: 'inherit' });
    try {
      if (child.pid) setPriority(child.pid, 19);
    } catch {
      // not allowed: run at the parent's priority
    }
    return child;
  });
}

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const fmtElo = (e: number) => (Number.isFinite(e) ? e.toFixed(1) : e > 0 ? '+inf' : '-inf');

export interface MatchReport {
  variant: VariantName;
  engines: { name: string; checkout: string; options: Record<string, unknown> }[];
  rules: Omit<typeof MATCH_RULES, 'maxPlies'> & { maxPlies: number };
  sprt?: SprtBounds & { llr: number; lower: number; upper: number; verdict: string };
  pairs: number;
  games: number;
  /** Wins, draws, losses of the first engine. */
  wdl: [number, number, number];
  pentanomial: Pentanomial;
  elo: { score: number; elo: number; low: number; high: number };
  perMove: { name: string; cpuMs: number; nodes: number; depth: number }[];
  adjudicated: number;
  averagePlies: number;
  seconds: number;
  load: [number, number];
  results: PairResult[];
}

export async function runMatch(options: {
  variant: VariantName;
  a: EngineConfig;
  b: EngineConfig;
  pairs: number;
  sprt?: SprtBounds;
  concurrency: number;
  /** The ply cap (the variant's in MATCH_RULES unless given). */
  maxPlies?: number;
  /** Pairs an earlier run of the same match played: counted, and their openings not played again. */
  earlier?: readonly PairResult[];
  onPair?: (report: MatchReport) => void;
}): Promise<MatchReport> {
  const rules = { ...MATCH_RULES, maxPlies: options.maxPlies ?? MATCH_RULES.maxPliesOf[options.variant] ?? MATCH_RULES.maxPlies };
  mkdirSync(OUT, { recursive: true });
  const modules = await Promise.all([options.a, options.b].map((e) => engineModule(e.checkout)));
  const specs: [EngineSpec, EngineSpec] = [
    { module: modules[0]!, options: options.a.options },
    { module: modules[1]!, options: options.b.options },
  ];
  const openings = matchOpenings(options.variant, options.pairs);
  const started = Date.now();
  const loadAtStart = loadavg()[0]!;
  const results: PairResult[] = [];
  const penta: Pentanomial = [0, 0, 0, 0, 0];
  const tally: [EngineTally, EngineTally] = [
    { moves: 0, cpuMs: 0, nodes: 0, depth: 0 },
    { moves: 0, cpuMs: 0, nodes: 0, depth: 0 },
  ];
  const record = (pair: PairResult) => {
    results.push(pair);
    penta[pairBin(pair.games[0].firstScore, pair.games[1].firstScore)]++;
    for (const i of [0, 1]) for (const k of ['moves', 'cpuMs', 'nodes', 'depth'] as const) tally[i]![k] += pair.tally[i]![k];
  };
  for (const pair of options.earlier ?? []) if (pair.index < openings.length) record(pair);
  const played = new Set(results.map((r) => r.index));
  const todo = openings.map((_, i) => i).filter((i) => !played.has(i));
  let stop = false;
  const report = (): MatchReport => {
    const games = results.flatMap((r) => r.games);
    const wins = games.filter((g) => g.firstScore === 1).length;
    const draws = games.filter((g) => g.firstScore === 0.5).length;
    const verdict = options.sprt ? { ...options.sprt, ...sprtVerdict(penta, options.sprt) } : undefined;
    return {
      variant: options.variant,
      engines: [options.a, options.b].map(({ name, checkout, options: o }) => ({ name, checkout: path.relative(ROOT, checkout) || '.', options: o })),
      rules,
      ...(verdict ? { sprt: verdict } : {}),
      pairs: results.length,
      games: games.length,
      wdl: [wins, draws, games.length - wins - draws],
      pentanomial: [...penta],
      elo: pentanomialElo(penta),
      perMove: tally.map((t, i) => ({
        name: [options.a, options.b][i]!.name,
        cpuMs: +(t.cpuMs / Math.max(1, t.moves)).toFixed(1),
        nodes: Math.round(t.nodes / Math.max(1, t.moves)),
        depth: +(t.depth / Math.max(1, t.moves)).toFixed(2),
      })),
      adjudicated: games.filter((g) => g.reason === 'adjudicated').length,
      averagePlies: Math.round(games.reduce((s, g) => s + g.plies, 0) / Math.max(1, games.length)),
      seconds: Math.round((Date.now() - started) / 1000),
      load: [+loadAtStart.toFixed(1), +loadavg()[0]!.toFixed(1)],
      results: [...results].sort((x, y) => x.index - y.index),
    };
  };
  const children = startChildren(Math.min(options.concurrency, todo.length));
  let next = 0;
  try {
    await Promise.all(
      children.map(async (child) => {
        while (!stop && next < todo.length) {
          const index = todo[next++]!;
          const job: PairJob = {
            variant: options.variant,
            opening: openings[index]!,
            index,
            seed: 7_000 + index * 131,
            maxPlies: rules.maxPlies,
            engines: specs,
          };
          const reply = await new Promise<Reply>((resolve, reject) => {
            child.once('message', (m) => resolve(m as Reply));
            child.once('exit', (code) => reject(new Error(`match child exited with ${code}`)));
            child.send(job);
          });
          child.removeAllListeners('exit');
          if (!reply.ok) throw new Error(reply.error);
          if (stop) return;
          record(reply.value);
          const now = report();
          options.onPair?.(now);
          if (now.sprt && now.sprt.verdict !== 'continue') stop = true;
        }
      }),
    );
  } finally {
    for (const child of children) child.kill();
  }
  return report();
}

export function describe(r: MatchReport): string {
  const [a, b] = r.engines;
  const lines = [
    `${r.variant}: ${a!.name} vs ${b!.name}, ${r.games} games (${r.pairs} pairs)`,
    `  +${r.wdl[0]} =${r.wdl[1]} -${r.wdl[2]}  score ${(r.elo.score * 100).toFixed(1)}%  pentanomial [${r.pentanomial.join(', ')}]`,
    `  Elo ${fmtElo(r.elo.elo)}, 95% [${fmtElo(r.elo.low)}, ${fmtElo(r.elo.high)}]`,
  ];
  if (r.sprt)
    lines.push(
      `  SPRT elo0 ${r.sprt.elo0} elo1 ${r.sprt.elo1} alpha ${r.sprt.alpha} beta ${r.sprt.beta}: LLR ${r.sprt.llr.toFixed(2)} [${r.sprt.lower.toFixed(2)}, ${r.sprt.upper.toFixed(2)}] ${r.sprt.verdict === 'H1' ? 'H1 accepted' : r.sprt.verdict === 'H0' ? 'H0 accepted' : 'no verdict yet'}`,
    );
  for (const p of r.perMove) lines.push(`  ${p.name}: ${p.cpuMs} CPU ms, ${p.nodes} nodes, depth ${p.depth} per move`);
  lines.push(`  ${r.adjudicated} adjudicated, ${r.averagePlies} plies on average, ${r.seconds} s, load ${r.load[0]} -> ${r.load[1]}`);
  return lines.join('\n');
}

if (process.argv[1]?.endsWith('match.mjs')) {
  const variant = arg('variant') as VariantName;
  if (!variantNames().includes(variant)) throw new Error(`--variant must be one of ${variantNames().join(', ')}`);
  const sprtText = arg('sprt');
  const sprt = sprtText
    ? (([elo0, elo1, alpha = 0.05, beta = 0.05]) => ({ elo0: elo0!, elo1: elo1!, alpha, beta }))(sprtText.split(',').map(Number))
    : undefined;
  const games = Number(arg('games') ?? (sprt ? 2000 : 40));
  const a = parseEngine(arg('a') ?? 'level=5', 'A');
  const b = parseEngine(arg('b') ?? 'level=4', 'B');
  const maxPlies = arg('max-plies') ? Number(arg('max-plies')) : undefined;
  const resume = arg('resume');
  const earlier = resume ? (JSON.parse(readFileSync(resume, 'utf8')) as MatchReport) : undefined;
  if (earlier) {
    // Only the same match may be continued: same variant, engines and ply cap.
    const same =
      earlier.variant === variant &&
      JSON.stringify(earlier.engines.map((e) => e.options)) === JSON.stringify([a.options, b.options]) &&
      earlier.rules.maxPlies === (maxPlies ?? MATCH_RULES.maxPliesOf[variant] ?? MATCH_RULES.maxPlies);
    if (!same) throw new Error(`--resume ${resume} is another match (variant, engines or ply cap differ)`);
  }
  const r = await runMatch({
    variant,
    a,
    b,
    pairs: Math.max(1, Math.ceil(games / 2)),
    ...(sprt ? { sprt } : {}),
    concurrency: Number(arg('concurrency') ?? availableParallelism()),
    ...(maxPlies ? { maxPlies } : {}),
    ...(earlier ? { earlier: earlier.results } : {}),
    onPair: (now) => {
      console.error(
        `  pair ${now.pairs}: [${now.pentanomial.join(',')}] Elo ${fmtElo(now.elo.elo)} [${fmtElo(now.elo.low)}, ${fmtElo(now.elo.high)}]${now.sprt ? ` LLR ${now.sprt.llr.toFixed(2)}` : ''}`,
      );
      // Written after every pair too, so a long match stopped early leaves what it played.
      const file = arg('json');
      if (file) writeFileSync(file, `${JSON.stringify(now, null, 1)}\n`);
    },
  });
  console.log(describe(r));
  const json = arg('json');
  if (json) {
    writeFileSync(json, `${JSON.stringify(r, null, 1)}\n`);
    console.log(`written ${json}`);
  }
  process.exit(0);
}
