// What every browser test does around its own steps: a fresh screenshot folder, wrangler dev
// with a fresh local D1, Debian's Chromium; at the end no page may have reported an error; the
// browser and the server stop however it ended, and a watchdog ends a run that hangs.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT, runE2e, startServer, type Server } from './server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Every wait is bounded. */
export const STEP_MS = 15_000;

export interface BrowserRun {
  readonly server: Server;
  readonly browser: Browser;
  /** What the pages reported (page errors, and what a test adds): the run fails unless empty. */
  readonly errors: string[];
  /** One JSON request to the server under test, as a player when given a token. */
  api(method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * axe-core's violations on the page as it is now, one line each (rule, impact, help, the first
 * nodes). `seriousOnly`: only serious and critical ones. `targetSize`: WCAG 2.2's 24x24 px
 * minimum (tag wcag22aa), off by default in axe 4.x. Pages need `bypassCSP`: axe is injected as
 * a script tag, which our pages' CSP (rightly) refuses.
 */
export async function axeViolations(page: Page, opts: { readonly seriousOnly?: boolean; readonly targetSize?: boolean } = {}): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(
    async ({ seriousOnly, targetSize }) => {
      const run = (
        globalThis as unknown as {
          axe: { run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: unknown }[] }[] }> };
        }
      ).axe;
      const r = await run.run((globalThis as unknown as { document: unknown }).document, {
        resultTypes: ['violations'],
        ...(targetSize ? { rules: { 'target-size': { enabled: true } } } : {}),
      });
      return r.violations
        .filter((v) => !seriousOnly || v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
    },
    { seriousOnly: opts.seriousOnly ?? false, targetSize: opts.targetSize ?? false },
  );
}

/**
 * At 1280x900 and 390x844: no serious or critical axe-core violation, no sideways scroll (names
 * and messages without spaces wrap, the board fits a phone), and a screenshot of each.
 */
export async function checkAtBothSizes(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    const found = await axeViolations(page, { seriousOnly: true });
    assert.deepEqual(found, [], `axe-core on ${name} at ${width}px:\n${found.join('\n')}`);
    const sideways = await page.evaluate(() => {
      const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return d.scrollWidth - d.clientWidth;
    });
    assert.ok(sideways <= 0, `${name} scrolls sideways at ${width}px (${sideways} px)`);
    await page.screenshot({ path: shotPath(`${name}-${width}`), fullPage: true, timeout: STEP_MS });
  }
}

/** The marked targets the chooser lies over (where a click meant for one would press a button instead: tester 13 W1, W3). */
export const coveredTargets = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const d = (globalThis as any).document;
    const chooser = d.getElementById('chooser');
    return [...d.querySelectorAll('#board [data-target]')]
      .filter((t: any) => {
        const r = t.getBoundingClientRect();
        const hit = d.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit && chooser?.contains(hit);
      })
      .map((t: any) => t.getAttribute('data-cell') ?? t.getAttribute('data-pin'));
  });

export function log(text: string): void {
  process.stdout.write(`  ${text}\n`);
}

let artifacts = '';
let shot = 0;
/** The next numbered screenshot file of this run: `NN-name.png`. */
export function shotPath(name: string): string {
  shot += 1;
  return path.join(artifacts, `${String(shot).padStart(2, '0')}-${name}.png`);
}

export function runInBrowser(
  label: string,
  opts: { readonly totalMs: number; readonly artifacts: string; readonly stateDir?: string; readonly vars?: Record<string, string> },
  steps: (run: BrowserRun) => Promise<void>,
): void {
  let server: Server | undefined;
  let browser: Browser | undefined;
  const main = async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH`);
    artifacts = opts.artifacts;
    rmSync(artifacts, { recursive: true, force: true });
    mkdirSync(artifacts, { recursive: true });
    const errors: string[] = [];
    try {
      log('starting wrangler dev with a fresh local D1 ...');
      server = await startServer({ ...(opts.stateDir ? { stateDir: opts.stateDir } : {}), ...(opts.vars ? { vars: opts.vars } : {}) });
      log(`serving on ${server.base}`);
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
        timeout: 60_000,
      });
      const base = server.base;
      const api = async (method: string, url: string, body?: unknown, token?: string) => {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: res.status, body: await res.json() };
      };
      await steps({ server, browser, errors, api });
      assert.deepEqual(errors, [], `the pages reported errors:\n${errors.join('\n')}`);
      log(`screenshots in ${path.relative(ROOT, artifacts)}/`);
    } finally {
      await browser?.close().catch(() => {});
      await server?.stop();
    }
  };
  runE2e(label, opts.totalMs, main, () => Promise.allSettled([browser?.close(), server?.stop()]));
}
