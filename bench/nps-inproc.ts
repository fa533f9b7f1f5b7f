// In-process comparison of engines (the passes' `inproc-...` entries in bench/nps-results.json):
// `npx tsx bench/nps-inproc.ts --engines name=dir,name=dir,... [--rounds 6] [--nodes 20000] [--label L]`
// bundles each checkout's search (dir/src/engine) into one Node process; the bench's six positions
// of each variant are searched by each engine in turn, `rounds` times, and the fastest of each
// position's runs kept (CPU time). The node counts of all engines must be equal (printed otherwise).
// Each variant is measured in a process of its own: in one process, after the ST3D variants' searches,
// the engine loaded last searched Planar about 0.75x as fast as the same code loaded second.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { busyGame, cpuMs } from './engine.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const engines = (arg('engines') ?? '').split(',').map((s) => {
  const [name, dir] = s.split('=');
  return { name: name!, dir: resolve(dir!) };
});
const rounds = Number(arg('rounds') ?? 6);
const budget = Number(arg('nodes') ?? 20_000);
const variants = (arg('variants') ?? 'first-contact,warp-factor,curved-space,planar').split(',');

interface Engine {
  Game: { replay(v: string, o: unknown, texts: readonly string[]): { ok: boolean; value?: unknown; error?: { message: string } } };
  chooseMoveInGame(game: unknown, options: { level: number; nodes: number }): { nodes: number } | undefined;
}
mkdirSync('.bench', { recursive: true });
const loaded: Engine[] = [];
for (const [i, e] of variants.length > 1 ? [] : engines.entries()) {
  const entry = resolve(`.bench/inproc-entry-${process.pid}-${i}.ts`);
  writeFileSync(entry, `export { Game } from '${e.dir}/src/engine/game.ts';\nexport { chooseMoveInGame } from '${e.dir}/src/engine/search/index.ts';\n`);
  const out = resolve(`.bench/inproc-engine-${process.pid}-${i}.mjs`);
  execFileSync('npx', ['esbuild', entry, '--bundle', '--platform=node', '--format=esm', '--packages=external', `--outfile=${out}`, '--log-level=warning']);
  loaded.push((await import(pathToFileURL(out).href)) as Engine);
}

const rows: Record<string, unknown>[] = [];
if (variants.length > 1) {
  for (const variant of variants) {
    const args = process.argv
      .slice(2)
      .filter((_, i, all) => all[i] !== '--label' && all[i - 1] !== '--label' && all[i] !== '--variants' && all[i - 1] !== '--variants');
    const out = execFileSync('npx', ['tsx', 'bench/nps-inproc.ts', ...args, '--variants', variant], { encoding: 'utf8' });
    const row = JSON.parse(out.trim().split('\n').at(-1)!);
    rows.push(row);
    console.log(JSON.stringify(row));
  }
}
for (const variant of variants.length > 1 ? [] : variants) {
  const texts = [[], busyGame(variant, 8, 100), ...[24, 32, 40, 48].map((p, i) => busyGame(variant, variant === 'warp-factor' ? p - 6 : p, 101 + i))];
  const games = loaded.map((eng) =>
    texts.map((t) => {
      const r = eng.Game.replay(variant, {}, t);
      if (!r.ok) throw new Error(r.error?.message);
      return r.value;
    }),
  );
  for (const [i, eng] of loaded.entries()) for (const g of games[i]!) eng.chooseMoveInGame(g, { level: 5, nodes: 2_000 });
  const best = loaded.map(() => texts.map(() => Number.POSITIVE_INFINITY));
  const nodes = loaded.map(() => texts.map(() => 0));
  for (let round = 0; round < rounds; round++)
    for (let p = 0; p < texts.length; p++)
      for (const [i, eng] of loaded.entries()) {
        const t0 = cpuMs();
        const n = eng.chooseMoveInGame(games[i]![p], { level: 5, nodes: budget })?.nodes ?? 0;
        const ms = cpuMs() - t0;
        best[i]![p] = Math.min(best[i]![p]!, ms);
        nodes[i]![p] = n;
      }
  const total = nodes.map((ns) => ns.reduce((a, b) => a + b, 0));
  const nps = loaded.map((_, i) => Math.round(total[i]! / (best[i]!.reduce((a, b) => a + b, 0) / 1000)));
  const same = nodes.every((ns) => ns.every((n, p) => n === nodes[0]![p]));
  const row: Record<string, unknown> = {
    variant,
    positions: texts.length,
    nodes: total[0],
    nodesPerSecond: Object.fromEntries(engines.map((e, i) => [e.name, nps[i]])),
  };
  if (!same) row.nodeCounts = Object.fromEntries(engines.map((e, i) => [e.name, nodes[i]]));
  const last = nps.length - 1;
  for (let i = 0; i < last; i++) row[`lastOver_${engines[i]!.name}`] = +(nps[last]! / nps[i]!).toFixed(3);
  rows.push(row);
  console.log(JSON.stringify(row));
}
const label = arg('label');
if (label) {
  const file = 'bench/nps-results.json';
  const saved = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  saved[label] = {
    date: new Date().toISOString(),
    load: +loadavg()[0]!.toFixed(1),
    budget,
    rounds,
    node: rows,
    engines: `${engines.map((e) => e.name).join(' / ')}, bundled into one Node process per variant, each position searched by each engine in turn, fastest of ${rounds} rounds kept`,
  };
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`);
}
