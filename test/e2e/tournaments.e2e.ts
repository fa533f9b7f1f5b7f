// End to end, in real headless Chromium: a player makes a tournament from /tournaments, three
// join with the page's button, the creator starts it, its games are played out through the API,
// and the tournament page shows the crosstable and the winner; the profile, the leaderboard, the
// game page and /me show ratings beside names. Every page is checked with axe-core (no serious or
// critical violations) and photographed at 1280x900 and 390x844. Screenshots go to
// test-artifacts/e2e-tournaments/. Run with `npm run test:e2e`.
import assert from 'node:assert/strict';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { checkAtBothSizes, log, runInBrowser, STEP_MS } from './browser-run.ts';
import { ROOT } from './server.ts';

const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'e2e-tournaments');
const TOTAL_MS = 300_000;

/** A browser signed in as a new player (the key from POST /api/players, handed over by /me#key=…). */
async function signedIn(context: BrowserContext, base: string, link: string): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, base));
  // The link says whose player it signs in as, and signs in only when Open is pressed (tester 11 S7).
  await page.waitForSelector('#key-link-note:text("This link signs you in as")');
  await page.click('#key-form button[type=submit]');
  await page.waitForSelector('#viewer');
  return page;
}

runInBrowser('e2e tournaments', { totalMs: TOTAL_MS, artifacts: ARTIFACTS }, async ({ server, browser, errors, api }) => {
  const base = server.base;
  const players: { id: string; key: string; link: string; name: string }[] = [];
  // The longest name without a space (40): it must wrap in the header, the tables and the lists, not widen the page.
  for (const name of ['JamesTiberiusKirkOfTheStarshipEnterprise', 'Spock', 'McCoy', 'Scotty'])
    players.push({ ...(await api('POST', '/api/players', { name })).body, name });
  const [kirk, ...others] = players as [(typeof players)[number], ...typeof players];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await signedIn(context, base, kirk.link);
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));

  // Kirk makes a round robin on /tournaments and joins it with the page's button.
  await page.goto(`${base}/tournaments`);
  await checkAtBothSizes(page, 'tournaments-empty');
  await page.fill('input[name=name]', 'UnitedFederationOfPlanetsEnterpriseCup');
  await page.selectOption('select[name=variant]', 'warp-factor');
  await page.fill('input[name=maxPlayers]', '4');
  await page.click('form[action="/tournaments"] button');
  await page.waitForURL(/\/tournaments\/[a-z0-9]{12}$/);
  const id = page.url().split('/').at(-1)!;
  await page.click(`form[action="/tournaments/${id}/join"] button`);
  await page.waitForSelector(`form[action="/tournaments/${id}/leave"]`);
  for (const p of others) assert.equal((await api('POST', `/api/tournaments/${id}/join`, undefined, p.key)).status, 200);
  await page.reload();
  await checkAtBothSizes(page, 'tournament-open');
  log('made on the page, four players in');

  await page.click(`form[action="/tournaments/${id}/start"] button`);
  await page.waitForSelector('table caption:has-text("Crosstable")');
  await checkAtBothSizes(page, 'tournament-started');
  const view = (await api('GET', `/api/tournaments/${id}`)).body;
  const games = view.pairings
    .flatMap((r: { boards: { gameId: string | null; white: { id: string }; black: { id: string } | null }[] }) => r.boards)
    .filter((b: { black: unknown }) => b.black);
  assert.equal(games.length, 6);
  // A game page shows both players' ratings (1500? before any rated game).
  await page.goto(`${base}/games/${games[0].gameId}`);
  assert.match((await page.textContent('.players')) ?? '', /\(1500\?\)[\s\S]*\(1500\?\)/);
  await checkAtBothSizes(page, 'tournament-game');
  // White wins every game: a turn each (a game ended before that is not rated), then black resigns.
  const keyOf = new Map(players.map((p) => [p.id, p.key]));
  for (const g of games) {
    for (const side of [g.white, g.black!]) {
      const legal = (await api('GET', `/api/games/${g.gameId}/legal`)).body.legal[0];
      assert.equal((await api('POST', `/api/games/${g.gameId}/moves`, { move: legal }, keyOf.get(side.id))).status, 200);
    }
    assert.equal((await api('POST', `/api/games/${g.gameId}/resign`, undefined, keyOf.get(g.black!.id))).status, 200);
  }
  await page.goto(`${base}/tournaments/${id}`);
  assert.match((await page.textContent('main')) ?? '', /Status: finished[\s\S]*Winner:/);
  await checkAtBothSizes(page, 'tournament-finished');
  log('six games played out: finished, crosstable shown');

  await page.goto(`${base}/games/${games[0].gameId}`);
  assert.match((await page.textContent('.players')) ?? '', /\(1500\? \+[\d.]+\)/);
  await page.goto(`${base}/players/${kirk.id}`);
  assert.match((await page.textContent('main')) ?? '', /Warp Factor/);
  await checkAtBothSizes(page, 'profile');
  await page.goto(`${base}/leaderboard/warp-factor`);
  await checkAtBothSizes(page, 'leaderboard');
  await page.goto(`${base}/me`);
  await checkAtBothSizes(page, 'me');
  await page.goto(`${base}/tournaments`);
  await checkAtBothSizes(page, 'tournaments');
  assert.equal((await api('POST', '/api/challenges', { variant: 'warp-factor' }, kirk.key)).status, 201);
  await page.goto(`${base}/lobby`);
  await checkAtBothSizes(page, 'lobby');
  log('profile, leaderboard, /me, the list and the lobby: axe clean and no sideways scroll at both sizes');
});
