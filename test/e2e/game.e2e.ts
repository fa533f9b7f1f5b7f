// End to end, in real headless Chromium: start a First Contact game on the home
// page, open White's and Black's links in two browser contexts and play a whole
// short game to a win by check, with click-to-move and with the text box and
// preview; each page must update by itself when the opponent moves; then a few turns
// against the computer, whose replies arrive by themselves. Screenshots
// go to test-artifacts/e2e/. Run with `npm run test:e2e`.
//
// The game (checked with `npm run -s engine -- legal`):
//   1. @Wa4u @Ba1d  2. @Wd1u @Bd4u  3. K@Wd1 K@Ba1  4. Q@Wb4 P@Bb1  5. Wb4-Wa4u:b2#
// White's queen steps up onto the platform Wa4u and attacks the black king on
// Ba1 straight up through Na3 and Ba1d:b2: the first check wins.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { log, runInBrowser, shotPath, STEP_MS, coveredTargets } from './browser-run.ts';
import { ROOT } from './server.ts';

const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'e2e');
const TOTAL_MS = 240_000;

type Side = 'white' | 'black';

async function snap(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: shotPath(name), fullPage, timeout: STEP_MS });
}

/** Wait until the page (without a reload) shows the game at this ply. */
async function waitPly(page: Page, ply: number): Promise<void> {
  await page.waitForSelector(`#live[data-ply="${ply}"]`, { timeout: STEP_MS });
}

/** Wait until the page has this ply's legal turns: until then a click on the board picks nothing (the page ignores it). */
async function turnsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => (globalThis as unknown as { subspace?: { plans(): unknown[] } }).subspace?.plans().length, undefined, { timeout: STEP_MS });
}

/** Click board elements in order (click-to-move), then check the text box and the preview. */
async function clickMove(page: Page, selectors: string[], expected: string): Promise<void> {
  await turnsLoaded(page);
  for (const sel of selectors) await page.locator(`#board ${sel}`).first().click({ timeout: STEP_MS });
  assert.equal(await page.inputValue('#move'), expected, `clicking ${selectors.join(' ')} should fill in ${expected}`);
  await page.waitForSelector(`#preview [data-canonical="${expected}"]`, { timeout: STEP_MS });
}

/** Type a turn, preview it, check the canonical text. */
async function typeMove(page: Page, text: string, canonical: string): Promise<void> {
  await page.fill('#move', text, { timeout: STEP_MS });
  await page.click('#preview-btn', { timeout: STEP_MS });
  await page.waitForSelector(`#preview [data-canonical="${canonical}"]`, { timeout: STEP_MS });
}

async function send(page: Page, ply: number): Promise<void> {
  await page.click('#send-btn', { timeout: STEP_MS });
  await waitPly(page, ply);
}

