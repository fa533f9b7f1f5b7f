// End to end, in real headless Chromium against `wrangler dev` (whose local queue runs the
// computer's analysis): two players play a short First Contact game to its end through their
// pages; during it White tries a line on the analysis board and keeps it as a named variation
// with a note (back on the next visit, never on Black's or a spectator's page); after it the
// analysis comes in by itself, the graph is opened, a mark (??) clicked: the board shows that
// ply and "best was X" with its preview. axe-core finds nothing serious; screenshots at 1280 and
// 390 px go to test-artifacts/e2e-analysis/. Run with `npm run test:e2e`.
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations, log, runInBrowser, shotPath, STEP_MS } from './browser-run.ts';
import { ROOT } from './server.ts';

const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'e2e-analysis');
const TOTAL_MS = 300_000;
/** Black wins by check at ply 10: White's ninth turn lets it happen. */
const GAME = '@Nd1d @Na1u @Wa4u @Ba1d K@Wb4 K@Bd2 N@Wd2 R@Bc4 Wb4-Wa4u:b2 Q@Ba1#'.split(' ');

async function axe(page: Page, what: string): Promise<void> {
  const found = await axeViolations(page);
  assert.deepEqual(found, [], `axe-core on ${what}:\n${found.join('\n')}`);
}

