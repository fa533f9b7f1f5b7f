// End to end, in real headless Chromium: the comforts of a correspondence game on a phone.
// "Other actions" at 390 px: nothing scrolls sideways, the two day counts (pause, leave) have
// labels of their own; a pause's times are shown in the reader's own time zone like the
// deadline (the page's <time datetime> keeps the exact time); a planned reply: the mover's
// page shows it as any turn of the opponent's, the planner's page (live, no reload) says it
// was played; a turn refused because the game moved on is said beside the move box, the typed
// turn and message kept. Screenshots go to test-artifacts/e2e-correspondence/. Run with `npm run test:e2e`.
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { log, runInBrowser, shotPath, STEP_MS } from './browser-run.ts';
import { ROOT } from './server.ts';

const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'e2e-correspondence');
const TOTAL_MS = 240_000;
const PHONE = { viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Tokyo', locale: 'en-GB' };

/** The text a time element shows, and the ISO time it stands for. */
const times = (page: Page, selector: string) =>
  page.$$eval(selector, (els) => els.map((e) => ({ text: e.textContent ?? '', iso: e.getAttribute('datetime') ?? '' })));

runInBrowser(
  'e2e correspondence',
  { totalMs: TOTAL_MS, artifacts: ARTIFACTS, stateDir: path.join(ROOT, '.wrangler', 'e2e-correspondence-state') },
  async ({ server, browser, errors, api }) => {
    const base = server.base;
    const open = async (token: string, id: string) => {
      const page = await (await browser.newContext(PHONE)).newPage();
      page.setDefaultTimeout(STEP_MS);
      page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      await page.goto(`${base}/games/${id}?token=${token}`);
      return page;
    };

    // ---- "Other actions" on a phone ----
    const g = (await api('POST', '/api/games', { variant: 'warp-factor', clock: { daysPerMove: 3, leaveDays: 5 } })).body;
    assert.equal((await api('POST', `/api/games/${g.id}/moves`, { move: 'Wb2-Wb3' }, g.tokens.white)).status, 200);
    const black = await open(g.tokens.black, g.id);
    const actions = black.locator('section.actions');
    await actions.screenshot({ path: shotPath('actions-390') });
    const layout = await black.evaluate(() => {
      const doc = (globalThis as any).document;
      const section = doc.querySelector('section.actions');
      const box = section.getBoundingClientRect();
      const outside = [...section.querySelectorAll('button, input, label')]
        .filter((el: any) => el.getBoundingClientRect().right > box.right + 1)
        .map((el: any) => el.textContent || el.id);
      return { wide: doc.documentElement.scrollWidth > doc.documentElement.clientWidth, outside };
    });
    assert.deepEqual(layout, { wide: false, outside: [] }, 'at 390 px the actions fit the screen');
    // Each days field is found by its own label (no bare "days" beside a number).
    assert.equal(await black.getByLabel('Pause: days the clock stops').inputValue(), '7');
    assert.equal(await black.getByLabel('Leave: days added to your deadline').inputValue(), '1');
    assert.match((await actions.textContent()) ?? '', /you have 5 days left/);
    log('other actions at 390 px: fit the screen, two labelled day fields');
    // An action's form reloads the page: the turn and the message being typed come back (tester 13 W16).
    await black.fill('#move', 'Bb3-Bb2');
    await black.fill('#move-message', 'Thinking it over');
    await black.click('section.actions form[data-action="draw-offer"] button');
    await black.waitForSelector('#status :text("You offered a draw")');
    assert.equal(await black.inputValue('#move'), 'Bb3-Bb2', 'the typed turn survives an action');
    assert.equal(await black.inputValue('#move-message'), 'Thinking it over');
    assert.equal((await api('GET', `/api/games/${g.id}`)).body.drawOffer, 'black');
    log('a draw offered from the page keeps the typed turn and its message');

    // ---- a pause, in the reader's own time ----
    assert.equal((await api('POST', `/api/games/${g.id}/pause`, { action: 'offer', days: 2 }, g.tokens.black)).status, 200);
    assert.equal((await api('POST', `/api/games/${g.id}/pause`, { action: 'accept' }, g.tokens.white)).status, 200);
    await black.reload();
    const shown = await times(black, '#pause time');
    assert.equal(shown.length, 2);
    for (const t of shown) {
      const local = await black.evaluate(
        (iso) => new Date(iso).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }),
        t.iso,
      );
      assert.equal(t.text, `${local} your time`, "the pause is shown in the reader's time zone, as the deadline is");
      assert.ok(!t.text.includes('UTC'));
    }
    // Tokyo is 9 hours ahead of UTC: the shown hour is not the UTC one.
    const until = new Date(shown[0]!.iso);
    assert.match(shown[0]!.text, new RegExp(`${String((until.getUTCHours() + 9) % 24).padStart(2, '0')}:${String(until.getUTCMinutes()).padStart(2, '0')}`));
    await black.locator('#status').screenshot({ path: shotPath('paused-status-390') });
    log(`paused until ${shown[0]!.text} (${shown[0]!.iso})`);

    // ---- a planned reply ----
    const p = (await api('POST', '/api/games', { variant: 'warp-factor' })).body;
    assert.equal((await api('POST', `/api/games/${p.id}/moves`, { move: 'Wb2-Wb3' }, p.tokens.white)).status, 200);
    assert.equal(
      (
        await api(
          'PUT',
          `/api/games/${p.id}/conditional`,
          {
            lines: [
              ['Bb3-Bb2', 'Wc2-Wc3'],
              ['Ba3-Ba2', 'Wa2-Wa3'],
            ],
          },
          p.tokens.white,
        )
      ).status,
      200,
    );
    const planner = await open(p.tokens.white, p.id);
    const mover = await open(p.tokens.black, p.id);
    await mover.fill('#move', 'Bb3-Bb2');
    await mover.click('#send-btn');
    await mover.waitForFunction(() => (globalThis as any).document.querySelector('#flash')?.textContent.includes('White played'));
    assert.equal((await mover.textContent('#flash'))?.trim(), 'You played Bb3-Bb2. White played Wc2-Wc3.');
    assert.match((await mover.textContent('#status')) ?? '', /Your turn/);
    assert.ok(!((await mover.textContent('main')) ?? '').includes('planned reply'), "the mover is not told of the opponent's plans");
    // The planner's page updates by itself and says what happened.
    await planner.waitForSelector('#plan-outcome');
    assert.equal(
      (await planner.textContent('#plan-outcome'))?.trim(),
      'Your planned reply Wc2-Wc3 was played after Bb3-Bb2; your other line was dropped: it began with another turn.',
    );
    await planner.locator('#status').screenshot({ path: shotPath('planned-reply-390') });
    log('a planned reply: the mover sees an ordinary turn, the planner is told');

    // ---- a message sent with a turn goes once: no box keeps it as unsent (tester 19 Z1) ----
    const m = (await api('POST', '/api/games', { variant: 'first-contact' })).body;
    const writer = await open(m.tokens.white, m.id);
    await writer.fill('#move', '@Wa1u');
    await writer.fill('#move-message', 'Good luck!');
    await writer.click('#send-btn');
    await writer.waitForFunction(() => (globalThis as any).document.querySelector('#flash')?.textContent.includes('You played'));
    await writer.waitForSelector('#messages .message-text');
    await writer.waitForTimeout(2000); // the live update of the turn comes in meanwhile
    assert.equal(await writer.inputValue('#message-text'), '', 'the message sent is not waiting in the message box');
    assert.deepEqual(await writer.locator('#messages .message-text').allTextContents(), ['Good luck!']);
    log('a message sent with a turn: listed once, no box holds it as unsent');

    // ---- a turn refused because the game moved on (another tab played first) ----
    const r = (await api('POST', '/api/games', { variant: 'warp-factor' })).body;
    const stale = await (await browser.newContext(PHONE)).newPage();
    stale.setDefaultTimeout(STEP_MS);
    stale.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    // This page hears nothing of the other tab's turn: no socket, and its stream refused.
    await stale.addInitScript('delete globalThis.WebSocket');
    await stale.route('**/api/games/*/stream', (route) => route.abort());
    await stale.goto(`${base}/games/${r.id}?token=${r.tokens.white}`);
    assert.equal((await api('POST', `/api/games/${r.id}/moves`, { move: 'Wb2-Wb3' }, r.tokens.white)).status, 200);
    await stale.fill('#move', 'Wc2-Wc3');
    await stale.fill('#move-message', 'Good luck');
    await stale.click('#send-btn');
    await stale.waitForFunction(() => (globalThis as any).document.querySelector('#preview')?.textContent.includes('Not played'));
    assert.match((await stale.textContent('#preview')) ?? '', /^Not played: Wc2-Wc3 was sent for a position the game has left/);
    // The page caught up with the game, and kept what was typed.
    assert.match((await stale.textContent('#status')) ?? '', /Black to move/);
    assert.equal(await stale.inputValue('#move'), 'Wc2-Wc3');
    // The message written to go with it: it is not White's turn now, so it waits in the message box.
    assert.equal(await stale.isDisabled('#move-message'), true);
    assert.equal(await stale.inputValue('#message-text'), 'Good luck');
    // Said where the player looks: on screen at 390 x 844, not at the top of the page.
    const box = await stale.locator('#preview').boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `the refusal is on screen (${JSON.stringify(box)})`);
    await stale.screenshot({ path: shotPath('stale-turn-390') });
    assert.equal((await api('GET', `/api/games/${r.id}`)).body.ply, 1, 'one turn was played, not two');
    log('a turn refused as stale: said beside the move box, the typed turn and message kept');
  },
);
