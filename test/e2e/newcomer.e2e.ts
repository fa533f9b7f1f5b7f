// End to end, in real headless Chromium: a newcomer learns and plays from the pages
// alone, for every variant. The rules page and its diagrams; Black's page with the
// board seen from Black's side; a turn made by keyboard alone (one Tab stop on the
// board, arrow keys, Enter, a few Tabs to Send); a typed turn; the replay stepped with
// the arrow keys; an email address set from the page; axe-core (injected from the npm
// package) on the home, rules, game and spectator pages with no serious or critical
// finding (WCAG 2.2's target-size rule turned on); at 360 px nothing scrolls sideways and every
// click target is at least 24x24 px; the same for the player pages (/me, a challenge, the lobby).
// Screenshots of every page at 1280 and 390 px go to test-artifacts/newcomer/ (with the other
// e2e tests' under test-artifacts/, the folder CI keeps). Run with `npm run test:e2e`.
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations, log, runInBrowser, shotPath, STEP_MS, coveredTargets } from './browser-run.ts';
import { ROOT } from './server.ts';

const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'newcomer');
const TOTAL_MS = 420_000;

/** Per variant: turns to reach Black's move (by the API), Black's keyboard turn as board steps, then a typed Black turn. */
const PLANS = [
  { variant: 'first-contact', options: {}, before: ['@Wa4u'], keys: ['Bd4d'], keyed: '@Bd4d', after: ['@Wd1u'], typed: '@Ba1u' },
  { variant: 'warp-factor', options: {}, before: ['Wb2-Wb3'], keys: ['Bb3', 'Bb2'], keyed: 'Bb3-Bb2', after: ['Wc2-Wc3'], typed: 'Bc3-Bc2' },
  {
    variant: 'curved-space',
    options: { platforms: 2 },
    before: ['1@Wa1u', '2@Bd4u', 'K@Wd4'],
    keys: ['hand:K', 'Ba1'],
    keyed: 'K@Ba1',
    after: ['N@Wc1'],
    typed: 'N@Bc4',
  },
  { variant: 'planar', options: {}, before: ['K@Ab1'], keys: ['hand:K', 'Dc4', 'orient:XY'], keyed: 'K@Dc4=XY', after: ['R@Ab2=XZ'], typed: 'P@Dc3' },
] as const;

/** The page at 1280 and at 390 px wide (then back to the width it had). */
async function snapBoth(page: Page, name: string): Promise<void> {
  const before = page.viewportSize()!;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: shotPath(`${name}-${width}`), fullPage: true, timeout: STEP_MS });
  }
  await page.setViewportSize(before);
}

/** axe-core's serious and critical violations on the page as it is now. */
async function axe(page: Page, what: string): Promise<void> {
  const found = await axeViolations(page, { seriousOnly: true, targetSize: true });
  assert.deepEqual(found, [], `axe-core on ${what}:\n${found.join('\n')}`);
}

/**
 * On a 360 px phone: nothing scrolls sideways, and every click target (links, buttons, form
 * fields, the board's cells, pins and pieces in hand) is at least 24x24 CSS px. A link inside a
 * sentence is exempt, as WCAG 2.5.8 says (its height is the line's).
 */
async function fitsPhone(page: Page, what: string): Promise<void> {
  const before = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 800 });
  const found = await page.evaluate(() => {
    const doc = (globalThis as any).document;
    const small: string[] = [];
    for (const el of doc.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], #board [data-button]')) {
      const box = el.getBoundingClientRect();
      const style = (globalThis as any).getComputedStyle(el);
      if ((!box.width && !box.height) || style.visibility === 'hidden') continue;
      if (el.tagName === 'A' && style.display === 'inline') {
        let block = el.parentElement;
        while (block && (globalThis as any).getComputedStyle(block).display === 'inline') block = block.parentElement;
        // (No named helper functions in here: the test runner's transform would wrap them in a __name the page lacks.)
        if (block && block.textContent.replace(/\s+/g, '').length > (el.textContent ?? '').replace(/\s+/g, '').length) continue;
      }
      if (box.width < 24 || box.height < 24) {
        const name = el.getAttribute('data-cell') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30);
        small.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return { wide: doc.documentElement.scrollWidth as number, width: doc.documentElement.clientWidth as number, small };
  });
  await page.setViewportSize(before);
  assert.ok(found.wide <= found.width, `${what} is ${found.wide} px wide at 360 px`);
  assert.deepEqual(found.small, [], `${what}: click targets under 24x24 px at 360 px`);
}

/** Tab (at most `max` times) until the focus is in `selector`; returns how many presses it took. */
async function tabTo(page: Page, selector: string, max: number): Promise<number> {
  for (let i = 0; i <= max; i++) {
    if (i) await page.keyboard.press('Tab');
    if (await page.evaluate((s) => !!(globalThis as any).document.activeElement?.closest(s), selector)) return i;
  }
  throw new Error(`${selector} not reached in ${max} Tab presses`);
}

