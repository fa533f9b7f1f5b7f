// The NDJSON event streams on the EventHub Durable Objects, read as a client would:
// a player's stream gets yourTurn when the opponent moves; a reopened stream starts
// with the current state; the game stream starts with the full state, then one line a change.
import { exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureComputerTurns, runComputerQueue } from './computer-helpers.ts';
import { BASE, call, FIRST_CONTACT_WIN, newGame, play } from './helpers.ts';
import { newPlayer, startGame } from './player-helpers.ts';

/** Reads NDJSON lines from a streaming response; blank lines are the keep-alives. */
async function openStream(path: string, key?: string) {
  const res = await exports.default.fetch(new Request(`${BASE}${path}`, { headers: key ? { Authorization: `Bearer ${key}` } : {} }));
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let blanks = 0;
  const next = async (): Promise<any> => {
    // eslint-disable-line @typescript-eslint/no-explicit-any
    for (;;) {
      const nl = buffer.indexOf('\n');
      if (nl >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.trim() === '') {
          blanks++;
          continue;
        }
        return JSON.parse(line);
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  };
  return { res, next, blanks: () => blanks, close: () => reader.cancel() };
}

describe('GET /api/stream/lobby', () => {
  it('says "challenges" when one is made, accepted, withdrawn or declined, and nothing more (issue 27)', async () => {
    const a = await newPlayer('A');
    const b = await newPlayer('B');
    // One short stream per step: the lobby's hub is shared by every test file running at once.
    const seen = async (act: () => Promise<unknown>) => {
      const lobby = await openStream('/api/stream/lobby');
      expect(lobby.res.status).toBe(200);
      await act();
      const line = await lobby.next();
      await lobby.close();
      return line;
    };
    let open: { body: { id: string } } | undefined;
    expect(await seen(async () => (open = await call('POST', '/api/challenges', { token: a.key, json: { variant: 'planar' } })))).toEqual({
      type: 'challenges',
    });
    expect(await seen(() => call('POST', `/api/challenges/${open!.body.id}/accept`, { token: b.key }))).toEqual({ type: 'challenges' });
    let direct: { body: { id: string } } | undefined;
    // A challenge to one player: the public line names nothing.
    expect(await seen(async () => (direct = await call('POST', '/api/challenges', { token: a.key, json: { variant: 'planar', to: b.id } })))).toEqual({
      type: 'challenges',
    });
    expect(await seen(() => call('POST', `/api/challenges/${direct!.body.id}/decline`, { token: b.key }))).toEqual({ type: 'challenges' });
  }, 60_000);
});

describe('GET /api/stream/events', () => {
  it('tells the player it is their turn as soon as the opponent moves; reopened, it starts with the waiting games', async () => {
    const a = await newPlayer('A');
    const b = await newPlayer('B');
    const { game } = await startGame(a, b); // a white
    const stream = await openStream('/api/stream/events', b.key);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('Content-Type')).toMatch(/application\/x-ndjson/);
    const sent = Date.now();
    expect((await call('POST', `/api/games/${game.id}/moves`, { token: a.key, text: 'Wb2-Wb3' })).status).toBe(200);
    const event = await stream.next();
    const latency = Date.now() - sent;
    console.log(`yourTurn arrived ${latency} ms after the move was sent`);
    expect(event).toMatchObject({ type: 'yourTurn', game: { id: game.id, side: 'black', yourTurn: true, ply: 1 } });
    expect(JSON.stringify(event)).not.toContain(a.key);
    await stream.close();

    // Dropped and reopened: the first lines carry what is waiting now.
    const again = await openStream('/api/stream/events', b.key);
    expect(await again.next()).toMatchObject({ type: 'yourTurn', game: { id: game.id, ply: 1 } });
    // A challenge sent to B, then one withdrawn, come live.
    const ch = await call('POST', '/api/challenges', { token: a.key, json: { variant: 'planar', to: b.id } });
    expect(await again.next()).toMatchObject({ type: 'challenge', challenge: { id: ch.body.id, from: { id: a.id } } });
    await call('DELETE', `/api/challenges/${ch.body.id}`, { token: a.key });
    expect(await again.next()).toMatchObject({ type: 'challengeCanceled', challenge: { id: ch.body.id, status: 'withdrawn' } });
    // Accepting a challenge starts a game on both streams; resigning ends it.
    const aStream = await openStream('/api/stream/events', a.key);
    const { game: second } = await startGame(b, a, { variant: 'warp-factor', color: 'black' }); // a white
    expect(await aStream.next()).toMatchObject({ type: 'gameStart', game: { id: second.id, side: 'white', yourTurn: true } });
    expect(await again.next()).toMatchObject({ type: 'gameStart', game: { id: second.id, side: 'black', yourTurn: false } });
    await call('POST', `/api/games/${second.id}/resign`, { token: b.key });
    expect(await aStream.next()).toMatchObject({ type: 'gameFinish', game: { id: second.id, status: 'finished', result: '1-0' } });
    // Quiet streams get blank keep-alive lines (every 300 ms in the tests, 25 s otherwise).
    while (again.blanks() === 0) await Promise.race([again.next(), new Promise((r) => setTimeout(r, 200))]);
    expect(again.blanks()).toBeGreaterThan(0);
    await again.close();
    await aStream.close();
  }, 240_000);

  it('what changed while no stream was open is in the first lines of the reopened one', async () => {
    const a = await newPlayer('A');
    const b = await newPlayer('B');
    const { game } = await startGame(a, b); // a white
    const first = await openStream('/api/stream/events', b.key);
    const gameStream = await openStream(`/api/games/${game.id}/stream`, b.key);
    expect(await gameStream.next()).toMatchObject({ type: 'gameFull', state: { ply: 0 } });
    await first.close(); // dropped
    await gameStream.close();
    // While B has no stream: A moves (now B's turn) and sends B a challenge.
    expect((await call('POST', `/api/games/${game.id}/moves`, { token: a.key, text: 'Wb2-Wb3' })).status).toBe(200);
    const ch = await call('POST', '/api/challenges', { token: a.key, json: { variant: 'planar', to: b.id } });
    const reopened = await openStream('/api/stream/events', b.key);
    expect(await reopened.next()).toMatchObject({ type: 'yourTurn', game: { id: game.id, ply: 1, yourTurn: true } });
    expect(await reopened.next()).toMatchObject({ type: 'challenge', challenge: { id: ch.body.id } });
    const again = await openStream(`/api/games/${game.id}/stream`, b.key);
    expect(await again.next()).toMatchObject({ type: 'gameFull', state: { ply: 1, lastMove: { text: 'Wb2-Wb3' }, you: 'black' } });
    await reopened.close();
    await again.close();
  }, 240_000);

  it('a takeback that gives the move back says yourTurn again', async () => {
    const a = await newPlayer('A');
    const b = await newPlayer('B');
    const { game } = await startGame(a, b); // a white
    expect((await call('POST', `/api/games/${game.id}/moves`, { token: a.key, text: 'Wb2-Wb3' })).status).toBe(200);
    const stream = await openStream('/api/stream/events', b.key);
    expect(await stream.next()).toMatchObject({ type: 'yourTurn', game: { id: game.id, ply: 1 } });
    expect((await call('POST', `/api/games/${game.id}/moves`, { token: b.key, text: 'Bb3-Bb2' })).status).toBe(200);
    expect((await call('POST', `/api/games/${game.id}/takeback`, { token: b.key, json: { action: 'offer' } })).status).toBe(200);
    expect((await call('POST', `/api/games/${game.id}/takeback`, { token: a.key, json: { action: 'accept' } })).body).toMatchObject({
      ply: 1,
      sideToMove: 'black',
    });
    expect(await stream.next()).toMatchObject({ type: 'yourTurn', game: { id: game.id, ply: 1, yourTurn: true } });
    await stream.close();
  }, 240_000);

  it('an offer to answer says offer (on reopening too), and its answer offerClosed to both players', async () => {
    const a = await newPlayer('A');
    const b = await newPlayer('B');
    const { game } = await startGame(a, b); // a white
    expect((await call('POST', `/api/games/${game.id}/moves`, { token: a.key, text: 'Wb2-Wb3' })).status).toBe(200);
    const aStream = await openStream('/api/stream/events', a.key);
    const bStream = await openStream('/api/stream/events', b.key);
    expect(await bStream.next()).toMatchObject({ type: 'yourTurn', game: { id: game.id } });
    // A draw offered on Black's turn: White has no turn, yet the game waits for White's answer.
    expect((await call('POST', `/api/games/${game.id}/draw`, { token: b.key, json: { action: 'offer' } })).status).toBe(200);
    expect(await aStream.next()).toMatchObject({ type: 'offer', game: { id: game.id, yourTurn: false, waiting: true, drawOffer: 'black' } });
    const reopened = await openStream('/api/stream/events', a.key);
    expect(await reopened.next()).toMatchObject({ type: 'offer', game: { id: game.id, drawOffer: 'black' } });
    await reopened.close();
    expect((await call('POST', `/api/games/${game.id}/draw`, { token: a.key, json: { action: 'decline' } })).status).toBe(200);
    expect(await aStream.next()).toMatchObject({ type: 'offerClosed', game: { id: game.id, waiting: false, drawOffer: null } });
    expect(await bStream.next()).toMatchObject({ type: 'offerClosed', game: { id: game.id, yourTurn: true, drawOffer: null } });
    await aStream.close();
    await bStream.close();
  }, 240_000);

  it('a player key of someone who does not play the game reads it as a spectator (a bot sets its key on every request); a game token of another game is a 403', async () => {
    const a = await newPlayer('A');
    const b = await newPlayer('B');
    const carol = await newPlayer('Carol');
    const { game } = await startGame(a, b);
    const state = await call('GET', `/api/games/${game.id}`, { token: carol.key });
    expect(state.status, state.text).toBe(200);
    expect(state.body.you).toBeUndefined();
    const stream = await openStream(`/api/games/${game.id}/stream`, carol.key);
    expect(stream.res.status).toBe(200);
    expect(await stream.next()).toMatchObject({ type: 'gameFull', state: { id: game.id } });
    await stream.close();
    // The messages: what any spectator may read (private unless both players allow it), not "not your token".
    expect((await call('GET', `/api/games/${game.id}/messages`, { token: carol.key })).body.code).toBe('messages_private');
    // Acting still needs a seat; a key that is no one's, or another game's token, is still said to be wrong.
    expect((await call('POST', `/api/games/${game.id}/resign`, { token: carol.key })).status).toBe(403);
    const other = await newGame('planar');
    const forged = `${carol.key.slice(0, -1)}${carol.key.endsWith('x') ? 'y' : 'x'}`;
    for (const wrong of [other.tokens.white, forged]) {
      const res = await call('GET', `/api/games/${game.id}`, { token: wrong });
      expect([res.status, res.body.code]).toEqual([403, 'bad_token']);
    }
  }, 120_000);

  it('a rematch against the computer says gameStart, as an accepted challenge does (tester)', async () => {
    const kirk = await newPlayer('Kirk');
    const made = await call('POST', '/api/games', { token: kirk.key, json: { variant: 'warp-factor', black: { computer: 1 } } });
    await call('POST', `/api/games/${made.body.id}/resign`, { token: kirk.key });
    const stream = await openStream('/api/stream/events', kirk.key);
    const rematch = await call('POST', `/api/games/${made.body.id}/rematch`, { token: kirk.key });
    expect(rematch.status, rematch.text).toBe(201);
    expect(await stream.next()).toMatchObject({ type: 'gameStart', game: { id: rematch.body.id, side: 'black', opponent: { computer: 1 } } });
    await stream.close();
  }, 120_000);

  it('needs a key', async () => {
    const none = await call('GET', '/api/stream/events');
    expect([none.status, none.body.error]).toEqual([401, 'send your player key as Authorization: Bearer <token>']);
    // A route that takes either says so.
    const g = await newGame('warp-factor');
    expect((await call('POST', `/api/games/${g.id}/resign`)).body.error).toMatch(/your game token or player key/);
    expect((await call('GET', '/api/stream/events', { token: 'x'.repeat(40) })).status).toBe(403);
  });
});

