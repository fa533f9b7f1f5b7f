// End to end, in real headless Chromium at 1280x900 and at 390x844 (issue 27): a player signs in,
// starts two games from the home page (post/redirect/get to the links page with Copy buttons),
// finds them on /me (your turn first), opens one from there, moves, and "Next game" takes them to
// the other; the opponent's move raises the header's count without a reload. A challenge accepted
// in one browser shows in the other's challenge page and lobby without a reload. An unknown
// address is a 404 page. axe-core finds no violation (any impact) on every page, in light and in
// dark mode; the theme toggle is remembered. Screenshots go to test-artifacts/e2e-home/.
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, log, runInBrowser, shotPath, STEP_MS } from './browser-run.ts';
import { ROOT } from './server.ts';

const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'e2e-home');
const TOTAL_MS = 600_000;
const LIVE_MS = 5_000;

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
] as const;

/** axe-core on the page as it is, in light and in dark mode: no violation of any impact. */
async function axeBoth(page: Page, what: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const found = await axeViolations(page, { targetSize: true });
    assert.deepEqual(found, [], `axe-core on ${what} (${scheme}):\n${found.join('\n')}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: shotPath(name), fullPage: true, timeout: STEP_MS });
}

async function newPage(browser: Browser, size: (typeof SIZES)[number], errors: string[], who: string): Promise<{ context: BrowserContext; page: Page }> {
  const { name: _name, ...options } = size;
  const context = await browser.newContext({ ...options, bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.on('pageerror', (e) => errors.push(`${who}: page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4(00|04|22) /.test(m.text())) errors.push(`${who}: console: ${m.text()}`);
  });
  return { context, page };
}

/** /me: "Make me a player"; the key stays in the cookie. */
async function becomePlayer(page: Page, base: string, name: string): Promise<void> {
  await page.goto(`${base}/me`);
  await page.fill('input[name=name]', name);
  await page.click('form[action="/me/new"] button');
  await page.waitForSelector('#player-key');
}

/** The home page flow: variant, opponent (a friend), clock; answers on the links page. */
async function startFromHome(page: Page, base: string, variant: string, days: string): Promise<{ id: string; black: string }> {
  await page.goto(`${base}/`);
  await page.check(`#variant-${variant}`);
  await page.check('#opponent-human');
  await page.selectOption('#days', days);
  await page.click('#start-btn');
  await page.waitForURL(/\/games\/[a-z0-9]{16}\/new$/);
  const id = new URL(page.url()).pathname.split('/')[2]!;
  for (const link of ['#link-white', '#link-black', '#link-spectator']) assert.ok(await page.locator(link).isVisible(), `${link} on the links page`);
  await page.waitForSelector('#link-black + button[data-copy-button]');
  return { id, black: await page.inputValue('#link-black') };
}