/** Arrow keys from the focused board element to the one matching `target`, then Enter. */
async function arrowTo(page: Page, target: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const where = await page.evaluate((sel) => {
      const a = (globalThis as any).document.activeElement!.getBoundingClientRect();
      const el = (globalThis as any).document.querySelector(sel);
      if (!el) return null;
      if (el === (globalThis as any).document.activeElement) return 'here';
      const b = el.getBoundingClientRect();
      const dx = b.left + b.width / 2 - (a.left + a.width / 2);
      const dy = b.top + b.height / 2 - (a.top + a.height / 2);
      return Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : dy > 0 ? 'ArrowDown' : 'ArrowUp';
    }, target);
    assert.ok(where, `no ${target} on the board`);
    if (where === 'here') {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press(where);
  }
  throw new Error(`could not reach ${target} with the arrow keys`);
}

runInBrowser('e2e (newcomer)', { totalMs: TOTAL_MS, artifacts: ARTIFACTS }, async ({ server, browser, errors, api }) => {
  // axe-core is injected as a script: our pages' CSP would (rightly) refuse it.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, bypassCSP: true });
  const watch = (who: string, page: Page) => {
    page.setDefaultTimeout(STEP_MS);
    page.on('pageerror', (e) => errors.push(`${who}: page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/status of 4(00|22) /.test(m.text())) errors.push(`${who}: console: ${m.text()}`);
    });
  };

  const home = await desktop.newPage();
  watch('home', home);
  await home.goto(`${server.base}/`);
  await axe(home, 'the home page');
  await fitsPhone(home, 'the home page');
  await snapBoth(home, 'home');
  assert.ok((await home.locator('a[href^="/rules/"]').count()) >= 4, 'the home page links the rules');

  for (const plan of PLANS) {
    const v = plan.variant;
    // The rules page and its diagrams.
    const rules = await desktop.newPage();
    watch(`${v} rules`, rules);
    await rules.goto(`${server.base}/rules/${v}`);
    const diagrams = rules.locator('figure[data-diagram] img');
    assert.ok((await diagrams.count()) >= 3, `${v}: the rules page has its diagrams`);
    for (const img of await diagrams.all()) {
      await img.scrollIntoViewIfNeeded();
      await rules.waitForFunction((el) => (el as unknown as { naturalWidth: number }).naturalWidth > 0, await img.elementHandle(), { timeout: STEP_MS });
    }
    await axe(rules, `the ${v} rules page`);
    await fitsPhone(rules, `the ${v} rules page`);
    await snapBoth(rules, `${v}-rules`);

    // A game; White's first turns by the API, then Black's page.
    const created = await api('POST', '/api/games', { variant: v, options: plan.options, clock: { daysPerMove: 3 } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const g = created.body as { id: string; tokens: { white: string; black: string }; links: { black: string; spectator: string } };
    for (const [i, turn] of plan.before.entries()) {
      const r = await api('POST', `/api/games/${g.id}/moves`, { move: turn }, i % 2 ? g.tokens.black : g.tokens.white);
      assert.equal(r.status, 200, `${v} ${turn}: ${JSON.stringify(r.body)}`);
    }
    const black = await phone.newPage();
    watch(`${v} black`, black);
    await black.goto(g.links.black);
    await black.waitForFunction(() => (globalThis as unknown as { subspace?: { plans(): unknown[] } }).subspace?.plans().length, undefined, {
      timeout: STEP_MS,
    });
    assert.equal(await black.getAttribute('#live', 'data-from'), 'black');
    assert.match(await black.title(), /^\(Your turn\)/, `${v}: the tab title says it is Black's turn`);
    // Seen from Black's side: Black's end of the field is at the bottom of the picture.
    const [near, far] = v === 'planar' ? ['Ab4', 'Ab1'] : ['Bb2', 'Wb2'];
    const y = async (cell: string) => (await black.locator(`#board [data-cell="${cell}"]`).first().boundingBox())!.y;
    assert.ok((await y(near)) > (await y(far)), `${v}: ${near} is drawn below ${far} on Black's page`);
    assert.match((await black.textContent('#deadline')) ?? '', /your time \(in 2 days/, `${v}: the deadline counts down in local time`);
    await snapBoth(black, `${v}-black`);

    // Black's turn by keyboard alone: Tab onto the board (one stop), arrows, Enter; a few Tabs to Send.
    await black.focus('#flip');
    const toBoard = await tabTo(black, '#board svg', 8);
    for (const [i, key] of plan.keys.entries()) {
      if (key.startsWith('orient:')) {
        // Planar's orientation step: the keyboard is on the chooser at once (tester 19 Z8: it was four Tabs on, past the move box).
        await black.waitForSelector('#chooser:not([hidden]) button');
        assert.ok(await black.evaluate(() => !!(globalThis as any).document.activeElement?.closest('#chooser')), `${v}: the chooser has the keyboard`);
        await tabTo(black, `#chooser button[aria-label="orientation ${key.slice(7)}"]`, 2);
        await black.keyboard.press('Enter');
        continue;
      }
      const sel = key.startsWith('hand:') ? `#board [data-hand="${key.slice(5)}"][data-color="black"]` : `#board [data-cell="${key}"]`;
      await arrowTo(black, sel);
      if (i < plan.keys.length - 1 && !plan.keys[i + 1]!.startsWith('orient:')) await black.waitForSelector('#board [data-target]');
    }
    await black.waitForSelector(`#preview [data-canonical="${plan.keyed}"]`);
    const toSend = await tabTo(black, '#send-btn', 12);
    await black.keyboard.press('Enter');
    await black.waitForSelector(`#live[data-ply="${plan.before.length + 1}"]`);
    log(`${v}: ${plan.keyed} by keyboard (${toBoard} Tab to the board, ${toSend} from it to Send)`);

    // White answers; Black types a turn.
    for (const turn of plan.after) {
      const r = await api('POST', `/api/games/${g.id}/moves`, { move: turn }, g.tokens.white);
      assert.equal(r.status, 200, `${v} ${turn}: ${JSON.stringify(r.body)}`);
    }
    const ply = plan.before.length + 1 + plan.after.length;
    await black.waitForSelector(`#live[data-ply="${ply}"]`, { timeout: STEP_MS });
    await black.fill('#move', plan.typed);
    await black.click('#send-btn');
    await black.waitForSelector(`#live[data-ply="${ply + 1}"]`);

    // Replay with the arrow keys: the picture changes and comes back.
    await black.click('h1');
    const live = await black.innerHTML('#board svg');
    await black.keyboard.press('ArrowLeft');
    await black.waitForSelector(`#board[data-ply="${ply}"]`);
    await black.keyboard.press('ArrowLeft');
    await black.waitForSelector(`#board[data-ply="${ply - 1}"]`);
    assert.notEqual(await black.innerHTML('#board svg'), live, `${v}: an earlier position looks different`);
    // White moves while Black looks back: Black stays where they are and is told a move came.
    let answer = '';
    for (const turn of (await api('GET', `/api/games/${g.id}/legal`)).body.legal as string[]) {
      // (A turn that ends the game would end this test's game too.)
      const after = await api('GET', `/api/games/${g.id}/preview?move=${encodeURIComponent(turn)}`);
      if (!after.body.state.outcome) {
        answer = turn;
        break;
      }
    }
    assert.equal((await api('POST', `/api/games/${g.id}/moves`, { move: answer }, g.tokens.white)).status, 200);
    await black.waitForSelector(`#live[data-ply="${ply + 2}"]`);
    assert.equal(await black.getAttribute('#board', 'data-ply'), String(ply - 1), `${v}: the opponent's move does not pull the replay away`);
    assert.ok(((await black.textContent('#replay-status')) ?? '').includes(`White played ${answer}`), `${v}: the replay says a move came`);
    await snapBoth(black, `${v}-replay`);
    await black.click(`#moves a[data-ply="1"]`);
    await black.waitForSelector('#board[data-ply="1"]');
    assert.equal(new URL(black.url()).pathname, `/games/${g.id}`, 'the replay stays on the page');
    await black.keyboard.press('ArrowRight');
    await black.waitForSelector('#board[data-ply="2"]');
    // A click on the earlier position picks nothing: it says how to get back (tester 13 W8).
    await black.locator('#board svg [data-cell]').first().click();
    await black.waitForSelector('#flash :text("This is an earlier position")', { timeout: STEP_MS });
    assert.equal(await black.locator('#board [data-target]').count(), 0, `${v}: no targets on an earlier position`);
    await black.click('[data-replay="live"]');
    await black.waitForSelector(`#board[data-ply="${ply + 2}"]`);
    assert.match(await black.title(), /^\(Your turn\)/, `${v}: back at now, it is Black's turn`);
    log(`${v}: replayed with the arrow keys, the move list and back to now`);

    // An email address from the page.
    await black.click('#settings summary');
    await black.fill('#notify-email', `black-${v}@example.com`);
    await black.click('#settings-save');
    await black.waitForSelector('.msg.ok');
    assert.match((await black.textContent('.msg.ok')) ?? '', new RegExp(`emails go to black-${v}@example.com`));
    const me = await api('GET', `/api/games/${g.id}/me`, undefined, g.tokens.black);
    assert.equal(me.body.email, `black-${v}@example.com`);
    await axe(black, `Black's ${v} game page`);
    await fitsPhone(black, `Black's ${v} game page`);

    const spectator = await desktop.newPage();
    watch(`${v} spectator`, spectator);
    await spectator.goto(g.links.spectator);
    await axe(spectator, `the ${v} spectator page`);
    await fitsPhone(spectator, `the ${v} spectator page`);
    await snapBoth(spectator, `${v}-spectator`);
    await Promise.all([rules.close(), black.close(), spectator.close()]);
  }
  // A practice game against the computer: Hint puts the engine's turn in the box, previewed; Send plays it.
  const practice = await api('POST', '/api/games', { variant: 'curved-space', black: { computer: 1 } });
  assert.equal(practice.status, 201, JSON.stringify(practice.body));
  const learner = await phone.newPage();
  watch('practice', learner);
  await learner.goto(practice.body.links.white);
  await learner.click('#hint-btn');
  const suggested = (await learner.getAttribute('#hint code[data-hint]', 'data-hint'))!;
  assert.equal(await learner.inputValue('#move'), suggested, 'the hint is in the move box');
  await learner.waitForFunction((turn) => (globalThis as any).document.querySelector('#preview')?.textContent.includes(`Preview of ${turn}`), suggested);
  await snapBoth(learner, 'practice-hint');
  await learner.click('#send-btn');
  await learner.waitForSelector('#live[data-ply="1"]');
  assert.equal((await api('GET', `/api/games/${practice.body.id}/moves`)).body.moves[0].text, suggested);
  await learner.close();
  log(`practice game: the hint ${suggested} played from the page`);

  // Turning a platform over: its mark on the board is too small to tap on a phone, so picking
  // the platform offers the turn-over as a button beside the board.
  const fc = await api('POST', '/api/games', { variant: 'first-contact' });
  for (const [i, turn] of ['@Wa4u', '@Ba1d', '@Wd1u', '@Bd4u', 'K@Wd1', 'K@Ba1'].entries())
    assert.equal((await api('POST', `/api/games/${fc.body.id}/moves`, { move: turn }, i % 2 ? fc.body.tokens.black : fc.body.tokens.white)).status, 200);
  const flipper = await phone.newPage();
  watch('flip', flipper);
  await flipper.goto(fc.body.links.white);
  await flipper.waitForFunction(() => (globalThis as unknown as { subspace?: { plans(): unknown[] } }).subspace?.plans().length);
  await flipper.click('#board [data-cell="Wd1u:a1"]');
  await flipper.waitForSelector('#chooser:not([hidden]) button');
  assert.deepEqual(await coveredTargets(flipper), [], "the turn-over chooser covers none of the platform's targets (tester 13 W1)");
  await flipper.click('#chooser button[data-pin-choice="Wd1d"]');
  await flipper.waitForSelector('#preview [data-canonical="Wd1u-Wd1d"]');
  // Turning the board round keeps the turn and the message being typed (tester 9 U16).
  await flipper.fill('#move-message', 'Over it goes');
  await flipper.click('#flip');
  await flipper.waitForURL(/from=black/);
  assert.equal(await flipper.inputValue('#move'), 'Wd1u-Wd1d');
  assert.equal(await flipper.inputValue('#move-message'), 'Over it goes');
  // Kept in the tab, not in the address: a reload on a later turn puts nothing back (tester 16 R4).
  assert.doesNotMatch(flipper.url(), /move=|message=|typed=/);
  await flipper.close();
  log('a platform turned over with the button beside the board');

  // The player pages: /me signed out, the key shown once, /me with a key, an open challenge, the lobby.
  const players = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const me = await players.newPage();
  watch('me', me);
  const playerPage = async (what: string, name: string) => {
    await axe(me, what);
    await fitsPhone(me, what);
    await snapBoth(me, name);
  };
  await me.goto(`${server.base}/me`);
  await playerPage('the /me page, signed out', 'me-signed-out');
  await me.fill('input[name=name]', 'Newcomer');
  await me.click('form[action="/me/new"] button');
  await me.waitForSelector('#player-key');
  await playerPage('the new player key page', 'me-new-key');
  await me.goto(`${server.base}/me`);
  await me.selectOption('#challenge-form select[name=variant]', 'curved-space');
  await me.click('#challenge-form button');
  await me.waitForURL(/\/challenges\/[a-z0-9]{12}$/);
  await playerPage('a challenge page', 'challenge');
  await me.goto(`${server.base}/me`);
  await playerPage('the /me page', 'me');
  await me.goto(`${server.base}/lobby`);
  assert.ok(await me.locator('#lobby li').count(), 'the lobby lists the open challenge');
  await playerPage('the lobby', 'lobby');
  await players.close();
  log('the player pages: /me, the new key, a challenge and the lobby');
});
