// Takeback by agreement: ask, accept (one guarded write), decline; the history and the record
// say so; an accept racing the other player's move: exactly one wins.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GameService } from '../../src/service/games.ts';
import { call, expectRebuilds, followed, form, inGame, location, moveTexts, newGame, occurrences, play } from './helpers.ts';
import { captureQueue } from './notify-helpers.ts';
import { captureComputerTurns, runComputerQueue } from './computer-helpers.ts';
import { positionKey } from '../../src/service/public-state.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

type G = Awaited<ReturnType<typeof newGame>>;
const takeback = (g: G, side: 'white' | 'black', action: unknown) => call('POST', `/api/games/${g.id}/takeback`, { json: { action }, token: g.tokens[side] });

describe('takeback by agreement', () => {
  it('undoes the asker’s last turn, or that turn and the reply after it; history and record say so', async () => {
    const g = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { name: 'Kor' } });
    const start = (await call('GET', `/api/games/${g.id}`)).body.position;
    await play(g, 'Wb2-Wb3');
    const afterOne = (await call('GET', `/api/games/${g.id}`)).body.position;
    await play(g, 'Bb3-Bb2');
    await play(g, 'Wa2-Wa3');
    // White asks right after their own turn: one ply goes.
    const asked = await takeback(g, 'white', 'offer');
    expect(asked.status).toBe(200);
    expect(asked.body.takebackOffer).toBe('white');
    const accepted = await takeback(g, 'black', 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ ply: 2, sideToMove: 'white', takebackOffer: null });
    expect(await moveTexts(g.id)).toEqual(['Wb2-Wb3', 'Bb3-Bb2']);
    await expectRebuilds(g.id);
    // Black asks after White's reply: Black's turn and White's reply both go.
    await play(g, 'Wc2-Wc3');
    expect((await takeback(g, 'black', 'offer')).status).toBe(200);
    const second = await takeback(g, 'white', 'accept');
    expect(second.body).toMatchObject({ ply: 1, sideToMove: 'black', position: afterOne });
    expect(await moveTexts(g.id)).toEqual(['Wb2-Wb3']);
    await expectRebuilds(g.id);
    // Back to the start position.
    expect((await takeback(g, 'white', 'offer')).status).toBe(200);
    expect((await takeback(g, 'black', 'accept')).body).toMatchObject({ ply: 0, position: start, sideToMove: 'white' });
    await expectRebuilds(g.id);
    await play(g, 'Wd2-Wd3');

    const history = (await call('GET', `/api/games/${g.id}/moves`)).body;
    expect(history.moves.map((m: { text: string }) => m.text)).toEqual(['Wd2-Wd3']);
    expect(
      history.takebacks.map((t: { side: string; fromPly: number; toPly: number; turns: { text: string }[] }) => [
        t.side,
        t.fromPly,
        t.toPly,
        t.turns.map((m) => m.text),
      ]),
    ).toEqual([
      ['white', 3, 2, ['Wa2-Wa3']],
      ['black', 3, 1, ['Bb3-Bb2', 'Wc2-Wc3']],
      ['white', 1, 0, ['Wb2-Wb3']],
    ]);
    const record = (await call('GET', `/api/games/${g.id}/record`)).text;
    expect(record).toContain('{Takeback by agreement (White asked): ply 1 Wb2-Wb3 taken back}');
    // Takebacks in a line the game later went back past are not placed in the movetext.
    expect(record).not.toContain('Bb3-Bb2');
    expect(record).not.toContain('Wa2-Wa3');
    // The record imports again: the comments are read past, the game is the same.
    const imported = await call('POST', '/api/games/import', { text: record });
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body.state.position).toBe((await call('GET', `/api/games/${g.id}`)).body.position);
    const page = (await call('GET', `/games/${g.id}`)).text;
    expect(page).toContain('Taken back by agreement (Black asked): 1… Bb3-Bb2, 2. Wc2-Wc3');
  });

  it('a move whose ply was right before a takeback is stale (re-read), not "ahead of the game"', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    await play(g, 'Bb3-Bb2');
    await play(g, 'Wa2-Wa3');
    // Black reads ply 3 and prepares ply 4; meanwhile Black's and White's last turns are taken back (ply 1).
    expect((await takeback(g, 'black', 'offer')).status).toBe(200);
    expect((await takeback(g, 'white', 'accept')).body.ply).toBe(1);
    const late = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Ba3-Ba2', ply: 4 }, token: g.tokens.black });
    expect([late.status, late.body.code]).toEqual([409, 'stale_ply']);
    expect(late.body.error).toMatch(/taken back/);
    // A ply the game never reached is still the future.
    const ahead = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Ba3-Ba2', ply: 9 }, token: g.tokens.black });
    expect([ahead.status, ahead.body.code]).toEqual([409, 'future_ply']);
  });

  it('a turn sent with the position it was meant for is stale once a takeback and another turn bring the game back to its ply elsewhere', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    await play(g, 'Bb3-Bb2');
    await play(g, 'Wa2-Wa3');
    // Black's page (and a bot) read ply 3; the page's form carries the position it shows.
    const page = (await call('GET', `/games/${g.id}?token=${g.tokens.black}`)).text;
    const read = (await call('GET', `/api/games/${g.id}`)).body.position as string;
    expect(page).toContain(`name="position" value="${read}"`);
    // White takes back Wa2-Wa3 and plays another turn: ply 3 again, in another position.
    expect((await takeback(g, 'white', 'offer')).status).toBe(200);
    expect((await takeback(g, 'black', 'accept')).body.ply).toBe(2);
    await play(g, 'Wc2-Wc3');
    const now = (await call('GET', `/api/games/${g.id}`)).body.position as string;
    expect(now).not.toBe(read);
    const late = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Ba3-Ba2', ply: 4, position: read }, token: g.tokens.black });
    expect([late.status, late.body.code]).toEqual([409, 'stale_ply']);
    expect(late.body.error).toMatch(/no longer in the position you sent/);
    // A text that is no position at all is the request's mistake, said as such: not a game that moved on (tester 18 Y9).
    const junk = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Ba3-Ba2', ply: 4, position: 'junk' }, token: g.tokens.black });
    expect([junk.status, junk.body.code]).toEqual([400, 'invalid_body']);
    expect(junk.body.error).toBe("position: is not a Warp Factor position; send the state's position as you read it, or leave it out");
    // The page's form without JavaScript: refused in words, the turn kept in its box.
    const sent = await form(`/games/${g.id}/move`, { token: g.tokens.black, move: 'Ba3-Ba2', ply: '4', position: read });
    expect(sent.status).toBe(303);
    const back = (await call('GET', `${location(sent).pathname}${location(sent).search}`)).text;
    expect(back).toContain('Not played: Ba3-Ba2 was sent for a position the game has left');
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(3);
    // Sent with the position the game is in, it is played.
    const fresh = await call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Ba3-Ba2', ply: 4, position: now }, token: g.tokens.black });
    expect(fresh.status, fresh.text).toBe(200);
  });

  it("a picture of a ply is kept for good only under its position's key: after a takeback that ply is another picture (tester)", async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    const first = positionKey((await call('GET', `/api/games/${g.id}`)).body.position);
    await play(g, 'Bb3-Bb2');
    const old = await call('GET', `/api/games/${g.id}/board.svg?ply=1&at=${first}`);
    expect(old.headers.get('Cache-Control')).toContain('immutable');
    expect(old.text).toMatch(/Wb3/);
    // Without the key, a past ply of a game going on is kept briefly only.
    expect((await call('GET', `/api/games/${g.id}/board.svg?ply=1`)).headers.get('Cache-Control')).toBe('public, max-age=10');
    expect((await takeback(g, 'white', 'offer')).status).toBe(200);
    expect((await takeback(g, 'black', 'accept')).body.ply).toBe(0);
    await play(g, 'Wc2-Wc3');
    const second = positionKey((await call('GET', `/api/games/${g.id}`)).body.position);
    expect(second).not.toBe(first);
    await play(g, 'Bc3-Bc2');
    // The old address now names a position the ply no longer has: drawn as the ply is, kept briefly.
    const stale = await call('GET', `/api/games/${g.id}/board.svg?ply=1&at=${first}`);
    expect(stale.headers.get('Cache-Control')).toBe('public, max-age=10');
    expect(stale.text).not.toBe(old.text);
    const fresh = await call('GET', `/api/games/${g.id}/board.svg?ply=1&at=${second}`);
    expect(fresh.headers.get('Cache-Control')).toContain('immutable');
    expect(fresh.text).toBe(stale.text);
    expect((await call('GET', `/api/games/${g.id}/board.svg?ply=1&at=xyz`)).body.error).toMatch(/must be the key of a position/);
  });

  it('decline, lapse with a move, and every refusal in words', async () => {
    const g = await newGame('warp-factor');
    expect((await takeback(g, 'white', 'offer')).body.error).toMatch(/White has no turn to take back/);
    await play(g, 'Wb2-Wb3');
    expect((await takeback(g, 'black', 'accept')).body.error).toBe('White has not offered a takeback');
    expect((await takeback(g, 'white', 'offer')).status).toBe(200);
    expect((await takeback(g, 'white', 'offer')).body.error).toBe('you have already asked for a takeback');
    expect((await takeback(g, 'white', 'accept')).body.error).toBe('you cannot accept your own offer');
    expect((await takeback(g, 'black', 'offer')).body.error).toMatch(/White has asked for a takeback: accept or decline it first/);
    const declined = await takeback(g, 'black', 'decline');
    expect(declined.body).toMatchObject({ takebackOffer: null, ply: 1 });
    // Asked again, then the opponent plays on instead: the request lapses.
    await takeback(g, 'white', 'offer');
    await play(g, 'Bb3-Bb2');
    expect((await call('GET', `/api/games/${g.id}`)).body.takebackOffer).toBeNull();
    expect((await takeback(g, 'black', 'accept')).status).toBe(409);
    // Bad input: 4xx with the reason, nothing written.
    expect((await takeback(g, 'white', 'undo')).body.error).toMatch(/action: must be "offer", "accept" or "decline"/);
    expect((await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'offer' } })).status).toBe(401);
    expect((await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'offer' }, token: 'x'.repeat(30) })).status).toBe(403);
    expect((await call('POST', `/api/games/${g.id}/takeback`, { text: 'offer', token: g.tokens.white })).status).toBe(415);
    await call('POST', `/api/games/${g.id}/resign`, { token: g.tokens.black });
    expect((await takeback(g, 'white', 'offer')).body.error).toMatch(/the game is over/);
    expect(await moveTexts(g.id)).toEqual(['Wb2-Wb3', 'Bb3-Bb2']);
  });

  it('an accept racing the other player’s move: exactly one wins, and the game replays', async () => {
    for (let round = 0; round < 6; round++) {
      const g = await newGame('warp-factor');
      await play(g, 'Wb2-Wb3');
      await play(g, 'Bb3-Bb2');
      // White asks (White to move); Black accepts while White plays on.
      expect((await takeback(g, 'white', 'offer')).status).toBe(200);
      const [accept, move] = await Promise.all([
        takeback(g, 'black', 'accept'),
        call('POST', `/api/games/${g.id}/moves`, { json: { move: 'Wa2-Wa3', ply: 3 }, token: g.tokens.white }),
      ]);
      expect([accept.status, move.status].sort(), `${accept.text} ${move.text}`).toEqual([200, 409]);
      const state = await expectRebuilds(g.id);
      if (accept.status === 200) {
        expect(await moveTexts(g.id)).toEqual([]);
        expect(state.ply).toBe(0);
      } else {
        expect(await moveTexts(g.id)).toEqual(['Wb2-Wb3', 'Bb3-Bb2', 'Wa2-Wa3']);
        expect(state.ply).toBe(3);
      }
    }
  });

  it('the writes themselves decide: from the same read, whichever lands second changes nothing', async () => {
    for (const first of ['move', 'takeback'] as const) {
      const g = await newGame('warp-factor');
      await play(g, 'Wb2-Wb3');
      await takeback(g, 'white', 'offer');
      const row = (await inGame(g.id, (store) => store.game(g.id)))!;
      const move = () =>
        inGame(g.id, (store) =>
          store.commitMove({
            gameId: g.id,
            expectedPly: row.ply,
            move: { gameId: g.id, ply: 2, side: 'black', text: 'Bb3-Bb2', positionAfter: 'after', createdAt: Date.now() },
            changes: { ply: 2, position: 'after', sideToMove: 'white', takebackOfferBy: null },
          }),
        );
      const back = () =>
        inGame(g.id, (store) =>
          store.commitTakeback(
            g.id,
            { ply: row.ply, offerBy: 'white' },
            { side: 'white', toPly: 0, at: Date.now() },
            { sideToMove: 'white', takebackOfferBy: null },
          ),
        );
      const takebacks = () => inGame(g.id, (store) => store.takebacks(g.id));
      if (first === 'move') {
        expect((await move()).committed).toBe(true);
        expect(await back()).toBe(false);
        expect(await moveTexts(g.id)).toEqual(['Wb2-Wb3', 'Bb3-Bb2']);
        expect((await takebacks()).length).toBe(0);
      } else {
        expect(await back()).toBe(true);
        expect((await move()).committed).toBe(false);
        expect(await moveTexts(g.id)).toEqual([]);
        expect((await inGame(g.id, (store) => store.game(g.id)))!.ply).toBe(0);
        expect((await takebacks()).map((t) => JSON.parse(t.turns).map((m: { text: string }) => m.text))).toEqual([['Wb2-Wb3']]);
      }
    }
  });

  it('against the computer: levels 1-2 grant it at once, stronger ones refuse', async () => {
    const easy = await newGame('warp-factor', { black: { computer: 1 } });
    const white = easy.tokens.white;
    await call('POST', `/api/games/${easy.id}/moves`, { text: 'Wb2-Wb3', token: white });
    // Whether or not the computer has replied yet, White's turn (and any reply) go.
    const granted = await call('POST', `/api/games/${easy.id}/takeback`, { json: { action: 'offer' }, token: white });
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body).toMatchObject({ ply: 0, sideToMove: 'white', takebackOffer: null });
    await expectRebuilds(easy.id);
    const strong = await newGame('warp-factor', { black: { computer: 3 } });
    await call('POST', `/api/games/${strong.id}/moves`, { text: 'Wb2-Wb3', token: strong.tokens.white });
    const refused = await call('POST', `/api/games/${strong.id}/takeback`, { json: { action: 'offer' }, token: strong.tokens.white });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('the computer at level 3 grants no takebacks (levels 1-2 do)');
  });

  it('against the computer, a takeback sent again with the ply it was meant for changes nothing more (tester 8 K3)', { timeout: 60_000 }, async () => {
    const computer = captureComputerTurns();
    const atPly4 = async () => {
      const g = await newGame('warp-factor', { black: { computer: 1 } });
      for (const text of ['Wb2-Wb3', 'Wa2-Wa3']) {
        expect((await call('POST', `/api/games/${g.id}/moves`, { text, token: g.tokens.white })).status).toBe(200);
        await runComputerQueue(computer.take());
      }
      expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(4);
      return g;
    };
    const offer = (g: G) => () => call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'offer', ply: 4 }, token: g.tokens.white });
    // Two requests at once (a retry, a double press), each meant for ply 4: one undo, and the other
    // told the game moved on, wherever the undo lands in its reading (one game in six or so read
    // the moves after the undo and said "no turn to take back"): so a dozen games.
    for (let round = 0; round < 12; round++) {
      const g = await atPly4();
      const answers = await Promise.all([offer(g)(), offer(g)()]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const refused = answers.find((a) => a.status === 409)!.body;
      expect(refused.code).toBe('stale_ply');
      expect(refused.error).toContain('the game is at ply 2, not 4 as you read it');
    }
    const g = await atPly4();
    const sent = offer(g);
    expect((await sent()).status).toBe(200);
    // And one after the other.
    expect((await sent()).body.code).toBe('stale_ply');
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(2);
    expect((await call('GET', `/api/games/${g.id}/moves`)).body.takebacks).toHaveLength(1);
    // Without the ply, at once: the same double press (tester 20 T9); with the ply it reads, one more turn goes.
    expect((await takeback(g, 'white', 'offer')).body.code).toBe('stale_ply');
    expect((await call('POST', `/api/games/${g.id}/takeback`, { json: { action: 'offer', ply: 2 }, token: g.tokens.white })).body.ply).toBe(0);
    // The game page's form carries the ply it showed: a second press is refused in words.
    const page = (await call('GET', `/games/${g.id}?token=${g.tokens.white}`)).text;
    expect(page).not.toContain('data-action="takeback-offer"'); // no turn of White's to take back at ply 0
  });

  it('the no-JS accept pressed twice: the second answer says the takeback was accepted, not that the game moved on (tester 20 T12)', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    await play(g, 'Bb3-Bb2');
    expect((await takeback(g, 'black', 'offer')).status).toBe(200);
    const press = () => form(`/games/${g.id}/takeback`, { token: g.tokens.white, action: 'accept', ply: '2' });
    const first = location(await press());
    const second = location(await press());
    expect([first.searchParams.get('ok'), second.searchParams.get('ok'), second.searchParams.get('error')]).toEqual([
      'You accepted the takeback.',
      'You accepted the takeback.',
      null,
    ]);
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(1);
    // An offer pressed twice: the second answer, as the first, says it is sent.
    const ask = () => form(`/games/${g.id}/takeback`, { token: g.tokens.black, action: 'offer', ply: '2' });
    await play(g, 'Bb3-Bb2');
    const asked = [location(await ask()), location(await ask())];
    expect(asked.map((a) => [a.searchParams.get('ok'), a.searchParams.get('error')])).toEqual([
      ['Your takeback request is sent: your opponent may accept or decline it.', null],
      ['Your takeback request is sent: your opponent may accept or decline it.', null],
    ]);
    expect((await call('GET', `/api/games/${g.id}`)).body.takebackOffer).toBe('black');
    // Black, whose request it was, pressing Accept finds no request of White's to accept: still an error.
    const black = location(await form(`/games/${g.id}/takeback`, { token: g.tokens.black, action: 'accept', ply: '2' }));
    expect(black.searchParams.get('error')).toBeTruthy();
  });

  it('the end of the game ends a standing takeback request, as it does a draw offer (tester 20 T16)', async () => {
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    await play(g, 'Bb3-Bb2');
    expect((await takeback(g, 'black', 'offer')).body.takebackOffer).toBe('black');
    expect((await call('POST', `/api/games/${g.id}/resign`, { token: g.tokens.black })).body).toMatchObject({ status: 'finished', takebackOffer: null });
    expect((await call('GET', `/api/games/${g.id}`)).body).toMatchObject({ status: 'finished', takebackOffer: null, drawOffer: null });
  });

  it("the game page's takeback forms carry the ply they were drawn at: a second press takes back nothing more", async () => {
    const computer = captureComputerTurns();
    const g = await newGame('warp-factor', { black: { computer: 1 } });
    for (const text of ['Wb2-Wb3', 'Wa2-Wa3']) {
      await call('POST', `/api/games/${g.id}/moves`, { text, token: g.tokens.white });
      await runComputerQueue(computer.take());
    }
    const html = (await call('GET', `/games/${g.id}?token=${g.tokens.white}`)).text;
    const formHtml = html.slice(html.indexOf('data-action="takeback-offer"'));
    expect(formHtml.slice(0, formHtml.indexOf('</form>'))).toContain('name="ply" value="4"');
    const press = () => form(`/games/${g.id}/takeback`, { token: g.tokens.white, action: 'offer', ply: '4' });
    const first = await press();
    expect(first.status).toBe(303);
    // Two plies went: the computer's reply too, said (tester 9 U17).
    expect(location(first).searchParams.get('ok')).toBe("Your last turn and the computer's reply were taken back: your move again at ply 2.");
    const again = await press();
    expect(again.status).toBe(303);
    expect(location(again).searchParams.get('error')).toContain('the game is at ply 2, not 4 as you read it');
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(2);
  });

  it('a takeback the computer grants says its reply went too (tester 7 H8)', async () => {
    const computer = captureComputerTurns();
    const g = await newGame('warp-factor', { black: { computer: 1 } });
    await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    await runComputerQueue(computer.take());
    const reply = (await call('GET', `/api/games/${g.id}`)).body.lastMove;
    expect(reply).toMatchObject({ side: 'black', ply: 2 });
    const back = await call('POST', `/api/games/${g.id}/chat`, { text: 'takeback', token: g.tokens.white });
    expect(back.body.reply).toContain(`Your last turn, Wb2-Wb3 (ply 1), and Black's reply, ${reply.text} (ply 2), were taken back.`);
    expect(back.body.state.ply).toBe(0);
  });

  it('the game page offers only what can be granted: no takeback before your first turn or from a strong computer, no draw to the computer', async () => {
    const buttons = async (id: string, token: string) => {
      const html = (await call('GET', `/games/${id}?token=${token}`)).text;
      return { takeback: html.includes('data-action="takeback-offer"'), draw: html.includes('data-action="draw-offer"') };
    };
    const g = await newGame('warp-factor');
    await play(g, 'Wb2-Wb3');
    expect(await buttons(g.id, g.tokens.white)).toEqual({ takeback: true, draw: true });
    // Black has no turn to take back yet.
    expect(await buttons(g.id, g.tokens.black)).toEqual({ takeback: false, draw: true });
    for (const [level, takeback] of [
      [1, true],
      [3, false],
    ] as const) {
      const c = await newGame('warp-factor', { black: { computer: level } });
      await call('POST', `/api/games/${c.id}/moves`, { text: 'Wb2-Wb3', token: c.tokens.white });
      expect(await buttons(c.id, c.tokens.white), `level ${level}`).toEqual({ takeback, draw: false });
    }
  });

  it('tells the opponent of the request and the asker of the grant; chat and page forms', async () => {
    const g = await newGame('warp-factor', { white: { name: 'Kirk', email: 'kirk@example.org' }, black: { name: 'Kor', email: 'kor@example.org' } });
    await play(g, 'Wb2-Wb3');
    const q = captureQueue();
    const chat = (side: 'white' | 'black', text: string) => call('POST', `/api/games/${g.id}/chat`, { text, token: g.tokens[side] });
    expect((await chat('white', 'takeback')).body.reply).toMatch(/^You asked to take back your last turn, Wb2-Wb3 \(ply 1\)\./);
    expect(q.take().map((j) => `${j.event}:${j.side}`)).toEqual(['takeback-offer:black']);
    expect((await chat('black', 'takeback accept')).body.reply).toMatch(/^You accepted the takeback of Wb2-Wb3 \(ply 1\)\./);
    const granted = q.take();
    expect(granted.map((j) => `${j.event}:${j.side}`)).toEqual(['takeback:white']);
    expect(granted[0]!.data.ply).toBe(0);
    expect((await chat('white', 'help')).body.reply).toContain('takeback  ask to take back your last turn');
    // The page's forms.
    await play(g, 'Wb2-Wb3');
    const asked = await form(`/games/${g.id}/takeback`, { token: g.tokens.white, action: 'offer' });
    // The status line says it; the flash confirms it in words of its own (tester 18 Y10).
    expect(location(asked).searchParams.get('ok')).toBe('Your takeback request is sent: your opponent may accept or decline it.');
    const askedPage = (await followed(asked)).text;
    expect(occurrences(askedPage, 'You asked to take back your last turn.')).toBe(1);
    expect(askedPage).toContain('<p class="msg ok">Your takeback request is sent: your opponent may accept or decline it.</p>');
    expect((await call('GET', `/games/${g.id}?token=${g.tokens.black}`)).text).toContain('Accept the takeback');
    const declined = await form(`/games/${g.id}/takeback`, { token: g.tokens.black, action: 'decline' });
    expect(location(declined).searchParams.get('ok')).toBe('You declined the takeback.');
    // Asked after a reply: the page of each says the reply goes too (tester 13 W12).
    await play(g, 'Bb3-Bb2');
    await form(`/games/${g.id}/takeback`, { token: g.tokens.white, action: 'offer' });
    expect((await call('GET', `/games/${g.id}?token=${g.tokens.black}`)).text).toContain(
      'White asks to take back their last turn. Accepting also takes back your reply.',
    );
    expect((await call('GET', `/games/${g.id}?token=${g.tokens.white}`)).text).toContain(
      'You asked to take back your last turn. Your opponent&#39;s reply goes too.',
    );
  });

  it('is in OpenAPI', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    expect(doc.paths['/api/games/{id}/takeback'].post.requestBody).toBeTruthy();
    expect(doc.components.schemas.Takeback.properties.action.enum).toEqual(['offer', 'accept', 'decline']);
  });
});
