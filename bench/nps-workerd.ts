// `npm run bench:nps -- --workerd`: the nps bench's searches inside workerd as well (Miniflare,
// the runtime `wrangler dev` and the tests use), bench/nps-worker.ts bundled as a Worker. Each
// pass is one request; it is timed by the CPU the workerd process used (Linux /proc: workerd's
// own clocks stand still while a request computes), else by the clock.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import type { VariantName } from '../src/engine/types.ts';

export interface WorkerdNpsRow {
  variant: VariantName;
  nodes: number;
  cpuMs: number;
  nodesPerSecond: number;
  /** How the pass was timed: the workerd process's CPU, or the clock where /proc is not there. */
  timedBy: 'cpu' | 'clock';
}

const ROOT = path.resolve(import.meta.dirname, '..');
const TICK_MS = 10; // /proc's clock ticks (USER_HZ = 100 on Linux)

/** CPU milliseconds used so far by the workerd processes started under this one; undefined without /proc. */
function workerdCpuMs(): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return undefined;
  }
  const stats = new Map<number, { parent: number; name: string; ticks: number }>();
  for (const pid of entries) {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(pid), { parent: Number(fields[1]), name, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  const under = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; hops++) {
      if (p === process.pid) return true;
      p = stats.get(p)?.parent ?? 0;
    }
    return false;
  };
  let ticks = 0;
  let found = false;
  for (const [pid, s] of stats)
    if (s.name === 'workerd' && under(pid)) {
      ticks += s.ticks;
      found = true;
    }
  return found ? ticks * TICK_MS : undefined;
}

/** The Workers' compatibility date, as wrangler.toml sets it. */
const compatibilityDate = () => /^compatibility_date\s*=\s*"([^"]+)"/m.exec(readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8'))?.[1] ?? '2026-11-01';

/** Each variant's positions searched `runs` times after an untimed pass; the fastest pass counts. */
export async function measureNpsInWorkerd(variants: readonly VariantName[], budget: number, runs: number): Promise<WorkerdNpsRow[]> {
  const bundled = await build({
    entryPoints: [path.join(ROOT, 'bench', 'nps-worker.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'warning',
  });
  // Miniflare 5 takes its options in a new shape; the v4 one (a script and its date) converts.
  const mf = new Miniflare(convertV4MiniflareOptions({ modules: true, script: bundled.outputFiles[0]!.text, compatibilityDate: compatibilityDate() }));
  const pass = async (variant: VariantName, nodes: number): Promise<number> => {
    const res = await mf.dispatchFetch(`http://nps.local/?variant=${variant}&nodes=${nodes}`);
    const body = (await res.json()) as { nodes?: number; error?: string };
    if (!res.ok || body.nodes === undefined) throw new Error(`workerd: ${body.error ?? res.status}`);
    return body.nodes;
  };
  try {
    await mf.ready;
    const rows: WorkerdNpsRow[] = [];
    for (const variant of variants) {
      await pass(variant, Math.min(budget, 2_000)); // compiling, and the positions made
      let best = { nodes: 0, ms: Number.POSITIVE_INFINITY, timedBy: 'clock' as 'cpu' | 'clock' };
      for (let run = 0; run < Math.max(1, runs); run++) {
        const cpu0 = workerdCpuMs();
        const t0 = performance.now();
        const nodes = await pass(variant, budget);
        const cpu1 = workerdCpuMs();
        const timed =
          cpu0 !== undefined && cpu1 !== undefined ? { ms: cpu1 - cpu0, timedBy: 'cpu' as const } : { ms: performance.now() - t0, timedBy: 'clock' as const };
        if (timed.ms < best.ms) best = { nodes, ...timed };
      }
      rows.push({ variant, nodes: best.nodes, cpuMs: Math.round(best.ms), nodesPerSecond: Math.round(best.nodes / (best.ms / 1000)), timedBy: best.timedBy });
    }
    return rows;
  } finally {
    await mf.dispose();
  }
}
