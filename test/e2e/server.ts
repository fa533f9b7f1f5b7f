// Shared by the e2e test and the service benchmark.
// Start `wrangler dev` on a free local port with a fresh local D1 (migrations
// applied first), offline; stop it (its whole process group) when done.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKERS } from '../../scripts/bundles.ts';

/** The repository: the nearest folder above this file (or its bundle) with wrangler.toml. */
export const ROOT = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'wrangler.toml')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();
export const WRANGLER = path.join(ROOT, 'node_modules', '.bin', 'wrangler');
export const ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  CI: 'true',
};

/** Both Workers in one `wrangler dev`: the main one (serves the port), then the picture Worker. */
export const DEV_CONFIGS = WORKERS.flatMap((w) => ['-c', w.config]);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface Server {
  readonly base: string;
  readonly log: () => string;
  stop(): Promise<void>;
}

/** Empties `stateDir` and applies the migrations to the local D1 kept there. */
export function freshLocalD1(stateDir: string) {
  rmSync(stateDir, { recursive: true, force: true });
  const migrate = spawnSync(WRANGLER, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir], {
    cwd: ROOT,
    env: ENV,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (migrate.status !== 0) throw new Error(`applying migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);
}

export async function startServer(opts: { stateDir?: string; timeoutMs?: number; vars?: Record<string, string> } = {}): Promise<Server> {
  const stateDir = opts.stateDir ?? path.join(ROOT, '.wrangler', 'e2e-state');
  freshLocalD1(stateDir);
  // E2E_PORT pins the port (several checkouts on one machine keep to their own); otherwise any free one.
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(
    WRANGLER,
    [
      'dev',
      ...DEV_CONFIGS,
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      stateDir,
      '--log-level',
      'warn',
      ...Object.entries(opts.vars ?? {}).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
    ],
    {
      cwd: ROOT,
      env: ENV,
      detached: true, // its own process group, so stop() ends workerd too
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = async () => {
    if (exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    for (let i = 0; i < 50 && !exited; i++) await new Promise((r) => setTimeout(r, 100));
    if (!exited)
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (exited) throw new Error(`wrangler dev exited:\n${output}`);
    try {
      const res = await fetch(`${base}/api`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return { base, log: () => output, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`wrangler dev did not answer on ${base} within the time limit:\n${output}`);
}

/** Run an e2e script's main with a watchdog: stop the browser and server and fail if it takes longer than totalMs. */
export function runE2e(label: string, totalMs: number, main: () => Promise<void>, cleanup: () => Promise<unknown>): void {
  const watchdog = setTimeout(() => {
    process.stderr.write(`${label}: gave up after ${totalMs / 1000} s\n`);
    void cleanup().then(() => process.exit(1));
  }, totalMs);
  main().then(
    () => {
      clearTimeout(watchdog);
      process.stdout.write(`${label}: passed\n`);
    },
    (e: unknown) => {
      clearTimeout(watchdog);
      process.stderr.write(`${label}: FAILED: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