describe('GET /api/games/:id/stream', () => {
  it('starts with the full state, then a line per move and the end; a player sees `you`', async () => {
    const a = await newPlayer('A');
    const b = await newPlayer('B');
    const { game } = await startGame(a, b);
    const watcher = await openStream(`/api/games/${game.id}/stream`);
    const player = await openStream(`/api/games/${game.id}/stream`, b.key);
    const full = await watcher.next();
    expect(full).toMatchObject({ type: 'gameFull', state: { id: game.id, ply: 0 } });
    expect(full.state.you).toBeUndefined();
    expect((await player.next()).state.you).toBe('black');
    await call('POST', `/api/games/${game.id}/moves`, { token: a.key, text: 'Wb2-Wb3' });
    expect(await watcher.next()).toMatchObject({ type: 'move', state: { ply: 1, lastMove: { text: 'Wb2-Wb3' } } });
    const seen = await player.next();
    expect(seen).toMatchObject({ type: 'move', state: { ply: 1, you: 'black' } });
    // A message sent with a turn has its own line after the move, as one sent alone does (tester).
    await call('POST', `/api/games/${game.id}/moves`, { token: b.key, json: { move: 'Bb3-Bb2', message: 'good luck' } });
    expect(await watcher.next()).toMatchObject({ type: 'move', state: { ply: 2 } });
    expect(await watcher.next()).toMatchObject({ type: 'message', state: { ply: 2 } });
    await call('POST', `/api/games/${game.id}/messages`, { token: a.key, json: { text: 'thanks' } });
    expect(await watcher.next()).toMatchObject({ type: 'message', state: { ply: 2 } });
    expect((await player.next()).type).toBe('move');
    expect((await player.next()).type).toBe('message');
    expect((await player.next()).type).toBe('message');
    await call('POST', `/api/games/${game.id}/draw`, { token: b.key, json: { action: 'offer' } });
    expect(await watcher.next()).toMatchObject({ type: 'drawOffer', state: { drawOffer: 'black' } });
    await call('POST', `/api/games/${game.id}/resign`, { token: a.key });
    expect(await watcher.next()).toMatchObject({ type: 'gameFinish', state: { status: 'finished', result: '0-1' } });
    await watcher.close();
    await player.close();
    expect((await call('GET', '/api/games/zzzzzzzzzzzz/stream')).status).toBe(404);
    expect((await call('GET', `/api/games/${game.id}/stream`, { token: 'y'.repeat(43) })).status).toBe(403);
  }, 240_000);

  describe('every turn has its own line', () => {
    afterEach(() => vi.restoreAllMocks());

    it('the turn that ends the game: its move line, then gameFinish', async () => {
      const g = await newGame('first-contact');
      for (const move of FIRST_CONTACT_WIN.slice(0, -1)) expect((await play(g, move)).status).toBe(200);
      const watcher = await openStream(`/api/games/${g.id}/stream`);
      expect(await watcher.next()).toMatchObject({ type: 'gameFull', state: { ply: 9 } });
      expect((await play(g, FIRST_CONTACT_WIN.at(-1)!)).status).toBe(200);
      expect(await watcher.next()).toMatchObject({ type: 'move', state: { ply: 10, lastMove: { text: 'Q@Ba1#' }, status: 'finished' } });
      expect(await watcher.next()).toMatchObject({ type: 'gameFinish', state: { ply: 10, result: '0-1', reason: 'check' } });
      await watcher.close();
    }, 120_000);

    it("a conditional answer: the opponent's turn, then the answer", async () => {
      const a = await newPlayer('A');
      const b = await newPlayer('B');
      const { game } = await startGame(a, b);
      const planned = await call('PUT', `/api/games/${game.id}/conditional`, { token: b.key, json: { lines: [['Wb2-Wb3', 'Bb3-Bb2']] } });
      expect(planned.status, planned.text).toBe(200);
      const watcher = await openStream(`/api/games/${game.id}/stream`);
      const mine = await openStream('/api/stream/events', b.key);
      expect((await watcher.next()).type).toBe('gameFull');
      await call('POST', `/api/games/${game.id}/moves`, { token: a.key, text: 'Wb2-Wb3' });
      expect(await watcher.next()).toMatchObject({ type: 'move', state: { ply: 1, lastMove: { text: 'Wb2-Wb3' } } });
      expect(await watcher.next()).toMatchObject({ type: 'move', state: { ply: 2, lastMove: { text: 'Bb3-Bb2' } } });
      // The planner is not told it is their turn (their answer was played); the stream starts with
      // the games waiting for them (none), so the first line after that is the next real turn.
      await call('POST', `/api/games/${game.id}/moves`, { token: a.key, text: 'Wc2-Wc3' });
      for (let line = await mine.next(); ; line = await mine.next()) {
        if (line.type !== 'yourTurn') continue;
        expect(line.game.ply).toBe(3);
        break;
      }
      await watcher.close();
      await mine.close();
    }, 240_000);

    it("against the computer: the player's turn, then the computer's", async () => {
      const computer = captureComputerTurns();
      const created = await call('POST', '/api/games', { json: { variant: 'warp-factor', black: { computer: 1 } } });
      expect(created.status, created.text).toBe(201);
      const id = created.body.id as string;
      const watcher = await openStream(`/api/games/${id}/stream`);
      expect((await watcher.next()).type).toBe('gameFull');
      await call('POST', `/api/games/${id}/moves`, { token: created.body.tokens.white, text: 'Wb2-Wb3' });
      expect(await watcher.next()).toMatchObject({ type: 'move', state: { ply: 1, lastMove: { text: 'Wb2-Wb3' } } });
      await runComputerQueue(computer.take());
      expect(await watcher.next()).toMatchObject({ type: 'move', state: { ply: 2, lastMove: { side: 'black' } } });
      // A takeback the computer grants at once has its line too: the plies go back, said (tester).
      const back = await call('POST', `/api/games/${id}/takeback`, { token: created.body.tokens.white, json: { action: 'offer' } });
      expect([back.status, back.body.ply]).toEqual([200, 0]);
      expect(await watcher.next()).toMatchObject({ type: 'takeback', state: { ply: 0, sideToMove: 'white' } });
      await watcher.close();
    }, 240_000);

    it('a declined offer has its line, with the offer gone', async () => {
      const a = await newPlayer('A');
      const b = await newPlayer('B');
      const { game } = await startGame(a, b);
      const watcher = await openStream(`/api/games/${game.id}/stream`);
      expect((await watcher.next()).type).toBe('gameFull');
      await call('POST', `/api/games/${game.id}/draw`, { token: a.key, json: { action: 'offer' } });
      expect(await watcher.next()).toMatchObject({ type: 'drawOffer', state: { drawOffer: 'white' } });
      await call('POST', `/api/games/${game.id}/draw`, { token: b.key, json: { action: 'decline' } });
      expect(await watcher.next()).toMatchObject({ type: 'offerDeclined', state: { drawOffer: null } });
      await watcher.close();
    }, 240_000);

    it('a request for a pause taken back has its line, with the request gone (tester 7 H9)', async () => {
      const a = await newPlayer('A');
      const b = await newPlayer('B');
      const { game } = await startGame(a, b, { variant: 'warp-factor', color: 'white', clock: { daysPerMove: 3 } });
      const watcher = await openStream(`/api/games/${game.id}/stream`);
      expect((await watcher.next()).type).toBe('gameFull');
      await call('POST', `/api/games/${game.id}/pause`, { token: a.key, json: { action: 'offer', days: 2 } });
      expect(await watcher.next()).toMatchObject({ type: 'pauseOffer', state: { pauseOffer: { by: 'white', days: 2 } } });
      expect((await call('POST', `/api/games/${game.id}/pause`, { token: a.key, json: { action: 'cancel' } })).status).toBe(200);
      expect(await watcher.next()).toMatchObject({ type: 'offerWithdrawn', state: { pauseOffer: null } });
      await watcher.close();
    }, 240_000);
  });
});
