// `npm run ladder -- [--variants planar,warp-factor] [--steps 2,3,4,5,6] [--sprt 0,100,0.05,0.05 | --sprt off]
//   [--games 400] [--concurrency 1] [--json bench/ladder-results.json] [--docs docs/benchmarks.md]
//   [--import match1.json,match2.json]`
// The level ladder (issue 34): each level against the one below, per variant, with the
// match runner (runMatch: seeded openings played twice with colours swapped,
// pentanomial Elo with 95% bounds). A step is level N against level N-1; `--steps`
// lists the N (default 2-5). By default each step runs an SPRT (elo0 0, elo1 100,
// alpha = beta = 0.05: a big step ends early) capped at `--games`; `--sprt off` plays all
// `--games` (the bounds of a step the SPRT ended early, narrowed). Results merge into
// the JSON file by variant and step, so steps can be run one at a time on a busy
// machine; the table of everything in the file is then written into the docs between
// the ladder markers, and printed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { VariantName } from '../../src/engine/types.ts';
import { variantNames } from '../../src/engine/variants/index.ts';
import { describe, parseEngine, runMatch, type MatchReport } from './cli.ts';

export interface LadderRow {
  variant: VariantName;
  /** The upper level of the step (it plays `level - 1`). */
  level: number;
  games: number;
  wdl: [number, number, number];
  elo: MatchReport['elo'];
  sprt?: { elo0: number; elo1: number; alpha: number; beta: number; llr: number; verdict: string };
  perMove: MatchReport['perMove'];
  date: string;
  load: [number, number];
  /** The ply cap its games were adjudicated at (160 where absent). */
  maxPlies?: number;
}

const fmt = (e: number) => (Number.isFinite(e) ? `${e >= 0 ? '+' : ''}${Math.round(e)}` : e > 0 ? '+inf' : '-inf');

/** An infinite Elo comes back from the JSON file as null: a sweep, won or lost as the score says. */
const readElo = (e: number | null, score: number) => e ?? (score >= 0.5 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY);

/** One table cell: Elo [low, high], games, and the SPRT's verdict when there was one. */
export function ladderCell(stored: LadderRow | undefined): string {
  if (!stored) return 'not run';
  const { score } = stored.elo;
  const row = { ...stored, elo: { score, elo: readElo(stored.elo.elo, score), low: readElo(stored.elo.low, score), high: readElo(stored.elo.high, score) } };
  const verdict = row.sprt ? (row.sprt.verdict === 'H1' ? ', SPRT H1' : row.sprt.verdict === 'H0' ? ', SPRT H0' : ', no SPRT verdict') : '';
  const cap = row.maxPlies && row.maxPlies !== 160 ? `, ${row.maxPlies}-ply cap` : '';
  return `${fmt(row.elo.elo)} [${fmt(row.elo.low)}, ${fmt(row.elo.high)}], ${row.games} games${verdict}${cap}`;
}

/** The ladder table in markdown: a row per step, a column per variant. */
export function ladderTable(rows: readonly LadderRow[]): string {
  const variants = variantNames();
  const levels = [...new Set(rows.map((r) => r.level))].sort((a, b) => a - b);
  const lines = [`| step | ${variants.join(' | ')} |`, `|---|${variants.map(() => '---|').join('')}`];
  for (const level of levels)
    lines.push(`| level ${level} vs ${level - 1} | ${variants.map((v) => ladderCell(rows.find((r) => r.variant === v && r.level === level))).join(' | ')} |`);
  return lines.join('\n');
}

const START = '<!-- ladder: written by npm run ladder -->';
const END = '<!-- /ladder -->';

/** Replace the text between the ladder markers (appended at the end when absent). */
export function withLadder(doc: string, table: string): string {
  const block = `${START}\n${table}\n${END}`;
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) return `${doc.trimEnd()}\n\n${block}\n`;
  return doc.slice(0, from) + block + doc.slice(to + END.length);
}

/** A match report of level `level` against the level below as a ladder row. */
function ladderRow(r: MatchReport, level: number, date = new Date().toISOString()): LadderRow {
  return {
    variant: r.variant,
    level,
    games: r.games,
    wdl: r.wdl,
    elo: r.elo,
    ...(r.sprt
      ? { sprt: { elo0: r.sprt.elo0, elo1: r.sprt.elo1, alpha: r.sprt.alpha, beta: r.sprt.beta, llr: +r.sprt.llr.toFixed(3), verdict: r.sprt.verdict } }
      : {}),
    perMove: r.perMove,
    date,
    load: r.load,
    maxPlies: r.rules?.maxPlies ?? 160,
  };
}

/** A match report of some level against the level below (`--a level=N --b level=N-1`) as a ladder row. */
export function rowFromMatch(report: MatchReport, date?: string): LadderRow {
  const [a, b] = report.engines.map((e) => Number(e.options.level));
  if (!a || b !== a - 1) throw new Error(`${report.variant}: not a ladder step (levels ${a} and ${b})`);
  return ladderRow(report, a, date);
}

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

if (process.argv[1]?.endsWith('ladder.mjs')) {
  const variants = (arg('variants')?.split(',') ?? variantNames()) as VariantName[];
  for (const v of variants) if (!variantNames().includes(v)) throw new Error(`unknown variant ${v}`);
  const steps = (arg('steps') ?? '2,3,4,5').split(',').map(Number);
  const sprtText = arg('sprt') ?? '0,100,0.05,0.05';
  const [elo0 = 0, elo1 = 100, alpha = 0.05, beta = 0.05] = sprtText === 'off' ? [] : sprtText.split(',').map(Number);
  const games = Number(arg('games') ?? 400);
  const file = arg('json') ?? 'bench/ladder-results.json';
  const docs = arg('docs') ?? 'docs/benchmarks.md';
  let rows: LadderRow[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  // `--import a.json,b.json`: rows from `npm run match -- --a level=N --b level=N-1 --json …` reports
  // (a long step run on its own, or stopped early), instead of running anything.
  const imports = arg('import')?.split(',') ?? [];
  for (const report of imports.map((f) => JSON.parse(readFileSync(f, 'utf8')) as MatchReport)) {
    const imported = rowFromMatch(report);
    rows = [...rows.filter((x) => x.variant !== imported.variant || x.level !== imported.level), imported];
  }
  if (imports.length) writeFileSync(file, `${JSON.stringify(rows, null, 1)}\n`);
  for (const variant of imports.length ? [] : variants)
    for (const level of steps) {
      const r = await runMatch({
        variant,
        a: parseEngine(`level=${level}`, `level ${level}`),
        b: parseEngine(`level=${level - 1}`, `level ${level - 1}`),
        pairs: Math.max(1, Math.ceil(games / 2)),
        ...(sprtText === 'off' ? {} : { sprt: { elo0, elo1, alpha, beta } }),
        concurrency: Number(arg('concurrency') ?? 1),
      });
      console.log(describe(r));
      rows = [...rows.filter((x) => x.variant !== variant || x.level !== level), ladderRow(r, level)];
      writeFileSync(file, `${JSON.stringify(rows, null, 1)}\n`);
    }
  const table = ladderTable(rows);
  console.log(table);
  writeFileSync(docs, withLadder(readFileSync(docs, 'utf8'), table));
  console.log(`written ${file} and ${docs}`);
  process.exit(0);
}
