// End to end, in real headless Chromium: two players make themselves a key on /me
// (kept in an HttpOnly cookie), one sets a webhook there, one offers a game, the other finds it in the lobby
// and accepts with one click; both find the game on /me with the right "your turn";
// they play on the game page, one resigns, and a rematch is offered and accepted from
// the pages. Screenshots go to test-artifacts/e2e-players/. Run with `npm run test:e2e`.
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { log, runInBrowser, shotPath, STEP_MS } from './browser-run.ts';
import { ROOT } from './server.ts';

const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'e2e-players');
const TOTAL_MS = 240_000;

async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: shotPath(name), fullPage: true, timeout: STEP_MS });
}

/** /me: "Make me a player" with this name; the key is shown once and kept in the cookie. */
async function becomePlayer(page: Page, base: string, name: string): Promise<string> {
  await page.goto(`${base}/me`);
  await page.fill('input[name=name]', name);
  await page.click('form[action="/me/new"] button');
  const key = ((await page.textContent('#player-key')) ?? '').trim();
  assert.match(key, /^[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name === 'subspace_key');
  assert.ok(cookie?.httpOnly && cookie.secure && cookie.sameSite === 'Lax', 'the key cookie is HttpOnly, Secure, SameSite=Lax');
  await page.goto(`${base}/me`);
  await page.waitForSelector('#challenge-form');
  return key;
}

runInBrowser(
  'e2e players',
  { totalMs: TOTAL_MS, artifacts: ARTIFACTS, stateDir: path.join(ROOT, '.wrangler', 'e2e-players-state') },
  async ({ server, browser, errors }) => {
    const base = server.base;
    const kirk = await (await browser.newContext()).newPage();
    const spock = await (await browser.newContext()).newPage();
    for (const [who, page] of [
      ['kirk', kirk],
      ['spock', spock],
    ] as const) {
      page.setDefaultTimeout(STEP_MS);
      page.on('pageerror', (e) => errors.push(`${who}: page error: ${e.message}`));
      page.on('dialog', (d) => void d.accept());
    }

    const kirkKey = await becomePlayer(kirk, base, 'Kirk');
    await becomePlayer(spock, base, 'Spock');
    log('two players, each with a key in an HttpOnly cookie');

    // Kirk gives his bot's webhook on /me: its signing secret is shown once.
    await kirk.fill('#settings-form input[name=webhook]', 'https://hooks.example/kirk-bot');
    await kirk.click('#settings-form button');
    assert.match(((await kirk.textContent('#webhook-secret')) ?? '').trim(), /^whsec_[A-Za-z0-9+/]{32}$/);
    await kirk.goto(`${base}/me`);
    assert.equal(await kirk.inputValue('#settings-form input[name=webhook]'), 'https://hooks.example/kirk-bot');
    assert.equal(await kirk.locator('#webhook-secret').count(), 0, 'the secret is shown only once');

    // Kirk offers Warp Factor, playing White.
    await kirk.selectOption('#challenge-form select[name=variant]', 'warp-factor');
    await kirk.selectOption('#challenge-form select[name=color]', 'white');
    await kirk.selectOption('#challenge-form select[name=days]', '3');
    await kirk.click('#challenge-form button');
    await kirk.waitForURL(/\/challenges\/[a-z0-9]{12}$/);
    const challengeUrl = kirk.url();
    assert.equal(await kirk.textContent('#challenge-status'), 'open');
    await snap(kirk, 'challenge');

    // Spock finds it in the lobby and accepts with one click.
    await spock.goto(`${base}/lobby`);
    await snap(spock, 'lobby');
    const entry = spock.locator('#lobby li', { hasText: 'Kirk' });
    await entry.locator('button', { hasText: 'Accept' }).click();
    await spock.waitForURL(/\/games\/[a-z0-9]{16}$/);
    const gameUrl = spock.url();
    assert.match((await spock.textContent('#status')) ?? '', /White to move/);
    log(`accepted: ${gameUrl}`);

    // Both see the game on /me, with the right "your turn".
    await kirk.goto(`${base}/me`);
    assert.equal((await kirk.textContent('#waiting'))?.trim(), 'Your turn in 1 game.');
    assert.match(await kirk.title(), /^\(1\) /);
    assert.match((await kirk.textContent('#my-games')) ?? '', /Warp Factor against Spock.*your turn/);
    await kirk.waitForFunction("/left\\)$/.test(document.querySelector('time[data-deadline]')?.textContent ?? '')"); // counted down in local time
    await snap(kirk, 'kirk-me');
    await spock.goto(`${base}/me`);
    assert.equal((await spock.textContent('#waiting'))?.trim(), 'No game is waiting for you.');
    assert.match((await spock.textContent('#my-games')) ?? '', /Warp Factor against Kirk.*their turn/);

    // Play on the game page (the key stays in the cookie); Spock's page follows by itself.
    await spock.goto(gameUrl);
    await kirk.click('#my-games a');
    await kirk.waitForURL(gameUrl);
    assert.match((await kirk.textContent('#status')) ?? '', /Your turn/);
    await kirk.fill('#move', 'Wb2-Wb3');
    await kirk.click('#send-btn');
    await kirk.waitForSelector('#live[data-ply="1"]');
    await spock.waitForSelector('#live[data-ply="1"]');
    assert.match((await spock.textContent('#status')) ?? '', /Your turn/);
    assert.ok(!(await kirk.content()).includes('subspace_key'), 'the key is not in the page');
    log('1. Wb2-Wb3 — Spock’s page updated without a reload');
    await snap(spock, 'spock-game');
    await spock.goto(`${base}/me`);
    assert.equal((await spock.textContent('#waiting'))?.trim(), 'Your turn in 1 game.');

    // Spock resigns; Kirk offers a rematch from the finished game's page.
    await spock.goto(gameUrl);
    await spock.click('form[action$="/resign"] button');
    await spock.waitForSelector('#rematch-btn');
    // The game's analysis, once done, redraws the page by itself: waited for, so what follows is the rematch's own news.
    await spock.waitForSelector('#analysis[data-status="done"]', { timeout: 4 * STEP_MS });
    await kirk.goto(gameUrl);
    await kirk.click('#rematch-btn');
    await kirk.waitForURL(/\/challenges\/[a-z0-9]{12}$/);
    assert.notEqual(kirk.url(), challengeUrl);
    assert.match((await kirk.textContent('main')) ?? '', /\(rematch\)[\s\S]*to Spock[\s\S]*plays black/);
    await snap(kirk, 'rematch');
    // Spock's finished game page, open all along, offers to accept it without a reload (tester 9 U5).
    await spock.waitForFunction(
      () =>
        (globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }).document
          .querySelector('#rematch-btn')
          ?.textContent?.includes('Accept the rematch'),
      null,
      { timeout: STEP_MS },
    );

    // Spock sees it on /me and accepts: a new game, Spock White this time.
    await spock.goto(`${base}/me`);
    await spock.locator('#my-challenges button', { hasText: 'Accept' }).click();
    await spock.waitForURL(/\/games\/[a-z0-9]{16}$/);
    assert.notEqual(spock.url(), gameUrl);
    assert.match((await spock.textContent('#status')) ?? '', /Your turn/);
    await snap(spock, 'rematch-game');
    log('rematch accepted: Spock plays White');

    // Against the computer a rematch is the new game at once: a double press makes one game, not two.
    const asKirk = (method: string, url: string, body?: unknown) =>
      fetch(`${base}${url}`, {
        method,
        headers: { Authorization: `Bearer ${kirkKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { id: string; games: { id: string }[] } }));
    const solo = await asKirk('POST', '/api/games', { variant: 'planar', black: { computer: 1 } });
    assert.equal(solo.status, 201);
    assert.equal((await asKirk('POST', `/api/games/${solo.body.id}/resign`)).status, 200);
    const before = (await asKirk('GET', '/api/me/games')).body.games.length;
    await kirk.goto(`${base}/games/${solo.body.id}`);
    await kirk.waitForSelector('#rematch-btn');
    // The first request is held a moment, as on a slow connection, so the second press comes while it is on its way.
    let sent = 0;
    await kirk.route('**/rematch', async (route) => {
      sent += 1;
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await kirk.evaluate("{ const button = document.querySelector('#rematch-btn'); button.click(); setTimeout(() => button.click(), 300); }");
    await kirk.waitForURL((url) => /^\/games\/[a-z0-9]{16}$/.test(url.pathname) && url.pathname !== `/games/${solo.body.id}`);
    assert.equal(sent, 1, 'the page sent one rematch request for two presses');
    assert.equal((await asKirk('GET', '/api/me/games')).body.games.length, before + 1, 'one rematch game for a double press');
    log('a double press on Rematch against the computer makes one game');
  },
);
