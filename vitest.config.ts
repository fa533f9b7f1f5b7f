import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { parse as parseToml } from 'smol-toml';
import { defineConfig } from 'vitest/config';
import { buildBundle, WORKERS } from './scripts/bundles.ts';

const root = import.meta.dirname;

/** The picture Worker as it deploys (wrangler's bundle), run beside the Worker under test as an
 * auxiliary Worker: its PICTURES service binding reaches it by name. Built once per run into a
 * fresh folder, so two runs at once do not trip over each other. */
function pictureWorker() {
  const worker = WORKERS.find((w) => w.name === 'subspace-pictures')!;
  const bundle = buildBundle(root, worker, mkdtempSync(path.join(os.tmpdir(), 'subspace-pictures-')));
  const config = parseToml(readFileSync(path.join(root, worker.config), 'utf8')) as { compatibility_date: string; compatibility_flags?: string[] };
  // The entry module first; miniflare takes the first one as the main module.
  const modules = [...bundle.modules].sort((a, b) => Number(b.file === 'index.js') - Number(a.file === 'index.js'));
  return {
    name: worker.name,
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags ?? [],
    modulesRoot: bundle.outdir,
    modules: modules.map((m) => ({ type: m.type, path: path.join(bundle.outdir, m.file) })),
  };
}

export default defineConfig(async () => {
  // The game page's script, bundled from src/browser/ (the Worker under test imports it as text).
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build-browser.mjs')], { stdio: 'inherit' });
  // The same SQL wrangler applies, fed to each test file's fresh local D1 (test/service/setup.ts).
  const migrations = await readD1Migrations(path.join(root, 'migrations'));
  // A VAPID key pair for this run (Web Push), as npm start makes one.
  const vapid = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const vapidPublic = Buffer.from(await crypto.subtle.exportKey('raw', vapid.publicKey)).toString('base64url');
  const vapidPrivate = ((await crypto.subtle.exportKey('jwk', vapid.privateKey)) as JsonWebKey).d!;
  // CI is a busy 2-core machine: a test that takes 1 s alone can take 10 s there. Time limits
  // catch hangs, not slowness (benchmarks measure speed), so they are generous: about four times
  // what the slowest case took under a load of 13 on two cores.
  const budget = { testTimeout: 120_000, hookTimeout: 240_000 };
  return {
    test: {
      projects: [
        {
          test: {
            name: 'engine',
            include: ['test/engine/**/*.test.ts', 'test/render/**/*.test.ts', 'test/league/**/*.test.ts'],
            environment: 'node',
            ...budget,
          },
        },
        {
          // The deploy script and the bundles, in Node with a stand-in wrangler (test/deploy/).
          test: {
            name: 'deploy',
            include: ['test/deploy/**/*.test.ts'],
            environment: 'node',
            ...budget,
          },
        },
        {
          // The command-line scripts, run as a user runs them (npm start, the engine CLI, the soak).
          test: {
            name: 'scripts',
            include: ['test/scripts/**/*.test.ts'],
            environment: 'node',
            ...budget,
          },
        },
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: './wrangler.toml' },
              // Tests answer DNS themselves where they need it (notify-webhooks.test.ts); no real lookups.
              // A game that ends is analysed only where a test turns it on (analysis.test.ts): elsewhere
              // the local queue would run analyses in the background of unrelated tests.
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  WEBHOOK_DNS: 'off',
                  STREAM_KEEPALIVE_MS: '300',
                  AUTO_ANALYSIS: 'off',
                  VAPID_PUBLIC_KEY: vapidPublic,
                  VAPID_PRIVATE_KEY: vapidPrivate,
                  VAPID_SUBJECT: 'mailto:push-admin@subspace.example',
                },
                workers: [pictureWorker()],
              },
            }),
          ],
          test: {
            name: 'service',
            include: ['test/service/**/*.test.ts'],
            setupFiles: ['test/service/setup.ts'],
            ...budget,
            // One JSON line per request (src/worker/request-log.ts) would drown the output.
            onConsoleLog: (log: string) => !log.startsWith('{"event":"request"'),
          },
        },
      ],
    },
  };
});