runInBrowser('e2e', { totalMs: TOTAL_MS, artifacts: ARTIFACTS }, async ({ server, browser, errors, api }) => {
  const desktop = { viewport: { width: 1280, height: 900 } };
  const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
  const whiteCtx = await browser.newContext(desktop);
  const blackCtx = await browser.newContext(phone);
  const white = await whiteCtx.newPage();
  const black = await blackCtx.newPage();
  for (const [who, page] of [
    ['white', white],
    ['black', black],
  ] as const) {
    page.setDefaultTimeout(STEP_MS);
    page.on('pageerror', (e) => errors.push(`${who}: page error: ${e.message}`));
    page.on('console', (m) => {
      // A refused turn is a 400/422 answer by design (the page shows it in words).
      if (m.type() === 'error' && !/status of 4(00|22) /.test(m.text())) errors.push(`${who}: console: ${m.text()}`);
    });
  }

  // The home page: start a First Contact game with names and a clock.
  await white.goto(`${server.base}/`);
  await snap(white, 'home');
  await white.check('#variant-first-contact');
  await white.click('details.settings summary');
  await white.fill('#white', 'Picard');
  await white.fill('#black', 'Worf');
  await white.selectOption('#days', '3');
  await white.click('button[type=submit]');
  await white.waitForSelector('#link-black');
  await snap(white, 'links');
  const links = {
    white: await white.inputValue('#link-white'),
    black: await white.inputValue('#link-black'),
    spectator: await white.inputValue('#link-spectator'),
  };
  assert.match(links.white, /\/games\/[a-z0-9]+\?token=/);
  log(`game created: ${links.spectator}`);

  await white.goto(links.white);
  await black.goto(links.black);
  assert.match((await white.textContent('#status')) ?? '', /Your turn/);
  assert.match((await black.textContent('#status')) ?? '', /White to move/);
  await snap(white, 'white-start');

  // A wrong move typed in: the error comes back in words, nothing is played.
  await white.fill('#move', 'K@Wb1');
  await white.click('#preview-btn');
  await white.waitForSelector('#preview .msg.error');
  const why = (await white.textContent('#preview .msg.error')) ?? '';
  assert.match(why, /K@Wb1: /);
  log(`an early king is refused in words: ${why}`);
  await snap(white, 'white-error');

  // 1. @Wa4u by a click on the vacant pin; Black's page follows by itself.
  await clickMove(white, ['[data-cell="Wa4u"]'], '@Wa4u');
  await snap(white, 'white-preview-Wa4u');
  await send(white, 1);
  // Waiting, with the script: the page says it follows by itself (not to reload).
  assert.match((await white.innerText('#move-help')).trim(), /^Waiting for Black\. This page updates by itself\.$/);
  await waitPly(black, 1);
  log("1. @Wa4u (click) — Black's page updated without a reload");
  // ... @Ba1d typed, previewed, sent.
  await typeMove(black, '@ba1d', '@Ba1d');
  await snap(black, 'black-preview-Ba1d');
  await send(black, 2);
  await waitPly(white, 2);

  // 2. @Wd1u (typed) @Bd4u (click) - clicked while Black's legal turns are still on their way (a slow
  // link): the click is kept and played once they come, not lost (tester 9 U18).
  await black.route('**/legal', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await typeMove(white, '@Wd1u', '@Wd1u');
  await send(white, 3);
  await waitPly(black, 3);
  await black.locator('#board [data-cell="Bd4u"]').first().click({ timeout: STEP_MS });
  await black.waitForSelector('#preview [data-canonical="@Bd4u"]', { timeout: STEP_MS });
  assert.equal(await black.inputValue('#move'), '@Bd4u');
  await black.unroute('**/legal');
  await send(black, 4);
  await waitPly(white, 4);
  log('2. @Wd1u (typed) @Bd4u (click)');

  // 3. K@Wd1: the king from the hand, then its cell. K@Ba1 typed.
  await clickMove(white, ['[data-hand="K"][data-color="white"]', '[data-cell="Wd1"]'], 'K@Wd1');
  await send(white, 5);
  // The keyboard stays in the game after the page redraws itself (tester 9 U19: it fell to the body).
  await white.waitForFunction(
    () => (globalThis as unknown as { document: { activeElement: { tagName: string } | null } }).document.activeElement?.tagName !== 'BODY',
    undefined,
    { timeout: STEP_MS },
  );
  await waitPly(black, 5);
  await typeMove(black, 'K@Ba1', 'K@Ba1');
  await send(black, 6);
  await waitPly(white, 6);
  log('3. K@Wd1 (click) K@Ba1 (typed)');

  // 4. Q@Wb4 (click, keyboard: Enter on the focused hand piece and cell) P@Bb1 (typed)
  await turnsLoaded(white);
  await white.focus('#board [data-hand="Q"][data-color="white"]');
  await white.keyboard.press('Enter');
  await white.waitForSelector('#board [data-cell="Wb4"][data-target]');
  await snap(white, 'white-queen-targets');
  await white.focus('#board [data-cell="Wb4"]');
  await white.keyboard.press('Enter');
  assert.equal(await white.inputValue('#move'), 'Q@Wb4');
  await white.waitForSelector('#preview [data-canonical="Q@Wb4"]');
  await send(white, 7);
  await waitPly(black, 7);
  await typeMove(black, 'P@Bb1', 'P@Bb1');
  await send(black, 8);
  await waitPly(white, 8);
  // The analysis board, untouched, follows the game to its last ply (tester 13 W11: it stayed where the page opened).
  await white.waitForFunction(() => (globalThis as any).document.getElementById('ab-from')?.value === '8', undefined, { timeout: STEP_MS });
  log('4. Q@Wb4 (keyboard) P@Bb1 (typed)');

  // 5. Wb4-Wa4u:b2#: the queen onto the platform, checking the king: White wins.
  await turnsLoaded(white);
  await white.locator('#board [data-cell="Wb4"]').click();
  await white.waitForSelector('#board [data-cell="Wa4u:b2"][data-target]');
  await snap(white, 'white-queen-selected');
  // Black writes meanwhile: White's page redraws itself at the same position and keeps the queen
  // picked, her targets marked (tester 9 U19: the half-made pick was dropped).
  const blackUrl = new URL(links.black);
  const said = await api('POST', `${blackUrl.pathname.replace(/^\/games\//, '/api/games/')}/messages`, { text: 'Qapla!' }, blackUrl.searchParams.get('token')!);
  assert.equal(said.status, 201);
  await white.waitForSelector('#messages :text("Qapla!")', { timeout: STEP_MS });
  // ... and says it aloud: the redrawn region's own live regions are new, so a screen reader reads none (tester 13 W2).
  await white.waitForFunction(() => (globalThis as any).document.getElementById('announce')?.textContent === 'Your opponent wrote: Qapla!', undefined, {
    timeout: STEP_MS,
  });
  // A message of two lines shows as two lines (tester 18 Y12: the page's span collapsed its line breaks).
  const twoLines = await api(
    'POST',
    `${blackUrl.pathname.replace(/^\/games\//, '/api/games/')}/messages`,
    { text: 'Good luck.\nYou will need it.' },
    blackUrl.searchParams.get('token')!,
  );
  assert.equal(twoLines.status, 201);
  await white.waitForSelector('#messages li:nth-child(2) .message-text', { timeout: STEP_MS });
  assert.equal(await white.locator('#messages li:nth-child(2) .message-text').innerText(), 'Good luck.\nYou will need it.');
  await white.waitForSelector('#board [data-cell="Wa4u:b2"][data-target]', { timeout: STEP_MS });
  await white.locator('#board [data-cell="Wa4u:b2"]').click();
  assert.equal(await white.inputValue('#move'), 'Wb4-Wa4u:b2#');
  await white.waitForSelector('#preview [data-canonical="Wb4-Wa4u:b2#"]');
  const previewText = (await white.textContent('#preview')) ?? '';
  assert.match(previewText, /the game would end 1-0 \(check\)/);
  await snap(white, 'white-preview-win');
  await send(white, 9);
  await white.waitForSelector('#live[data-status="finished"]');
  await black.waitForSelector('#live[data-status="finished"]', { timeout: STEP_MS });
  const result = (await black.textContent('#status')) ?? '';
  assert.match(result, /White won by check/);
  log(`5. Wb4-Wa4u:b2# (click) — ${result.trim()}`);
  await snap(white, 'white-won');
  await snap(black, 'black-lost');

  // The spectator page and the image of the final position.
  const watcher = await whiteCtx.newPage();
  await watcher.goto(links.spectator);
  assert.match((await watcher.textContent('#status')) ?? '', /White won by check/);
  await snap(watcher, 'spectator');
  const id = new URL(links.spectator).pathname.split('/').pop()!;
  const image = await fetch(`${server.base}/api/games/${id}/board.svg?ply=9`);
  assert.equal(image.status, 200);
  assert.equal(image.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
  await watcher.goto(`${server.base}/api/games/${id}/board.svg?ply=9&size=600`);
  await snap(watcher, 'image-url', false); // a bare SVG document: the viewport only
  // The PNG for mail and chat, drawn by resvg inside wrangler dev, saved as an artifact.
  const png = await fetch(`${server.base}/api/games/${id}/board.png?ply=9&size=600`);
  assert.equal(png.status, 200);
  assert.equal(png.headers.get('content-type'), 'image/png');
  const pngBytes = Buffer.from(await png.arrayBuffer());
  assert.equal(pngBytes.subarray(1, 4).toString('latin1'), 'PNG');
  assert.equal(pngBytes.readUInt32BE(16), 600);
  writeFileSync(path.join(ARTIFACTS, 'board-ply9.png'), pngBytes);

  // Without JavaScript: the page still shows the board and the text form works.
  const noJs = await browser.newContext({ ...desktop, javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto(`${server.base}/`);
  await plain.click('button[type=submit]');
  const plainWhite = await plain.inputValue('#link-white');
  await plain.goto(plainWhite);
  // Without the script the board's cells do nothing, so they are not in the Tab order.
  assert.equal(await plain.locator('#board [tabindex]').count(), 0);
  assert.ok((await plain.locator('#board [data-button]').count()) > 40);
  await plain.fill('#move', '@Na1u');
  await plain.click('#preview-btn');
  await plain.waitForSelector('#preview:not([hidden])');
  assert.match((await plain.textContent('#preview')) ?? '', /Preview of @Na1u/);
  await plain.click('#send-btn');
  await plain.waitForSelector('.msg.ok');
  assert.match((await plain.textContent('.msg.ok')) ?? '', /You played @Na1u/);
  // Without the script nothing updates by itself, and the page says so (innerText: what shows).
  assert.match((await plain.innerText('#move-help')).trim(), /^Waiting for Black\. Reload the page to see their turn\.$/);
  assert.doesNotMatch(await plain.innerText('#board figcaption'), /Click a piece|arrow keys/);
  await snap(plain, 'no-js-played');
  // Hint without the script keeps the message typed for the turn (tester 16 R2).
  const hinted = (await (
    await fetch(`${server.base}/api/games`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant: 'planar', hints: true }),
    })
  ).json()) as { links: { white: string } };
  await plain.goto(hinted.links.white);
  await plain.fill('#move-message', 'good luck');
  await plain.click('#hint-btn');
  await plain.waitForSelector('#hint code[data-hint]');
  const suggestion = (await plain.getAttribute('#hint code[data-hint]', 'data-hint'))!;
  assert.equal(await plain.inputValue('#move'), suggestion, 'the hint is in the move box');
  assert.equal(await plain.inputValue('#move-message'), 'good luck', 'the message typed is kept');
  log('without JavaScript: preview, hint and send by form work');

  // Against the computer: the home form, then a few turns; its replies arrive on the page by themselves.
  const solo = await browser.newContext(desktop);
  const human = await solo.newPage();
  human.on('pageerror', (e) => errors.push(`solo: page error: ${e.message}`));
  await human.goto(`${server.base}/`);
  await human.check('#variant-warp-factor');
  await human.check('#opponent-computer');
  await human.selectOption('#level', '1');
  await human.click('details.settings summary');
  await human.fill('#white', 'Janeway');
  await human.click('button[type=submit]');
  await human.waitForSelector('#link-white');
  assert.equal(await human.locator('#link-black').count(), 0, 'the computer gets no link');
  await human.goto(await human.inputValue('#link-white'));
  assert.match((await human.textContent('#live')) ?? '', /Computer \(level 1\)/);
  const soloId = new URL(human.url()).pathname.split('/').pop()!;
  for (let ply = 0; ply < 6; ply += 2) {
    const options = ((await (await fetch(`${server.base}/api/games/${soloId}/legal`)).json()) as { legal: string[] }).legal;
    await typeMove(human, options[0]!, options[0]!);
    await send(human, ply + 1);
    await waitPly(human, ply + 2);
    log(`against the computer: ${options[0]}, and its reply arrived by itself (ply ${ply + 2})`);
  }
  await snap(human, 'computer-game');

  // Every variant: the script turns every legal turn into click steps; Planar asks for the orientation.
  const probe = await whiteCtx.newPage();
  probe.on('pageerror', (e) => errors.push(`probe: page error: ${e.message}`));
  for (const [variant, turns] of [
    ['warp-factor', ['Wb2-Wb3', 'Bb3-Bb2']],
    ['curved-space', []],
    ['planar', ['K@Ab1', 'K@Dc4', 'R@Ab2=XZ', 'P@Dc3']],
    ['first-contact', ['@Wa1u', '@Bd4d', '@Wd4u', '@Na1d', 'K@Wb2', 'K@Bc3']],
  ] as const) {
    const created = await api('POST', '/api/games', { variant });
    if (created.status !== 201) {
      log(`${variant}: not available here (${created.body.error}); skipped`);
      continue;
    }
    const g = created.body as { id: string; tokens: { white: string; black: string }; links: { white: string } };
    for (const [i, turn] of turns.entries()) {
      const r = await api('POST', `/api/games/${g.id}/moves`, { move: turn }, i % 2 ? g.tokens.black : g.tokens.white);
      assert.equal(r.status, 200, `${variant} ${turn}: ${JSON.stringify(r.body)}`);
    }
    const legal = (await api('GET', `/api/games/${g.id}/legal`)).body.legal as string[];
    await probe.goto(g.links.white);
    await probe.waitForFunction(() => (globalThis as unknown as { subspace?: { plans(): unknown[] } }).subspace?.plans().length);
    const planned = await probe.evaluate(() => (globalThis as unknown as { subspace: { plans(): unknown[] } }).subspace.plans().length);
    assert.equal(planned, legal.length, `${variant}: every legal turn should be clickable`);
    log(`${variant}: all ${legal.length} legal turns map to clicks`);
    if (variant === 'planar') {
      await probe.locator('#board [data-cell="Ab2"]').click();
      await probe.waitForSelector('#chooser:not([hidden]) button');
      assert.deepEqual(await coveredTargets(probe), [], "the orientation chooser covers none of the rook's targets (tester 13 W3)");
      await snap(probe, 'planar-orientation-chooser');
      await probe.click('#chooser button[aria-label="orientation YZ"]');
      assert.equal(await probe.inputValue('#move'), 'Ab2=YZ');
      await probe.waitForSelector('#preview [data-canonical="Ab2=YZ"]');
      await snap(probe, 'planar-preview');
    }
  }

  // On a phone: the board of every variant, from either side, fits the screen (scaled, not
  // scrolled), and a tap still picks the cell under it.
  const pocket = await blackCtx.newPage();
  pocket.on('pageerror', (e) => errors.push(`pocket: page error: ${e.message}`));
  const phoneWidth = () =>
    pocket.evaluate(() => {
      const w = globalThis as unknown as {
        innerWidth: number;
        document: { documentElement: { scrollWidth: number }; querySelector(s: string): { getBoundingClientRect(): { right: number } } };
      };
      return {
        inner: w.innerWidth,
        page: w.document.documentElement.scrollWidth,
        board: w.document.querySelector('#board svg').getBoundingClientRect().right,
      };
    });
  for (const variant of ['first-contact', 'warp-factor', 'curved-space', 'planar'] as const) {
    const g = (await api('POST', '/api/games', { variant })).body as { links: Record<'white' | 'black', string> };
    for (const side of ['white', 'black'] as const) {
      await pocket.goto(g.links[side]);
      const m = await phoneWidth();
      assert.ok(m.inner === 390 && m.page <= 390 && m.board <= 390, `${variant} from ${side} at 390 px: ${JSON.stringify(m)}`);
    }
  }
  const longName = 'N'.repeat(40);
  const tapped = (await api('POST', '/api/games', { variant: 'warp-factor', white: { name: longName }, black: { name: 'M'.repeat(40) } })).body as {
    id: string;
    tokens: Record<'white' | 'black', string>;
    links: Record<'white' | 'black', string>;
  };
  await pocket.goto(tapped.links.white);
  await clickMove(pocket, ['[data-cell="Wb2"]', '[data-cell="Wb3"]'], 'Wb2-Wb3');
  log('on a phone: every board fits 390 px from either side; taps on the scaled board pick the right cells');

  // A turn whose last tap is a chooser's button (Planar's orientation) brings Send move into view,
  // as one ending on a cell does (tester 19 Z2: it stayed a screen below).
  const oriented = (await api('POST', '/api/games', { variant: 'planar' })).body as { links: Record<'white' | 'black', string> };
  await pocket.goto(oriented.links.white);
  await pocket.waitForFunction(() => (globalThis as unknown as { subspace?: { plans(): unknown[] } }).subspace?.plans().length);
  await pocket.locator('#board [data-hand="K"][data-color="white"]').click();
  await pocket.locator('#board [data-cell="Aa1"]').click();
  await pocket.click('#chooser button[aria-label="orientation XZ"]');
  assert.equal(await pocket.inputValue('#move'), 'K@Aa1=XZ');
  await pocket.waitForFunction(
    () => {
      const r = (globalThis as any).document.querySelector('#send-btn').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= (globalThis as any).innerHeight + 1; // scrolled to the bottom edge, give or take a fraction
    },
    undefined,
    { timeout: STEP_MS },
  );
  log('on a phone: a turn ended in the chooser brings Send move into view');

  // A name and a message without spaces wrap: neither player's page grows wider than the phone.
  assert.equal((await api('POST', `/api/games/${tapped.id}/messages`, { text: 'x'.repeat(500) }, tapped.tokens.white)).status, 201);
  for (const side of ['white', 'black'] as const) {
    await pocket.goto(tapped.links[side]);
    await pocket.waitForSelector('.message-text');
    const m = await phoneWidth();
    assert.ok(m.inner === 390 && m.page <= 390, `${side}'s page with a long name and message at 390 px: ${JSON.stringify(m)}`);
  }
  await snap(pocket, 'long-message-390');

  // A turn refused on Send is said beside the move box, as not played; a good preview afterwards replaces it.
  const desk = await whiteCtx.newPage();
  desk.on('pageerror', (e) => errors.push(`desk: page error: ${e.message}`));
  await desk.goto(tapped.links.white);
  await desk.fill('#move', 'Wc1-Wc3');
  await desk.click('#send-btn');
  await desk.waitForSelector('#preview .msg.error');
  assert.match((await desk.textContent('#preview .msg.error')) ?? '', /^Not played: /);
  await typeMove(desk, 'Wb2-Wb3', 'Wb2-Wb3');
  assert.equal(await desk.locator('.msg.error').count(), 0, 'a good preview clears the old error');
  await snap(desk, 'error-then-preview', false);
  log('an old error goes when a good preview comes');

  // A finished game opens at its title and result, not scrolled down to the board.
  assert.equal((await api('POST', `/api/games/${tapped.id}/resign`, undefined, tapped.tokens.white)).status, 200);
  for (const page of [desk, pocket]) {
    await page.goto(tapped.links.white);
    await page.waitForSelector('#live[data-status="finished"]');
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY), 0, 'the finished game opens at the top');
  }
  log('a finished game opens at the top');

  /** A new game made through the API, White's page open on the desk. */
  const atDesk = async (variant: string) => {
    const game = (await api('POST', '/api/games', { variant })).body as { id: string; tokens: Record<Side, string>; links: Record<Side, string> };
    await desk.goto(game.links.white);
    return game;
  };

  // An offer turned down: the offerer's page says so (its "You offered a draw." line just went).
  const offered = await atDesk('warp-factor');
  await turnsLoaded(desk);
  assert.equal((await api('POST', `/api/games/${offered.id}/draw`, { action: 'offer' }, offered.tokens.white)).status, 200);
  await desk.waitForSelector('[data-own-offer="draw"]');
  assert.equal((await api('POST', `/api/games/${offered.id}/draw`, { action: 'decline' }, offered.tokens.black)).status, 200);
  await desk.waitForSelector('#flash :text("Your draw offer was declined.")');
  assert.equal(await desk.locator('[data-own-offer]').count(), 0);
  log("a declined draw offer is said on the offerer's page");
  // The opponent then resigns at the same ply: the game's end is what the page says, not the old decline (tester 19 Z4).
  assert.equal((await api('POST', `/api/games/${offered.id}/resign`, {}, offered.tokens.black)).status, 200);
  await desk.waitForSelector('#live[data-status="finished"]', { timeout: STEP_MS });
  assert.equal(await desk.locator('#flash :text("Your draw offer was declined.")').count(), 0, 'the old words went with the game');

  // "Make a new link" pressed twice is sent once (the site script's data-once): a second
  // send would carry the token the first ended, and its refusal would hide the new link.
  const leaked = await atDesk('planar');
  await desk.click('#seat-link summary');
  // The first request is held a moment, as on a slow connection, so the second press comes while it is on its way.
  let renewals = 0;
  await desk.route(`**/games/${leaked.id}/new-link`, async (route) => {
    renewals += 1;
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await desk.evaluate("{ const button = document.querySelector('#new-link'); button.click(); setTimeout(() => button.click(), 300); }");
  await desk.waitForSelector('#flash .msg.ok:has-text("your new link")');
  assert.equal(renewals, 1, 'one renewal sent for two presses');
  const fresh = desk.url();
  assert.notEqual(fresh, leaked.links.white);
  assert.equal((await fetch(leaked.links.white)).status, 403, 'the old link is refused');
  assert.equal((await fetch(fresh)).status, 200, 'the new link works');
  log('two presses on "Make a new link" renew the link once, and the page shows the new one');

  // A live update at the ply already shown (here the opponent's message) keeps what the page said
  // about the turn just sent: a refresh crossing the page's own wiped it (a flaky planned-reply check).
  const chat = await atDesk('warp-factor');
  await turnsLoaded(desk);
  await desk.fill('#move', 'Wb2-Wb3');
  await send(desk, 1);
  await desk.waitForSelector('#flash .msg.ok:has-text("You played Wb2-Wb3")');
  assert.equal((await api('POST', `/api/games/${chat.id}/messages`, { text: 'Qapla!' }, chat.tokens.black)).status, 201);
  await desk.waitForSelector('#messages :text("Qapla!")');
  assert.match((await desk.textContent('#flash')) ?? '', /You played Wb2-Wb3/);
  log("a live update at the same ply keeps the page's words about the turn just sent");

  // A game played by links, over: White offers a rematch on the desk; Black's page on the phone, left
  // open, shows the offer by itself; Black accepts and is in the new game as White; White's page shows
  // the new game's link by itself, which opens it with White's own link (tester 18 Y10).
  const friends = await atDesk('warp-factor');
  assert.equal((await api('POST', `/api/games/${friends.id}/resign`, {}, friends.tokens.black)).status, 200);
  await desk.goto(friends.links.white);
  await pocket.goto(friends.links.black);
  await desk.click('#rematch-btn');
  await desk.waitForSelector('#rematch-offered');
  await pocket.waitForSelector('#rematch-form :text("Your opponent offers a rematch")', { timeout: STEP_MS });
  await snap(pocket, 'rematch-offered-390', false);
  await pocket.click('#rematch-btn');
  await pocket.waitForURL((url) => url.pathname.startsWith('/games/') && !url.pathname.includes(friends.id), { timeout: STEP_MS });
  assert.match((await pocket.textContent('.players')) ?? '', /you are White/);
  await desk.waitForSelector('#rematch-started a', { timeout: STEP_MS });
  await snap(desk, 'rematch-started-1280', false);
  await desk.click('#rematch-started a');
  await desk.waitForSelector('#live[data-status="active"]');
  assert.equal(new URL(desk.url()).pathname, new URL(pocket.url()).pathname, 'both in the same new game');
  assert.match((await desk.textContent('.players')) ?? '', /you are Black/);
  log('a rematch by links: offered on one page, seen and accepted on the other, both in the new game with their own links');
});
