// The two Workers as wrangler would upload them: `wrangler deploy --dry-run --outdir`
// builds each bundle, and its modules (no source maps) are measured raw and gzipped.
// Used by `npm run deploy -- --dry-run`, the benchmark, CI and the workerd tests
// (which load the picture Worker from its built bundle as an auxiliary Worker).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WorkerConfig {
  readonly name: string;
  readonly config: string;
  /** Largest gzipped bundle we accept, in KiB (the main Worker must start fast). */
  readonly maxGzipKiB?: number;
}

/** The main Worker first: it is the one `wrangler dev -c a -c b` serves. */
export const WORKERS: readonly WorkerConfig[] = [
  { name: 'subspace', config: 'wrangler.toml', maxGzipKiB: 200 },
  { name: 'subspace-pictures', config: 'wrangler.pictures.toml' },
];

export type ModuleType = 'ESModule' | 'CompiledWasm' | 'Data';

export interface BundleModule {
  readonly file: string;
  readonly type: ModuleType;
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface Bundle {
  readonly worker: WorkerConfig;
  readonly outdir: string;
  readonly modules: readonly BundleModule[];
  readonly rawBytes: number;
  readonly gzipBytes: number;
}

const MODULE_TYPES: Record<string, ModuleType> = { '.js': 'ESModule', '.mjs': 'ESModule', '.wasm': 'CompiledWasm', '.ttf': 'Data', '.bin': 'Data' };

/** Quiet and offline: no telemetry, no Request.cf download. */
export const OFFLINE_ENV = { WRANGLER_SEND_METRICS: 'false', WRANGLER_SEND_ERROR_REPORTS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

/** Builds one Worker into `outdir` (emptied first); throws with wrangler's output if the build fails. */
export function buildBundle(root: string, worker: WorkerConfig, outdir: string, wrangler = 'wrangler'): Bundle {
  rmSync(outdir, { recursive: true, force: true });
  const built = spawnSync(wrangler, ['deploy', '--dry-run', '--config', worker.config, '--outdir', outdir], {
    cwd: root,
    env: { ...process.env, ...OFFLINE_ENV },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`wrangler deploy --dry-run --config ${worker.config} failed:\n${built.stdout}\n${built.stderr ?? built.error}`);
  const modules: BundleModule[] = [];
  for (const file of readdirSync(outdir).sort()) {
    const type = MODULE_TYPES[path.extname(file)];
    if (!type) continue; // README.md, *.map: not uploaded as modules
    const bytes = readFileSync(path.join(outdir, file));
    modules.push({ file, type, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length });
  }
  const sum = (k: 'bytes' | 'gzipBytes') => modules.reduce((n, m) => n + m[k], 0);
  return { worker, outdir, modules, rawBytes: sum('bytes'), gzipBytes: sum('gzipBytes') };
}

/** Builds every Worker under `outRoot/<name>`. */
export function buildBundles(root: string, outRoot: string, wrangler = 'wrangler'): Bundle[] {
  return WORKERS.map((w) => buildBundle(root, w, path.join(outRoot, w.name), wrangler));
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** One line per Worker, and whether each is within its limit. */
export function describeBundles(bundles: readonly Bundle[]): { lines: string[]; tooLarge: Bundle[] } {
  const tooLarge = bundles.filter((b) => b.worker.maxGzipKiB !== undefined && b.gzipBytes > b.worker.maxGzipKiB * 1024);
  const lines = bundles.map((b) => {
    const limit = b.worker.maxGzipKiB === undefined ? '' : ` (limit ${b.worker.maxGzipKiB} KiB${tooLarge.includes(b) ? ': TOO LARGE' : ''})`;
    const wasm = b.modules.some((m) => m.type === 'CompiledWasm') ? ', with WebAssembly' : ', no WebAssembly';
    return `${b.worker.name.padEnd(18)} ${kib(b.gzipBytes).padStart(10)} gzipped, ${kib(b.rawBytes).padStart(10)} raw, ${b.modules.length} module(s)${wasm}${limit}`;
  });
  return { lines, tooLarge };
}
