// A rematch of a game played by links (made on the home page without signing in: each side has only
// its secret link): offered by either side, accepted or declined by the other, made once; each
// player's own token opens the new game, colours swapped (tester 18 Y10).
import { exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE, call, form, location, newGame } from './helpers.ts';
import { newPlayer } from './player-helpers.ts';
import { captureQueue } from './notify-helpers.ts';
import { subject, summary } from '../../src/notify/messages.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The game's NDJSON stream, line by line (blank keep-alives skipped). */
async function gameStream(id: string) {
  const res = await exports.default.fetch(new Request(`${BASE}/api/games/${id}/stream`));
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<{ type: string; state: { rematch: unknown; lastMove: unknown } }> => {
    for (;;) {
      const nl = buffer.indexOf('\n');
      if (nl >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.trim()) return JSON.parse(line);
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  };
  return { next, close: () => reader.cancel() };
}

/** A finished link game: White resigned. */
async function finished(extra: Record<string, unknown> = {}) {
  const game = await newGame('warp-factor', {
    white: { name: 'Kirk' },
    black: { name: 'Kor' },
    clock: { daysPerMove: 3, timeout: 'claim', leaveDays: 2 },
    hints: true,
    ...extra,
  });
  expect((await call('POST', `/api/games/${game.id}/moves`, { token: game.tokens.white, text: 'Wb2-Wb3' })).status).toBe(200);
  expect((await call('POST', `/api/games/${game.id}/resign`, { token: game.tokens.white })).status).toBe(200);
  return game;
}

describe('rematch of a game played by links', () => {
  it('offered by one side, shown to both, accepted by the other: one new game, colours swapped, each token opening its new seat', async () => {
    const game = await finished();
    const { white, black } = game.tokens;
    expect((await call('GET', `/api/games/${game.id}`)).body.rematch).toEqual({ offeredBy: null, gameId: null });
    const offered = await call('POST', `/api/games/${game.id}/rematch`, { token: white });
    expect(offered.status).toBe(200);
    expect(offered.body).toMatchObject({ id: game.id, you: 'white', ply: 1, lastMove: { text: 'Wb2-Wb3' }, rematch: { offeredBy: 'white', gameId: null } });
    // Asked again: the same offer, no second one.
    expect((await call('POST', `/api/games/${game.id}/rematch`, { token: white })).body.rematch).toEqual({ offeredBy: 'white', gameId: null });
    // The opponent sees it: the state, the page (answer buttons), the offerer's page (waiting).
    expect((await call('GET', `/api/games/${game.id}`, { token: black })).body.rematch).toEqual({ offeredBy: 'white', gameId: null });
    const blackPage = (await call('GET', `/games/${game.id}?token=${black}`)).text;
    expect(blackPage).toContain('Your opponent offers a rematch, colours swapped.');
    expect(blackPage).toContain('Accept the rematch');
    expect(blackPage).not.toContain('to offer a rematch');
    const whitePage = (await call('GET', `/games/${game.id}?token=${white}`)).text;
    expect(whitePage).toContain('You offered a rematch');
    // The offerer cannot accept their own offer.
    const own = await call('POST', `/api/games/${game.id}/rematch`, { token: white, json: { action: 'accept' } });
    expect(own.status).toBe(409);
    expect(own.body).toEqual({ code: 'no_offer', error: 'you cannot accept your own offer' });

    const accepted = await call('POST', `/api/games/${game.id}/rematch`, { token: black, json: { action: 'accept' } });
    expect(accepted.status).toBe(201);
    const id = accepted.body.id as string;
    expect(id).not.toBe(game.id);
    expect(accepted.body.link).toBe(`${BASE}/games/${id}?token=${encodeURIComponent(black)}`);
    expect(accepted.body.state).toMatchObject({ variant: 'warp-factor', status: 'active', ply: 0, you: 'white', hints: true, rematch: null });
    expect(accepted.body.state.clock).toMatchObject({ daysPerMove: 3, timeout: 'claim', leaveDays: 2 });
    expect(accepted.body.state.players).toEqual({ white: { name: 'Kor' }, black: { name: 'Kirk' } });
    // Colours swapped: Black's token is White's seat now, and plays White's first turn; White's token is Black's.
    expect((await call('GET', `/api/games/${id}`, { token: black })).body.you).toBe('white');
    expect((await call('GET', `/api/games/${id}`, { token: white })).body.you).toBe('black');
    expect((await call('POST', `/api/games/${id}/moves`, { token: white, text: 'Wb2-Wb3' })).body.code).toBe('not_your_turn');
    expect((await call('POST', `/api/games/${id}/moves`, { token: black, text: 'Wb2-Wb3' })).status).toBe(200);
    // The old game names it, for both and for anyone; its pages lead there with the reader's own token.
    expect((await call('GET', `/api/games/${game.id}`)).body.rematch).toEqual({ offeredBy: 'white', gameId: id });
    for (const token of [white, black]) {
      const page = (await call('GET', `/games/${game.id}?token=${token}`)).text;
      expect(page).toContain(`Rematch: <a href="/games/${id}?token=${token}">open the new game</a>`);
      expect(page).not.toContain('id="rematch-btn"');
    }
    expect((await call('GET', `/games/${game.id}`)).text).toContain(`Rematch: <a href="/games/${id}">open the new game</a>`);
    // One rematch a game: asked again by either side, told where it is.
    for (const token of [white, black]) {
      const again = await call('POST', `/api/games/${game.id}/rematch`, { token, json: { action: 'offer' } });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ code: 'rematch_started', error: `the rematch of game ${game.id} has started already: game ${id}, ${BASE}/games/${id}` });
    }
    // The new game has its own rematch once it ends, with the same two tokens.
    expect((await call('POST', `/api/games/${id}/resign`, { token: white })).status).toBe(200);
    const third = await call('POST', `/api/games/${id}/rematch`, { token: white });
    expect(third.body.rematch).toEqual({ offeredBy: 'black', gameId: null });
  });

  it("the game's stream (and so the pages' live updates) says each step: offered, declined, offered, begun", async () => {
    const game = await finished();
    const stream = await gameStream(game.id);
    expect((await stream.next()).type).toBe('gameFull');
    const path = `/api/games/${game.id}/rematch`;
    await call('POST', path, { token: game.tokens.black });
    expect(await stream.next()).toMatchObject({
      type: 'rematchOffer',
      state: { lastMove: { text: 'Wb2-Wb3' }, rematch: { offeredBy: 'black', gameId: null } },
    });
    await call('POST', path, { token: game.tokens.white, json: { action: 'decline' } });
    expect(await stream.next()).toMatchObject({ type: 'offerDeclined', state: { rematch: { offeredBy: null, gameId: null } } });
    await call('POST', path, { token: game.tokens.white });
    expect((await stream.next()).type).toBe('rematchOffer');
    const made = await call('POST', path, { token: game.tokens.black, json: { action: 'accept' } });
    expect(await stream.next()).toMatchObject({ type: 'rematch', state: { rematch: { offeredBy: 'white', gameId: made.body.id } } });
    await stream.close();
  });

  it('tells the other seat by its notifications: the offer, a decline, the start', async () => {
    const game = await finished({ white: { name: 'Kirk', email: 'kirk@example.org' }, black: { name: 'Kor', email: 'kor@example.org' } });
    const q = captureQueue();
    const path = `/api/games/${game.id}/rematch`;
    await call('POST', path, { token: game.tokens.white });
    const offered = q.take();
    expect(offered.map((j) => `${j.event}:${j.side}`)).toEqual(['rematch-offer:black']);
    expect(subject('rematch-offer', offered[0]!.data)).toBe(`White offers a rematch of Warp Factor game ${game.id}`);
    expect(summary('rematch-offer', offered[0]!.data)[0]).toBe(
      'Kirk (White) offers a rematch: the same game again, colours swapped. Accept or decline it on the game page.',
    );
    await call('POST', path, { token: game.tokens.black, json: { action: 'decline' } });
    const declined = q.take();
    expect(declined.map((j) => `${j.event}:${j.side}:${j.data.offer}`)).toEqual(['offer-declined:white:rematch']);
    expect(summary('offer-declined', declined[0]!.data)[0]).toBe('Kor (Black) declined your rematch offer.');
    await call('POST', path, { token: game.tokens.white });
    q.take();
    expect((await call('POST', path, { token: game.tokens.black, json: { action: 'accept' } })).status).toBe(201);
    expect(q.take().map((j) => `${j.event}:${j.side}`)).toEqual(['rematch:white']);
  });

  it('both sides offering at once make one game', async () => {
    const game = await finished();
    const [a, b] = await Promise.all([
      call('POST', `/api/games/${game.id}/rematch`, { token: game.tokens.white }),
      call('POST', `/api/games/${game.id}/rematch`, { token: game.tokens.black }),
    ]);
    const made = [a, b].filter((r) => r.status === 201);
    expect(made.length, `${a.status} ${a.text} / ${b.status} ${b.text}`).toBe(1);
    expect((await call('GET', `/api/games/${game.id}`)).body.rematch.gameId).toBe(made[0]!.body.id);
    // An accept sent twice at once: one game, the other told it started.
    const second = await finished();
    await call('POST', `/api/games/${second.id}/rematch`, { token: second.tokens.black });
    const twice = await Promise.all(
      [0, 1, 2].map(() => call('POST', `/api/games/${second.id}/rematch`, { token: second.tokens.white, json: { action: 'accept' } })),
    );
    const games = new Set(twice.filter((r) => r.status === 201).map((r) => r.body.id));
    expect(games.size).toBe(1);
    for (const r of twice.filter((r) => r.status !== 201)) expect(r.body.code).toBe('rematch_started');
    expect((await call('GET', `/api/games/${second.id}`)).body.rematch.gameId).toBe([...games][0]);
  });

  it('declined: the offer goes, the offerer may offer again; bad input is a clear 4xx and changes nothing', async () => {
    const game = await finished();
    const { white, black } = game.tokens;
    const path = `/api/games/${game.id}/rematch`;
    const none = await call('POST', path, { token: black, json: { action: 'decline' } });
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ code: 'no_offer', error: 'White has not offered a rematch' });
    await call('POST', path, { token: white });
    const bad = await call('POST', path, { token: black, json: { action: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'invalid_body', error: 'action: must be "offer", "accept" or "decline"' });
    expect((await call('POST', path, { token: black, json: { action: 'accept', extra: 1 } })).status).toBe(400);
    const broken = await call('POST', path, { token: black, text: '{"action":', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('malformed_json');
    expect((await call('POST', path, {})).status).toBe(401);
    const stranger = await call('POST', path, { token: 'x'.repeat(43) });
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('bad_token');
    expect((await call('GET', `/api/games/${game.id}`)).body.rematch).toEqual({ offeredBy: 'white', gameId: null });
    const declined = await call('POST', path, { token: black, json: { action: 'decline' } });
    expect(declined.status).toBe(200);
    expect(declined.body.rematch).toEqual({ offeredBy: null, gameId: null });
    expect((await call('POST', path, { token: white })).body.rematch).toEqual({ offeredBy: 'white', gameId: null });
  });

  it('not while the game goes on; a game a player key holds keeps its challenges', async () => {
    const going = await newGame('planar');
    const early = await call('POST', `/api/games/${going.id}/rematch`, { token: going.tokens.white });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('game_not_over');
    expect((await call('GET', `/api/games/${going.id}`)).body.rematch).toBeNull();
    // A signed-in creator against a friend by link: the friend's token offers nothing here.
    const kirk = await newPlayer('Kirk');
    const made = await call('POST', '/api/games', { token: kirk.key, json: { variant: 'planar', side: 'white' } });
    expect(made.status).toBe(201);
    await call('POST', `/api/games/${made.body.id}/resign`, { token: kirk.key });
    const friend = await call('POST', `/api/games/${made.body.id}/rematch`, { token: made.body.tokens.black });
    expect(friend.status).toBe(409);
    expect(friend.body.code).toBe('rematch_by_key');
    expect((await call('GET', `/api/games/${made.body.id}`)).body.rematch).toBeNull();
  });

  it('against the computer by link: the new game at once, the computer on the colour the player had', async () => {
    const game = await newGame('planar', { black: { computer: 2 }, white: { name: 'Kirk' } });
    await call('POST', `/api/games/${game.id}/resign`, { token: game.tokens.white });
    const made = await call('POST', `/api/games/${game.id}/rematch`, { token: game.tokens.white });
    expect(made.status).toBe(201);
    expect(made.body.state.players).toEqual({ white: { name: 'Computer (level 2)', computer: 2 }, black: { name: 'Kirk' } });
    expect((await call('GET', `/api/games/${made.body.id}`, { token: game.tokens.white })).body.you).toBe('black');
    expect((await call('POST', `/api/games/${game.id}/rematch`, { token: game.tokens.white })).body.code).toBe('rematch_started');
  });

  it('without JavaScript: the page forms offer, decline and accept, and accepting opens the new game', async () => {
    const game = await finished();
    const { white, black } = game.tokens;
    const offer = await form(`/games/${game.id}/rematch`, { token: white, action: 'offer' });
    expect(offer.status).toBe(303);
    expect(location(offer).searchParams.get('ok')).toBe('You offered a rematch.');
    const declined = await form(`/games/${game.id}/rematch`, { token: black, action: 'decline' });
    expect(location(declined).searchParams.get('ok')).toBe('You declined the rematch.');
    await form(`/games/${game.id}/rematch`, { token: white, action: 'offer' });
    const accepted = await form(`/games/${game.id}/rematch`, { token: black, action: 'accept' });
    expect(accepted.status).toBe(303);
    const id = (await call('GET', `/api/games/${game.id}`)).body.rematch.gameId as string;
    expect(location(accepted).pathname).toBe(`/games/${id}`);
    expect(location(accepted).searchParams.get('token')).toBe(black);
    // Pressed again on the old page: the new game opens.
    const again = await form(`/games/${game.id}/rematch`, { token: white, action: 'offer' });
    expect(location(again).pathname).toBe(`/games/${id}`);
    expect(location(again).searchParams.get('token')).toBe(white);
  });
});
