// The web pages, their no-JavaScript forms, the preview and the board images,
// called the way a browser (or a chat bot) would, inside workerd.
import { exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { BASE, call, FIRST_CONTACT_WIN, followed, form, location, newGame, occurrences, play, createWithForm, typedTagOf } from './helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';
import { positionKey } from '../../src/service/public-state.ts';

describe('home page', () => {
  it('offers all four variants, their options, the clock and the names, with labels', async () => {
    const res = await call('GET', '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.text).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(res.text).toContain('name="viewport"');
    for (const v of ['first-contact', 'warp-factor', 'curved-space', 'planar']) expect(res.text).toContain(`id="variant-${v}" value="${v}"`);
    for (const d of ['1', '2', '3', '5', '7', '10', '14']) expect(res.text).toContain(`<option value="${d}"`);
    expect(res.text).toContain('name="platformMoves"');
    expect(res.text).toContain('<label for="white">');
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
  });
});

describe('creating a game with the form', () => {
  it('shows the three links, which lead to the player and spectator pages', async () => {
    const res = await createWithForm({
      variant: 'warp-factor',
      white: 'Kirk',
      black: 'Kor',
      days: '3',
      timeout: 'claim',
      platforms: '4',
      platformMoves: 'fixed',
    });
    expect(res.status).toBe(200);
    const links = [...res.text.matchAll(/data-link="(\w+)"|value="(http[^"]+)"/g)].map((m) => m[2]).filter(Boolean) as string[];
    expect(links).toHaveLength(3);
    const [white, black, spectator] = links.map((l) => l.replaceAll('&amp;', '&'));
    expect(white).toMatch(/\/games\/[a-z0-9]+\?token=/);
    expect(black).toMatch(/\/games\/[a-z0-9]+\?token=/);
    const id = /\/games\/([a-z0-9]+)$/.exec(spectator!)![1]!;
    const state = await call('GET', `/api/games/${id}`);
    expect(state.body).toMatchObject({
      variant: 'warp-factor',
      players: { white: { name: 'Kirk' }, black: { name: 'Kor' } },
      clock: { daysPerMove: 3, timeout: 'claim' },
    });
    const page = await call('GET', new URL(white!).pathname + new URL(white!).search);
    expect(page.status).toBe(200);
    expect(page.text).toContain('you are White');
  });

  it('passes Curved Space options through (or says why it cannot)', async () => {
    const res = await createWithForm({ variant: 'curved-space', platforms: '6', platformMoves: 'after-capture' });
    if (res.status === 200) {
      const id = /\/games\/([a-z0-9]+)"/.exec(res.text)![1]!;
      expect((await call('GET', `/api/games/${id}`)).body.options).toEqual({ platforms: 6, platformMoves: 'after-capture' });
    } else {
      // The variant is still being built: the page says so in words.
      expect(res.status).toBe(400);
      expect(res.text).toContain('curved-space is not available');
    }
  });

  it('says what is wrong with a bad form, keeping what was typed', async () => {
    const res = await createWithForm({ variant: 'chess', white: 'Kirk' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('choose one of First Contact, Warp Factor, Curved Space, Planar Chess');
    expect(res.text).toContain('value="Kirk"');
    const days = await createWithForm({ variant: 'planar', days: '4' });
    expect(days.status).toBe(400);
    expect(days.text).toContain('Time per move: must be none or 1, 2, 3, 5, 7, 10, 14 days');
    // A field left out is named by its label (was a bare "is required").
    const none = await createWithForm({ white: 'Kirk' });
    expect(none.status).toBe(400);
    expect(none.text).toContain('Variant: is required');
  });

  it('refuses a form posted from another site', async () => {
    const res = await createWithForm({ variant: 'planar' }, 'https://evil.example', { Accept: 'text/html' });
    expect(res.status).toBe(403);
    expect(res.text).toContain('Form refused');
    expect(res.text).toContain('sent from https://evil.example, another site');
  });
});

describe('the game page', () => {
  it("a player's page has the interactive board, the move form and the actions", async () => {
    const g = await newGame('first-contact', { white: { name: 'Picard' } });
    const res = await call('GET', `/games/${g.id}?token=${g.tokens.white}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.text).toContain('<svg xmlns="http://www.w3.org/2000/svg" class="ssb"');
    expect(res.text).toContain('data-cell="Wa1u" data-button="" role="img" aria-label=');
    expect(res.text).not.toContain('tabindex="0"'); // the script makes them buttons
    expect(res.text).toContain(`<form method="post" action="/games/${g.id}/move"`);
    expect(res.text).toContain('<label for="move">');
    expect(res.text).toContain(`name="token" value="${g.tokens.white}"`);
    expect(res.text).toContain('name="ply" value="1"');
    expect(res.text).toContain('Your turn');
    expect(res.text).toContain('Resign');
    expect(res.text).toMatch(/<script src="\/static\/game.js" defer(="")?>/);
  });

  it('the spectator page is read-only', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    const res = await call('GET', `/games/${g.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('you are watching');
    expect(res.text).toContain('role="img"');
    expect(res.text).not.toContain('data-button');
    expect(res.text).not.toContain('name="move"');
    expect(res.text).toContain('Wb2-Wb3');
    expect(res.text).toContain('class="ssb-last"');
  });

  it('a wrong token is a 403 page in words; an unknown game a 404 page', async () => {
    const g = await newGame('planar');
    const wrong = await call('GET', `/games/${g.id}?token=${'x'.repeat(43)}`);
    expect(wrong.status).toBe(403);
    expect(wrong.text).toContain('The token in this link holds no seat in game');
    // The way on says where it goes (tester 9 U6: it was "Back", and led to the spectator's view).
    expect(wrong.text).toContain(`<a href="/games/${g.id}">Watch this game as a spectator</a>`);
    expect(wrong.text).not.toContain('>Back</a>');
    const malformed = await call('GET', `/games/${g.id}?token=short`);
    expect(malformed.status).toBe(403);
    const missing = await call('GET', '/games/nosuchgame1');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('No game with id nosuchgame1');
    expect(missing.text).toContain('<a href="/">Start a new game</a>');
  });

  it('the partial view is just the live region (for the script)', async () => {
    const g = await newGame('warp-factor');
    const res = await call('GET', `/games/${g.id}?partial=1`);
    expect(res.text).toMatch(/^<div id="live" data-game="[a-z0-9]+" data-ply="0"/);
    expect(res.text).not.toContain('<html');
  });
});

describe('playing with forms (no JavaScript)', () => {
  it('a move posted by the form is played, then the page shows it (Post/Redirect/Get)', async () => {
    const g = await newGame('warp-factor');
    const res = await form(`/games/${g.id}/move`, { token: g.tokens.white, ply: '1', move: 'wb2-wb3', do: 'send' });
    expect(res.status).toBe(303);
    const to = location(res);
    expect(to.pathname).toBe(`/games/${g.id}`);
    expect(to.searchParams.get('token')).toBe(g.tokens.white);
    expect(to.searchParams.get('ok')).toBe('You played Wb2-Wb3.');
    const page = await call('GET', to.pathname + to.search);
    expect(page.text).toContain('You played Wb2-Wb3.');
    expect(page.text).toContain('Black to move');
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(1);
  });

  it('an illegal move comes back as an error in words, with the text kept', async () => {
    const g = await newGame('warp-factor');
    const res = await form(`/games/${g.id}/move`, { token: g.tokens.white, ply: '1', move: 'Wc1-Wc3' });
    expect(res.status).toBe(303);
    const to = location(res);
    expect(to.searchParams.get('error')).toMatch(/^Not played: Wc1-Wc3: a bishop/);
    const page = await call('GET', to.pathname + to.search);
    expect(page.text).toContain('role="alert"');
    // Said beside the move box, where the page opens (on a phone the top is a screen away), not on top.
    expect(to.hash).toBe('#move-form');
    // No live region around it (the alert says itself; a preview is said once, through #announce).
    expect(page.text).toMatch(/<div id="preview" class="preview"><p class="msg error" role="alert">Not played: Wc1-Wc3: a bishop/);
    expect(page.text).toContain('<div id="flash" role="status"></div>');
    // Only our own redirects put words on the page: the same message without its tag, a
    // changed message, or a message on the spectator page is not shown.
    const spoof = 'Session expired. Re-enter your password at evil.example';
    for (const path of [
      `/games/${g.id}?token=${g.tokens.white}&error=${encodeURIComponent(spoof)}`,
      `/games/${g.id}?token=${g.tokens.white}&error=${encodeURIComponent(spoof)}&sig=${to.searchParams.get('sig')}`,
      `/games/${g.id}?error=${encodeURIComponent(spoof)}`,
      `/games/${g.id}?ok=${encodeURIComponent(spoof)}`,
    ])
      expect((await call('GET', path)).text, path).not.toContain('evil.example');
    expect(page.text).toContain('a bishop slides diagonally');
    expect(page.text).toContain('value="Wc1-Wc3"');
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(0);
    const stale = location(await form(`/games/${g.id}/move`, { token: g.tokens.white, ply: '5', move: 'Wb2-Wb3' }));
    expect(stale.searchParams.get('error')).toContain('not yet at ply 5');
    // A page left open while a turn was played elsewhere: said in words, the turn kept in the box.
    const other = await newGame('warp-factor');
    await play(other, 'Wb2-Wb3');
    const left = location(await form(`/games/${other.id}/move`, { token: other.tokens.white, ply: '1', move: 'Wc2-Wc3' }));
    expect(left.searchParams.get('error')).toMatch(/^Not played: Wc2-Wc3 was sent for a position the game has left/);
    expect(left.searchParams.get('move')).toBe('Wc2-Wc3');
    // The same form posted twice (a double click without scripts): the second answer, the one the
    // browser shows, says the turn was played, not "Not played"; the turn is in the game once.
    const twice = await newGame('warp-factor');
    const posts = await Promise.all([1, 2].map(() => form(`/games/${twice.id}/move`, { token: twice.tokens.white, ply: '1', move: 'Wb2-Wb3' })));
    expect(posts.map((p) => location(p).searchParams.get('ok'))).toEqual(['You played Wb2-Wb3.', 'You played Wb2-Wb3.']);
    expect((await call('GET', `/api/games/${twice.id}/moves`)).body.moves.map((m: { text: string }) => m.text)).toEqual(['Wb2-Wb3']);
    // Only the same turn by the same side: Black sending that ply is still refused as stale.
    const blackLate = location(await form(`/games/${twice.id}/move`, { token: twice.tokens.black, ply: '1', move: 'Wb2-Wb3' }));
    expect(blackLate.searchParams.get('ok')).toBeNull();
    const notYours = location(await form(`/games/${g.id}/move`, { token: g.tokens.black, ply: '1', move: 'Bb3-Bb2' }));
    expect(notYours.searchParams.get('error')).toContain("it is White's turn, not yours");
    // The same rules as the API: no control characters, and a "#<ply>" suffix is the ply.
    const control = location(await form(`/games/${g.id}/move`, { token: g.tokens.white, move: 'Wb2-Wb3\u0001' }));
    expect(control.searchParams.get('error')).toContain('control character');
    const suffixStale = location(await form(`/games/${g.id}/move`, { token: g.tokens.white, move: 'Wb2-Wb3 #4' }));
    expect(suffixStale.searchParams.get('error')).toContain('not yet at ply 4');
    const suffixed = location(await form(`/games/${g.id}/move`, { token: g.tokens.white, move: 'Wb2-Wb3 #1' }));
    expect(suffixed.searchParams.get('ok')).toBe('You played Wb2-Wb3.');
  });

  it('the message typed with a turn stays in its box through a refusal and a preview (no JavaScript)', async () => {
    const g = await newGame('warp-factor');
    const said = 'Good luck <b>Kor</b> & may the best win';
    const refused = location(await form(`/games/${g.id}/move`, { token: g.tokens.white, move: 'Wc1-Wc3', message: said }));
    expect(refused.searchParams.get('message')).toBe(said);
    const page = (await call('GET', refused.pathname + refused.search)).text;
    expect(page).toContain('>Good luck &lt;b&gt;Kor&lt;/b&gt; &amp; may the best win</textarea>');
    const previewed = location(await form(`/games/${g.id}/move`, { token: g.tokens.white, move: 'Wb2-Wb3', message: said, do: 'preview' }));
    const preview = (await call('GET', previewed.pathname + previewed.search)).text;
    expect(preview).toContain('Preview of <code>Wb2-Wb3</code>');
    expect(preview).toContain('may the best win</textarea>');
    // Nothing was played or sent; a spectator's page never shows it.
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(0);
    expect((await call('GET', `/games/${g.id}?message=${encodeURIComponent(said)}`)).text).not.toContain('may the best win');
  });

  it("a link from elsewhere cannot fill a player's move or message box, nor preview or plan (tester 11 S4)", async () => {
    const g = await newGame('warp-factor');
    const said = 'Your account is suspended. Visit evil.example to appeal';
    const lure = `?move=Wb2-Wb3&message=${encodeURIComponent(said)}&do=preview`;
    const own = `/games/${g.id}?token=${g.tokens.white}`;
    const kirk = await newPlayer('Kirk');
    const { game: mine } = await startGame(kirk, await newPlayer('Kor'));
    const cookie = (key: string) => ({ Cookie: `subspace_key=${key}` });
    // The seat link, the signed-in player's cookie page, a tag of another game or another seat: nothing taken.
    const otherTag = typedTagOf((await call('GET', `/games/${g.id}?token=${g.tokens.black}`)).text);
    for (const [path, headers] of [
      [`${own}&${lure.slice(1)}`, {}],
      [`${own}&${lure.slice(1)}&typed=${otherTag}`, {}],
      [`/games/${mine.id}${lure}`, cookie(kirk.key)],
    ] as const) {
      const page = (await call('GET', path, { headers })).text;
      expect(page, path).toContain('id="move-form"');
      expect(page, path).not.toContain('evil.example');
      expect(page, path).not.toContain('Preview of');
      expect(page, path).not.toContain('value="Wb2-Wb3"');
    }
    // The page's own Preview carries the tag: then the boxes are filled, as before.
    const typed = typedTagOf((await call('GET', `/games/${mine.id}`, { headers: cookie(kirk.key) })).text);
    const back = (await call('GET', `/games/${mine.id}${lure}&typed=${typed}`, { headers: cookie(kirk.key) })).text;
    expect(back).toContain('Preview of <code>Wb2-Wb3</code>');
    expect(back).toContain('evil.example to appeal</textarea>');
  });

  it('the preview button works without JavaScript and writes nothing', async () => {
    const g = await newGame('warp-factor');
    const own = `/games/${g.id}?token=${g.tokens.white}`;
    const typed = typedTagOf((await call('GET', own)).text);
    expect(typed).toMatch(/^[0-9a-f]{16}$/);
    const res = await call('GET', `${own}&ply=1&move=Wb2-Wb3&do=preview&typed=${typed}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Preview of <code>Wb2-Wb3</code>');
    expect(res.text.match(/<svg /g)).toHaveLength(2);
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(0);
  });

  it('resign, draw and abort buttons work as forms', async () => {
    const g = await newGame('warp-factor');
    const offered = await form(`/games/${g.id}/draw`, { token: g.tokens.white, action: 'offer' });
    // Confirmed, in words of its own beside the status line's (tester 18 Y10).
    expect(location(offered).searchParams.get('ok')).toBe('Your draw offer is sent: your opponent may accept or decline it.');
    const offeredPage = (await followed(offered)).text;
    expect(occurrences(offeredPage, 'You offered a draw.')).toBe(1);
    expect(offeredPage).toContain('<p class="msg ok">Your draw offer is sent: your opponent may accept or decline it.</p>');
    const blackPage = await call('GET', `/games/${g.id}?token=${g.tokens.black}`);
    expect(blackPage.text).toContain('White offers a draw.');
    expect(blackPage.text).toContain('Accept the draw');
    const declined = location(await form(`/games/${g.id}/draw`, { token: g.tokens.black, action: 'decline' }));
    expect(declined.searchParams.get('ok')).toBe('You declined the draw.');
    // Without the page's script, Resign asks once more on a page of its own, and nothing ends yet (tester 9 U7).
    const asked = await form(`/games/${g.id}/resign`, { token: g.tokens.black });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('<h1>Resign this game?</h1>');
    expect(asked.text).toContain('name="confirmed" value="1"');
    expect(asked.text).toContain(`href="/games/${g.id}?token=${g.tokens.black}"`);
    expect((await call('GET', `/api/games/${g.id}`)).body.status).toBe('active');
    const resigned = location(await form(`/games/${g.id}/resign`, { token: g.tokens.black, confirmed: '1' }));
    expect(resigned.searchParams.get('ok')).toBe('You resigned.');
    const over = await call('GET', `/games/${g.id}`);
    expect(over.text).toContain('White won by resignation (1-0).');
    const again = location(await form(`/games/${g.id}/abort`, { token: g.tokens.white, confirmed: '1' }));
    expect(again.searchParams.get('error')).toContain('The game is over');
    // Pressed twice (no script): the second answer, the one the browser shows, says what the first did (tester 20 T12);
    // the winner pressing Resign after the end is still told the game is over.
    const twice = location(await form(`/games/${g.id}/resign`, { token: g.tokens.black, confirmed: '1' }));
    expect([twice.searchParams.get('ok'), twice.searchParams.get('error')]).toEqual(['You resigned.', null]);
    const winner = location(await form(`/games/${g.id}/resign`, { token: g.tokens.white, confirmed: '1' }));
    expect(winner.searchParams.get('error')).toContain('The game is over');
    const drawn = await newGame('warp-factor');
    await form(`/games/${drawn.id}/draw`, { token: drawn.tokens.white, action: 'offer' });
    const accepts = await Promise.all([0, 1].map(() => form(`/games/${drawn.id}/draw`, { token: drawn.tokens.black, action: 'accept' })));
    expect(accepts.map((a) => location(a).searchParams.get('ok'))).toEqual(['The game is drawn by agreement.', 'The game is drawn by agreement.']);
    const forged = await form(`/games/${g.id}/resign`, { token: g.tokens.white }, 'https://evil.example');
    expect(forged.status).toBe(403);
  });
});

describe('preview API', () => {
  it('returns the canonical turn, the picture and the state, and never writes', async () => {
    const g = await newGame('first-contact');
    const res = await call('GET', `/api/games/${g.id}/preview?move=${encodeURIComponent('@wa1u')}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, canonical: '@Wa1u', ply: 1, state: { sideToMove: 'black', phase: 'platforms', check: false, outcome: null } });
    expect(res.body.svg).toMatch(/^<svg /);
    expect(res.body.svg).toContain('data-pin="Wa1u"');
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(0);
    expect((await call('GET', `/api/games/${g.id}/moves`)).body.moves).toEqual([]);
  });

  it('says why a turn cannot be played', async () => {
    const g = await newGame('warp-factor');
    const bad = await call('GET', `/api/games/${g.id}/preview?move=Wc2-Wc5`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('expected a cell');
    const illegal = await call('GET', `/api/games/${g.id}/preview?move=Wc1-Wc3`);
    expect(illegal.status).toBe(422);
    expect(illegal.body.error).toContain('bishop');
    expect((await call('GET', `/api/games/${g.id}/preview`)).status).toBe(400);
    expect((await call('GET', '/api/games/nosuchgame1/preview?move=Wb2-Wb3')).status).toBe(404);
    const control = await call('GET', `/api/games/${g.id}/preview?move=${encodeURIComponent('Wb2-Wb3\u0001')}`);
    expect([control.status, control.body.error]).toEqual([400, expect.stringContaining('control character')]);
    const suffixed = await call('GET', `/api/games/${g.id}/preview?move=${encodeURIComponent('Wb2-Wb3 #1')}`);
    expect([suffixed.status, suffixed.body.canonical]).toEqual([200, 'Wb2-Wb3']);
  });
});

describe('board images', () => {
  it('any position of a game as SVG, cached for good when the address names its position (or the game is over)', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    const now = await call('GET', `/api/games/${g.id}/board.svg`);
    expect(now.status).toBe(200);
    expect(now.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(now.headers.get('Cache-Control')).toBe('public, max-age=10');
    expect(now.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(now.text).toContain('Black to move');
    expect(now.text).toContain('class="ssb-last"');
    const startKey = positionKey((await call('GET', `/api/games/${g.id}`)).body.startPosition);
    const start = await call('GET', `/api/games/${g.id}/board.svg?ply=0&size=300&at=${startKey}`);
    expect(start.status).toBe(200);
    expect(start.headers.get('Cache-Control')).toContain('immutable');
    // Without its key a ply of a game going on is kept briefly: a takeback can put another position there.
    expect((await call('GET', `/api/games/${g.id}/board.svg?ply=0`)).headers.get('Cache-Control')).toBe('public, max-age=10');
    expect(start.text).toContain('width="300"');
    expect(start.text).toContain('White to move');
    const future = await call('GET', `/api/games/${g.id}/board.svg?ply=9`);
    expect(future.status).toBe(404);
    expect(future.body.error).toContain('there is no ply 9');
    expect((await call('GET', `/api/games/${g.id}/board.svg?size=5`)).body.error).toContain('size: must be at least 120');
  });

  it('the final picture of a finished game says how it ended', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    await call('POST', `/api/games/${g.id}/resign`, { token: g.tokens.black });
    const now = await call('GET', `/api/games/${g.id}/board.svg`);
    expect(now.text).toContain('<title>Warp Factor \u2014 White won by resignation (1-0).</title>');
    expect(now.text).not.toContain('Black to move');
    expect((await call('GET', `/api/games/${g.id}/board.svg?ply=0`)).text).toContain('White to move');

    // The latest ply of a game still going may yet get an ending's caption: it is cached briefly,
    // and for good once the game is over.
    const going = await newGame('warp-factor');
    await play(going, 'Wb2-Wb3');
    const before = await call('GET', `/api/games/${going.id}/board.svg?ply=1`);
    expect(before.headers.get('Cache-Control')).toBe('public, max-age=10');
    // Named with its position's key too (as notifications name it): the caption may yet come.
    const key = positionKey((await call('GET', `/api/games/${going.id}`)).body.position);
    expect((await call('GET', `/api/games/${going.id}/board.svg?ply=1&at=${key}`)).headers.get('Cache-Control')).toBe('public, max-age=10');
    expect(before.text).toContain('Black to move');
    await call('POST', `/api/games/${going.id}/resign`, { token: going.tokens.black });
    const after = await call('GET', `/api/games/${going.id}/board.svg?ply=1`);
    expect(after.headers.get('Cache-Control')).toContain('immutable');
    expect(after.text).toContain('White won by resignation (1-0).');

    // A free-standing position that is over on the board says so too.
    const fc = await newGame('first-contact');
    for (const turn of FIRST_CONTACT_WIN) await play(fc, turn);
    const position = (await call('GET', `/api/games/${fc.id}`)).body.position;
    const free = await call('GET', `/api/board.svg?variant=first-contact&position=${encodeURIComponent(position)}`);
    expect(free.text).toContain('Black won by check (0-1).');
  });

  it('a position given as text, or a 400 that says what is wrong', async () => {
    const position = '4/4/PPPP/NBBN|4/4/4/4|nbbn/pppp/4/4 Wa1u*w:PP/RQ,Wd1u*w:PP/KR,Ba4u*b:rq/pp,Bd4u*b:kr/pp - w - -';
    const ok = await call('GET', `/api/board.svg?variant=warp-factor&position=${encodeURIComponent(position)}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(ok.text).toContain('Warp Factor');
    const bad = await call('GET', `/api/board.svg?variant=warp-factor&position=${encodeURIComponent('4/4/4 w')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^position: /);
    const noVariant = await call('GET', `/api/board.svg?position=x`);
    expect(noVariant.status).toBe(400);
    expect(noVariant.body.error).toContain('variant');
  });

  it('the same pictures as PNG for mail and chat, pieces and labels stamped on from their outlines', { timeout: 240_000 }, async () => {
    const png = async (path: string) => {
      const res = await exports.default.fetch(new Request(`${BASE}${path}`));
      return {
        status: res.status,
        type: res.headers.get('Content-Type'),
        cache: res.headers.get('Cache-Control'),
        bytes: new Uint8Array(await res.arrayBuffer()),
      };
    };
    const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const width = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset).getUint32(16); // IHDR follows the signature
    const g = await newGame('curved-space');
    await play(g, '1@Wa1u');
    const first = positionKey((await call('GET', `/api/games/${g.id}`)).body.position);
    await play(g, '2@Bd4d');
    const game = await png(`/api/games/${g.id}/board.png?ply=1&size=400&at=${first}`);
    expect(game.status).toBe(200);
    expect(game.type).toBe('image/png');
    expect(game.cache).toContain('immutable');
    expect([...game.bytes.slice(0, 8)]).toEqual(signature);
    expect(width(game.bytes)).toBe(400);
    expect((await png(`/api/games/${g.id}/board.png?ply=7`)).status).toBe(404);
    // Kept in the Workers cache (the Cache API, as hono/cache kept it): a 200 anyone may keep, not a 404.
    const kept = await caches.open('board-png-3');
    // Keyed by the parameters it is drawn from, in one order: another order, or parameters of no meaning, are the same picture (tester 11 S17).
    await vi.waitFor(async () => expect(await kept.match(`${BASE}/api/games/${g.id}/board.png?at=${first}&ply=1&size=400`)).toBeDefined());
    expect(await kept.match(`${BASE}/api/games/${g.id}/board.png?ply=1&size=400&at=${first}`)).toBeUndefined();
    expect(await kept.match(`${BASE}/api/games/${g.id}/board.png?ply=7`)).toBeUndefined();
    const fromCache = await png(`/api/games/${g.id}/board.png?size=400&junk=1&at=${first}&ply=1`);
    expect([...fromCache.bytes]).toEqual([...game.bytes]);

    // Two positions that differ in one pawn only, which is stamped on after resvg draws the rest:
    // were the stamps lost, both would come out the same picture.
    const start = '4/4/PPPP/NBBN|4/4/4/4|nbbn/pppp/4/4 Wa1u*w:PP/RQ,Wd1u*w:PP/KR,Ba4u*b:rq/pp,Bd4u*b:kr/pp - w - -';
    const image = (position: string) => png(`/api/board.png?variant=warp-factor&size=500&position=${encodeURIComponent(position)}`);
    const [a, again, b] = [await image(start), await image(start), await image(start.replace('4/4/PPPP', '4/4/1PPP'))];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(width(a.bytes)).toBe(500);
    expect(a.bytes).toEqual(again.bytes);
    expect(a.bytes).not.toEqual(b.bytes);
    const bad = await call('GET', `/api/board.png?variant=warp-factor&position=${encodeURIComponent('4/4/4 w')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^position: /);
  });
});

describe('set-up phases without scripts', () => {
  it('say what to place; how to click it only where scripts run; the replay buttons too', async () => {
    const g = await newGame('first-contact');
    for (const [i, turn] of FIRST_CONTACT_WIN.slice(0, 4).entries()) await play(g, turn, i % 2 ? 'black' : 'white');
    const page = (await call('GET', `/games/${g.id}?token=${g.tokens.white}`)).text;
    expect(page).toContain('Placing kings: drop your king first<span class="js-only"> (click the king in hand, then an empty cell)</span>.');
    expect(page).toMatch(/<div class="row replay js-only" id="replay" hidden/);
    const start = (await call('GET', `/games/${(await newGame('warp-factor')).id}`)).text;
    expect(start).not.toContain('Placing');
    const cs = await newGame('curved-space');
    expect((await call('GET', `/games/${cs.id}?token=${cs.tokens.white}`)).text).toContain(
      'place the next numbered platform on a dashed pin<span class="js-only"> (click a dashed pin, then pick its number)</span>. Kings come next, then play.',
    );
    // How to click is for the one whose turn it is, not a spectator or the player waiting (tester 13 W5).
    for (const other of [`/games/${cs.id}`, `/games/${cs.id}?token=${cs.tokens.black}`])
      expect((await call('GET', other)).text).toContain('White places the next numbered platform on a dashed pin. Kings come next, then play.');
  });
});