runInBrowser(
  'e2e analysis',
  { totalMs: TOTAL_MS, artifacts: ARTIFACTS, stateDir: path.join(ROOT, '.wrangler', 'e2e-analysis-state') },
  async ({ server, browser, errors, api }) => {
    const base = server.base;
    // bypassCSP: axe-core is injected as a script tag (the pages allow only their own scripts).
    const desktop = { viewport: { width: 1280, height: 900 }, bypassCSP: true };
    const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, bypassCSP: true };
    const g = (await api('POST', '/api/games', { variant: 'first-contact', white: { name: 'Kirk' }, black: { name: 'Kor' } })).body;
    const open = async (ctx: typeof desktop | typeof phone, url: string) => {
      const page = await (await browser.newContext(ctx)).newPage();
      page.setDefaultTimeout(STEP_MS);
      page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      await page.goto(`${base}${url}`);
      return page;
    };
    const white = await open(desktop, `/games/${g.id}?token=${g.tokens.white}`);
    const black = await open(phone, `/games/${g.id}?token=${g.tokens.black}`);
    const pages = { white, black };

    /** The mover's page: type the turn, send it, wait for the page to show the next ply. */
    async function playOnPage(ply: number, text: string) {
      const page = ply % 2 ? white : black;
      await page.reload();
      await page.fill('#move', text);
      await page.click('#send-btn');
      await page.waitForSelector(`#live[data-ply="${ply}"]`);
    }

    // ---- the first nine turns, each typed and sent on the mover's page ----
    for (const [i, text] of GAME.slice(0, 9).entries()) await playOnPage(i + 1, text);
    log('nine turns played on the pages');

    // ---- during the game: White's analysis board ----
    await white.reload();
    assert.equal(await white.locator('#analysis').count(), 0, 'no analysis during the game');
    await white.waitForSelector('#ab-work:not([hidden])');
    await white.waitForSelector('#ab-legal option', { state: 'attached' });
    await white.locator('#ab-board svg').waitFor();
    const legal = await white.$$eval('#ab-legal option', (os) => os.map((o) => (o as unknown as { value: string }).value));
    assert.ok(legal.includes('Q@Ba1#'), 'Black to move after ply 9: the winning check is among the legal turns');
    await white.selectOption('#ab-legal', 'Q@Ba1#');
    await white.click('#ab-play');
    await white.waitForSelector('#ab-line li');
    await white.fill('#ab-line li input', 'this loses at once: keep the king off b2');
    await white.fill('#ab-name', 'The danger');
    await white.click('#ab-save');
    await white.waitForSelector('#ab-status:has-text("saved")');
    // An illegal line is refused with the reason and the ply (the API the board uses).
    const refused = await api('PUT', `/api/games/${g.id}/notes`, { variations: [{ name: 'Bad', from: 9, turns: [{ move: 'Q@Wa1' }] }] }, g.tokens.white);
    assert.equal(refused.status, 422);
    assert.match(refused.body.error, /ply 10/);
    await white.reload();
    const saved = (await white.locator('#ab-saved').textContent()) ?? '';
    assert.match(saved, /The danger/, 'the variation comes back on the next visit');
    assert.match(saved, /keep the king off b2/);
    await white.locator('#analysis-board').screenshot({ path: shotPath('analysis-board-1280') });
    await axe(white, "White's page with the analysis board");
    // Click-to-move on the analysis board, as on the game's (tester 19 Z5): Black's queen in hand,
    // then the lit cell, plays the turn on this board; the list stays, grouped by where turns start.
    await white.waitForSelector('#ab-status:has-text("legal turns")');
    assert.ok((await white.locator('#ab-legal optgroup').count()) > 1, 'the legal turns are grouped by where they start');
    assert.equal(await white.locator('#ab-line li').count(), 0);
    await white.locator('#ab-board [data-hand="Q"][data-color="black"]').click();
    await white.waitForSelector('#ab-board [data-cell="Ba1"][data-target]');
    await axe(white, 'the analysis board with a piece picked');
    await white.locator('#ab-board [data-cell="Ba1"]').click();
    await white.waitForSelector('#ab-line li code:has-text("ply 10: Q@Ba1#")');
    await white.waitForSelector('#ab-status:has-text("the line ends the game")');
    assert.equal(await white.locator('#board [data-target], #board [data-selected]').count(), 0, "the game's board is left alone");
    await white.locator('#analysis-board').screenshot({ path: shotPath('analysis-board-clicked-1280') });
    await white.click('#ab-back');
    await white.waitForSelector('#ab-status:has-text("legal turns")');
    // And by keyboard: one Tab stop (a piece in hand of the side to move), arrow keys, Enter, Escape.
    const stop = white.locator('#ab-board [tabindex="0"]');
    assert.equal(await stop.count(), 1, 'the analysis board is one Tab stop');
    assert.match((await stop.getAttribute('aria-label')) ?? '', /^Black .* in hand/);
    assert.equal(await stop.getAttribute('role'), 'button');
    const queen = white.locator('#ab-board [data-hand="Q"][data-color="black"]');
    await queen.focus();
    await white.keyboard.press('Enter');
    await white.waitForSelector('#ab-board [data-cell="Ba1"][data-target]');
    await white.keyboard.press('Escape');
    assert.equal(await white.locator('#ab-board [data-target]').count(), 0, 'Escape drops the pick');
    await white.keyboard.press('ArrowDown');
    assert.equal(await queen.getAttribute('tabindex'), '-1', 'an arrow key moves the Tab stop');
    await queen.focus();
    await white.keyboard.press('Enter');
    await white.locator('#ab-board [data-cell="Ba1"]').focus();
    await white.keyboard.press('Enter');
    await white.waitForSelector('#ab-line li code:has-text("ply 10: Q@Ba1#")');
    await white.click('#ab-back');
    await white.waitForSelector('#ab-status:has-text("legal turns")');
    log('a turn played on the analysis board by clicking it, and by keyboard');
    await black.reload();
    assert.doesNotMatch((await black.locator('#ab-saved').textContent()) ?? '', /The danger/, "Black never sees White's variations");
    // A start outside the game is said, not quietly moved to another ply; a start inside it is taken.
    await black.waitForSelector('#ab-legal option', { state: 'attached' });
    await black.fill('#ab-from', '-1');
    await black.click('#ab-start');
    await black.waitForSelector('#ab-status:has-text("from 0 (the start) to 9 (now)")');
    // ...at the box itself too (the status line is a screen below it on a phone): its own message, focused.
    assert.deepEqual(
      await black.$eval('#ab-from', (box) => [
        (box as unknown as { validationMessage: string }).validationMessage,
        (globalThis as any).document.activeElement === box,
      ]),
      ['Start after a ply from 0 (the start) to 9 (now).', true],
    );
    await black.fill('#ab-from', '3');
    await black.click('#ab-start');
    await black.waitForSelector('#ab-status:has-text("after ply 3")');
    assert.equal(
      await black.$eval('#ab-from', (box) => (box as unknown as { validationMessage: string }).validationMessage),
      '',
      'a start taken clears the box’s message',
    );
    log('the analysis board says a start outside the game, and starts after ply 3');
    const spectator = await open(desktop, `/games/${g.id}`);
    assert.equal(await spectator.locator('#analysis-board').count(), 0, 'spectators have no analysis board');
    assert.doesNotMatch(await spectator.content(), /keep the king off b2/);
    log('a variation with a note kept for White only');

    // ---- the last turn: the game ends, the analysis comes in by itself ----
    await playOnPage(10, GAME[9]!);
    await spectator.reload();
    await spectator.waitForSelector('#analysis');
    // The page polls while the computer works and swaps the finished analysis in.
    await spectator.waitForSelector('#analysis[data-status="done"]', { timeout: 120_000 });
    await spectator.waitForSelector('#eval-graph');
    log('the analysis is done');
    assert.equal(await spectator.locator('#moves .glyph.blunder').first().textContent(), '??', 'the move list marks the blunder');
    await spectator.locator('#analysis').screenshot({ path: shotPath('analysis-1280') });
    await axe(spectator, 'the finished game with its analysis');

    // ---- a click on the mark: the board after that ply, and the better turn ----
    const mark = spectator.locator('#eval-graph circle.blunder').first();
    const markedPly = await mark.evaluate((c) => c.parentElement!.getAttribute('data-ply'));
    assert.equal(markedPly, '9', "the mark is on White's ninth ply");
    await mark.click();
    await spectator.waitForSelector('#board[data-ply="9"]');
    await spectator.waitForSelector('#analysis-ply[data-ply="9"] #best-move');
    const note = (await spectator.locator('#analysis-ply').textContent()) ?? '';
    assert.match(note, /a blunder/);
    assert.match(note, /Best was/);
    await spectator.click('#best-preview summary');
    await spectator.locator('#best-preview svg').waitFor();
    await spectator.locator('#analysis').screenshot({ path: shotPath('analysis-best-1280') });
    log(`clicked the ?? mark: ply 9, ${note.replace(/\s+/g, ' ').trim()}`);

    // ---- the same on a phone ----
    const phonePage = await open(phone, `/games/${g.id}`);
    await phonePage.waitForSelector('#eval-graph');
    const wide = await phonePage.evaluate(() => {
      const doc = (globalThis as any).document; // eslint-disable-line @typescript-eslint/no-explicit-any
      const width = doc.documentElement.clientWidth;
      // The move list scrolls inside its own frame; the board fits the screen.
      return [...doc.querySelectorAll('body *')]
        .filter((el: any) => el.getBoundingClientRect().right > width + 1 && !el.closest('.moves')) // eslint-disable-line @typescript-eslint/no-explicit-any
        .slice(0, 5)
        .map((el: any) => `${el.tagName.toLowerCase()}#${el.id}.${el.className?.baseVal ?? el.className}`); // eslint-disable-line @typescript-eslint/no-explicit-any
    });
    assert.deepEqual(wide, [], 'nothing scrolls sideways at 390 px');
    await phonePage.screenshot({ path: shotPath('finished-390'), fullPage: true });
    await axe(phonePage, 'the finished game on a phone');
    await pages.black.reload();
    await pages.black.screenshot({ path: shotPath('black-390'), fullPage: true });
  },
);