runInBrowser(
  'e2e home',
  { totalMs: TOTAL_MS, artifacts: ARTIFACTS, stateDir: path.join(ROOT, '.wrangler', 'e2e-home-state') },
  async ({ server, browser, errors }) => {
    const base = server.base;
    for (const size of SIZES) {
      const tag = size.name;
      const { page: kirk } = await newPage(browser, size, errors, `kirk-${tag}`);
      const { page: kor } = await newPage(browser, size, errors, `kor-${tag}`);

      // Signed out: the header offers a key; the pages pass axe in both themes.
      await kirk.goto(`${base}/`);
      assert.deepEqual(await kirk.locator('nav[aria-label=Site] a').allTextContents(), [
        'Play',
        'Lobby',
        'Get a player key',
        'Tournaments',
        'Leaderboard',
        'Rules',
      ]);
      await axeBoth(kirk, `home (${tag})`);
      await snap(kirk, `${tag}-home`);
      // Only the chosen variant's options show.
      assert.equal(await kirk.locator('#options-curved-space').isVisible(), false);
      await kirk.check('#variant-curved-space');
      assert.equal(await kirk.locator('#options-curved-space').isVisible(), true);
      assert.equal(await kirk.locator('#level').isVisible(), false);
      await kirk.goto(`${base}/me`);
      await axeBoth(kirk, `the key page (${tag})`);
      for (const p of ['/rules', '/rules/warp-factor', '/lobby']) {
        await kirk.goto(`${base}${p}`);
        await axeBoth(kirk, `${p} (${tag})`);
      }

      // 404: a page in the layout with a way on.
      const missing = await kirk.goto(`${base}/no/such/page`);
      assert.equal(missing?.status(), 404);
      assert.equal(await kirk.textContent('h1'), 'Page not found');
      assert.ok(await kirk.locator('nav[aria-label=Site] a[href="/"]').isVisible());
      await axeBoth(kirk, `the 404 page (${tag})`);
      await snap(kirk, `${tag}-404`);

      // Signed in: two games from the home page, both Kirk's (White: his turn).
      await becomePlayer(kirk, base, `Kirk ${tag}`);
      await becomePlayer(kor, base, `Kor ${tag}`);
      const slow = await startFromHome(kirk, base, 'planar', '7');
      const soon = await startFromHome(kirk, base, 'warp-factor', '3');
      await axeBoth(kirk, `the links page (${tag})`);
      await snap(kirk, `${tag}-links`);
      // Back and reload make no second game (the links page is a GET).
      await kirk.reload();
      assert.equal(await kirk.inputValue('#link-black'), soon.black);

      // /me: both games under "Your turn", the nearer deadline first; opened from there.
      await kirk.click('nav[aria-label=Site] a:has-text("My games")');
      await kirk.waitForURL(`${base}/me`);
      const listed = await kirk.locator('#my-games a').evaluateAll((as) => as.map((a) => (a as any).getAttribute('href')));
      assert.deepEqual(listed, [`/games/${soon.id}`, `/games/${slow.id}`]);
      assert.equal(await kirk.getAttribute('#waiting-count', 'data-count'), '2');
      await axeBoth(kirk, `/me (${tag})`);
      await snap(kirk, `${tag}-me`);
      await kirk.click(`#my-games a[href="/games/${soon.id}"]`);
      await kirk.waitForURL(`${base}/games/${soon.id}`);
      // The creator's page keeps the opponent's link until they open it.
      assert.equal(await kirk.inputValue('#invitation-link'), soon.black);
      await axeBoth(kirk, `the game page (${tag})`);

      // Move, then "Next game" goes to the other game waiting.
      await kirk.fill('#move', 'Wb2-Wb3');
      await kirk.click('#send-btn');
      await kirk.waitForSelector('.msg.ok');
      await kirk.waitForSelector('#waiting-count[data-count="1"]', { timeout: LIVE_MS });
      await kirk.click('#next-game');
      await kirk.waitForURL(`${base}/games/${slow.id}`);
      log(`${tag}: home -> create -> /me -> move -> Next game reached ${slow.id}`);

      // The opponent opens their link (the invitation goes) and answers: Kirk's count rises live.
      await kor.goto(soon.black);
      await kor.waitForSelector('#move:not([disabled])');
      await kor.fill('#move', 'Bb3-Bb2');
      await kor.click('#send-btn');
      await kor.waitForSelector('.msg.ok');
      await kirk.waitForSelector('#waiting-count[data-count="2"]', { timeout: LIVE_MS });
      // ... and it is said, once, through the header's status region.
      await kirk.waitForSelector('#site-news p:text("2 games wait for you.")', { timeout: LIVE_MS });
      assert.equal(await kirk.locator('#site-news p').count(), 1);
      log(`${tag}: the header's count went up without a reload, and was said`);

      // A challenge: Kor watches the lobby; Kirk offers; it shows for Kor without a reload; Kor
      // accepts; Kirk's challenge page says so without a reload.
      await kor.goto(`${base}/lobby`);
      await kirk.goto(`${base}/me`);
      await kirk.selectOption('#challenge-form select[name=variant]', 'first-contact');
      await kirk.click('#challenge-form button');
      await kirk.waitForURL(/\/challenges\/[a-z0-9]{12}$/);
      assert.equal(await kirk.textContent('#challenge-status'), 'open');
      await axeBoth(kirk, `a challenge page (${tag})`);
      const entry = kor.locator('#lobby li', { hasText: `Kirk ${tag}` });
      await entry.waitFor({ timeout: LIVE_MS });
      await kor.waitForSelector('#site-news p:text("open challenge")', { timeout: LIVE_MS });
      await axeBoth(kor, `the lobby with a challenge (${tag})`);
      await snap(kor, `${tag}-lobby`);
      // Kor's keyboard is on its Accept when another challenge comes in above it: the redrawn lobby
      // keeps the focus on that same challenge's Accept (tester 9 U20), and Enter accepts the one meant.
      const firstId = kirk.url().split('/').pop()!;
      const accept = `#lobby form[action="/challenges/${firstId}/accept"] button`;
      await kor.focus(accept);
      const other = await kirk.context().newPage();
      await other.goto(`${base}/me`);
      await other.selectOption('#challenge-form select[name=variant]', 'planar');
      await other.click('#challenge-form button');
      await other.waitForURL(/\/challenges\/[a-z0-9]{12}$/);
      await other.close();
      type Doc = {
        querySelectorAll(s: string): { length: number };
        activeElement: { closest(s: string): { getAttribute(a: string): string | null } | null } | null;
      };
      await kor.waitForFunction(() => (globalThis as unknown as { document: Doc }).document.querySelectorAll('#lobby li').length >= 2, undefined, {
        timeout: LIVE_MS,
      });
      const focusedForm = await kor.evaluate(
        () => (globalThis as unknown as { document: Doc }).document.activeElement?.closest('form')?.getAttribute('action') ?? 'none',
      );
      assert.equal(focusedForm, `/challenges/${firstId}/accept`);
      await kor.keyboard.press('Enter');
      await kor.waitForURL(/\/games\/[a-z0-9]{16}$/);
      await kirk.waitForSelector('#challenge-status:text("accepted")', { timeout: LIVE_MS });
      assert.ok(await kirk.locator('#challenge-live a', { hasText: 'The game' }).isVisible());
      // Said once, through the header's status region (the swapped part itself is no live region).
      await kirk.waitForSelector('#site-news p:text("The challenge is accepted")', { timeout: LIVE_MS });
      assert.equal(await kirk.locator('#site-news p', { hasText: 'accepted' }).count(), 1);
      log(`${tag}: the accepted challenge showed on the other page without a reload`);

      // Dark mode: the toggle is remembered across pages.
      await kirk.goto(`${base}/me`);
      await kirk.click('#theme-toggle');
      assert.equal(await kirk.getAttribute('html', 'data-theme'), 'dark');
      await kirk.goto(`${base}/lobby`);
      assert.equal(await kirk.getAttribute('html', 'data-theme'), 'dark');
      assert.equal(await kirk.getAttribute('#theme-toggle', 'aria-pressed'), 'true');
      await snap(kirk, `${tag}-lobby-dark`);
      await kirk.goto(`${base}/games/${soon.id}`);
      await snap(kirk, `${tag}-game-dark`);
    }
  },
);
