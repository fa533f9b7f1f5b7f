// The screenshots of docs/pages.md: each variant's game page, as a player in the middle of a
// game, at 1280x900 and at 390x844 (a phone), plus the home page and /me. Starts wrangler dev on
// a fresh local D1, plays a few turns by the API, shoots the window (what a player sees on
// opening the page) into docs/screenshots/. Run with `npm run screenshots`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, startServer } from '../test/e2e/server.ts';

const OUT = path.join(ROOT, 'docs', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Per variant: options and the turns played before the shot (Black to move, so the board shows both sides' play). */
const GAMES = [
  { variant: 'first-contact', options: {}, turns: ['@Wa4u', '@Bd4d', '@Wd1u'] },
  { variant: 'warp-factor', options: {}, turns: ['Wb2-Wb3', 'Bb3-Bb2', 'Wc2-Wc3'] },
  { variant: 'curved-space', options: { platforms: 4 }, turns: ['1@Wa1u', '2@Bd4u', '3@Wd1u'] },
  { variant: 'planar', options: {}, turns: ['K@Ab1', 'K@Dc4=XY', 'R@Ab2=XZ'] },
] as const;

const SIZES = [
  { name: '1280', viewport: { width: 1280, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
] as const;

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer({ stateDir: path.join(ROOT, '.wrangler', 'screenshots-state') });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const api = async (method: string, url: string, body?: unknown, token?: string) => {
      const res = await fetch(`${server.base}${url}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const player = await api('POST', '/api/players', { name: 'Uhura' });
    const pages: { name: string; url: string }[] = [{ name: 'home', url: '/' }];
    for (const g of GAMES) {
      // Made with Uhura's key: Black's seat is hers, so her page is /games/:id with her cookie.
      const game = await api(
        'POST',
        '/api/games',
        { variant: g.variant, options: g.options, side: 'black', white: { name: 'Sulu' }, black: { name: 'Uhura' }, clock: { daysPerMove: 3 } },
        player.key,
      );
      for (const [i, turn] of g.turns.entries())
        await api('POST', `/api/games/${game.id}/moves`, { move: turn }, i % 2 ? game.tokens.black : game.tokens.white);
      pages.push({ name: `game-${g.variant}`, url: `/games/${game.id}` });
    }
    pages.push({ name: 'me', url: '/me' });
    for (const size of SIZES) {
      const { name: _n, ...options } = size;
      const context = await browser.newContext({ ...options, colorScheme: 'light' });
      await context.addCookies([{ name: 'subspace_key', value: player.key, url: server.base }]);
      const page = await context.newPage();
      for (const p of pages) {
        await page.goto(`${server.base}${p.url}`, { waitUntil: 'load' });
        await page.waitForTimeout(600);
        const file = path.join(OUT, `${p.name}-${size.name}.png`);
        await page.screenshot({ path: file });
        process.stdout.write(`  ${path.relative(ROOT, file)}\n`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`screenshots: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
