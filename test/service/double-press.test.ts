// The same request sent twice at once (a double press, a retry, two tabs), or both players acting at
// once, with player keys: then the two requests read the game before either writes (tester 20). The
// one whose guarded write lost is decided again on the game the other left, so it answers as a
// request sent just after would, and no offer or answer is lost. Races show in some rounds only, so
// each is played in several games.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlayerService } from '../../src/service/players.ts';
import { PlayerStore } from '../../src/db/player-store.ts';
import { TournamentStore } from '../../src/db/tournament-store.ts';
import { call, newGame, play } from './helpers.ts';
import { newPlayer, startGame, type Player } from './player-helpers.ts';
import { captureComputerTurns, runComputerQueue } from './computer-helpers.ts';

const ROUNDS = 4;

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Both requests read the game before either writes, every time: each request's key check (after
 * its read of the game) waits until the other's has begun. Only the first two checks wait; the
 * one decided again goes on at once.
 */
/**
 * Both requests read before either writes, every time: each one's call of `method` (after its read)
 * waits until the other's has begun. Only the first two calls wait; one decided again goes on at once.
 */
function bothReadFirst<P extends object>(proto: P, method: keyof P & string) {
  const methods = proto as Record<string, (...args: unknown[]) => unknown>;
  const before = methods[method]!;
  if (vi.isMockFunction(before)) before.mockRestore(); // the round before's
  const original = methods[method]!;
  const waiting: (() => void)[] = [];
  vi.spyOn(methods, method).mockImplementation(async function (this: unknown, ...args: unknown[]) {
    if (waiting.length < 2)
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 2) for (const go of waiting) go();
      });
    return original.apply(this, args);
  });
}

/** The two requests, each acting with a player key checked after its read of the game. */
const both = <T>(a: () => Promise<T>, b: () => Promise<T>) => {
  bothReadFirst(PlayerService.prototype, 'keyHolder');
  return Promise.all([a(), b()]);
};
const state = async (id: string) => (await call('GET', `/api/games/${id}`)).body;

async function keyedGame(white: Player, black: Player): Promise<string> {
  const { game } = await startGame(white, black);
  return game.id;
}

describe('double presses and both players at once, with player keys (tester 20)', () => {
  it('both players offer a draw at once: always the agreement, never one offer lost (T1)', { timeout: 120_000 }, async () => {
    const [w, b] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    for (let round = 0; round < ROUNDS; round++) {
      const id = await keyedGame(w, b);
      const offer = (p: Player) => () => call('POST', `/api/games/${id}/draw`, { token: p.key, json: { action: 'offer' } });
      const answers = await both(offer(w), offer(b));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(await state(id)).toMatchObject({ status: 'finished', result: '1/2-1/2', reason: 'agreement' });
    }
  });

  it('both players ask for a takeback at once: one asks, the other hears it is pending (T2)', { timeout: 120_000 }, async () => {
    const [w, b] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    for (let round = 0; round < ROUNDS; round++) {
      const id = await keyedGame(w, b);
      for (const [p, text] of [
        [w, 'Wb2-Wb3'],
        [b, 'Bb3-Bb2'],
      ] as const)
        expect((await call('POST', `/api/games/${id}/moves`, { token: p.key, json: { move: text } })).status).toBe(200);
      const ask = (p: Player) => () => call('POST', `/api/games/${id}/takeback`, { token: p.key, json: { action: 'offer', ply: 2 } });
      const answers = await both(ask(w), ask(b));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const asked = answers.find((a) => a.status === 200)!.body.you;
      expect(answers.find((a) => a.status === 409)!.body.code).toBe('offer_pending');
      expect((await state(id)).takebackOffer).toBe(asked);
    }
  });

  it('accept and decline of one draw offer at once: the loser hears the game is over, or that there is no offer (T3)', { timeout: 120_000 }, async () => {
    const [w, b] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    for (let round = 0; round < ROUNDS; round++) {
      const id = await keyedGame(w, b);
      expect((await call('POST', `/api/games/${id}/draw`, { token: w.key, json: { action: 'offer' } })).status).toBe(200);
      const answer = (action: string) => () => call('POST', `/api/games/${id}/draw`, { token: b.key, json: { action } });
      // Each first in turn: the decline landing first left the accept free to end the game as well.
      const answers = round % 2 ? await both(answer('accept'), answer('decline')) : (await both(answer('decline'), answer('accept'))).reverse();
      const [accepted, declined] = answers as [(typeof answers)[0], (typeof answers)[0]];
      expect([accepted.status, declined.status].sort()).toEqual([200, 409]);
      const now = await state(id);
      if (accepted.status === 200) {
        expect(now).toMatchObject({ status: 'finished', reason: 'agreement' });
        expect(declined.body.code).toBe('game_over');
      } else {
        expect(now).toMatchObject({ status: 'active', drawOffer: null });
        expect(accepted.body.code).toBe('no_offer');
      }
    }
  });

  it('a pause offered twice at once: the second hears it was offered, not "stale" (T4)', { timeout: 120_000 }, async () => {
    const [w, b] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    for (let round = 0; round < ROUNDS; round++) {
      const id = await keyedGame(w, b);
      const offer = () => call('POST', `/api/games/${id}/pause`, { token: w.key, json: { action: 'offer', days: 3 } });
      const answers = await both(offer, offer);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.code).toBe('already_offered');
      expect((await state(id)).pauseOffer).toMatchObject({ by: 'white', days: 3 });
    }
  });
});

describe("a seat's notification choices changed from two tabs at once (tester 20 T10)", () => {
  it('keeps both changes', { timeout: 120_000 }, async () => {
    const [w, b] = [await newPlayer('Kirk'), await newPlayer('Kor')];
    for (let round = 0; round < ROUNDS; round++) {
      const id = await keyedGame(w, b);
      const choose = (notify: Record<string, boolean>) => () => call('PATCH', `/api/games/${id}/me`, { token: w.key, json: { notify } });
      const answers = await both(choose({ email: false }), choose({ push: false }));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const now = (await call('GET', `/api/games/${id}/me`, { token: w.key })).body.notify;
      expect([now.email, now.push]).toEqual([false, false]);
    }
  });
});

describe("a player's notification choices changed from two tabs at once (tester 20 T10)", () => {
  it('keeps both changes, and a digest set back to null', { timeout: 120_000 }, async () => {
    const p = await newPlayer('Kirk');
    for (let round = 0; round < ROUNDS; round++) {
      expect((await call('PATCH', '/api/me/notify', { token: p.key, json: { email: true, push: true, digestHours: 24 } })).status).toBe(200);
      bothReadFirst(PlayerService.prototype, 'authenticate');
      const choose = (json: Record<string, unknown>) => call('PATCH', '/api/me/notify', { token: p.key, json });
      const answers = await Promise.all([choose({ email: false }), choose({ push: false, digestHours: null })]);
      vi.restoreAllMocks();
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect((await call('GET', '/api/me/notify', { token: p.key })).body).toMatchObject({ email: false, push: false, digestHours: null });
    }
  });
});

describe('a rematch offer met by a double press (tester 20 T17)', () => {
  it('starts the rematch once and leaves no new offer behind', { timeout: 120_000 }, async () => {
    const [a, b] = [await newPlayer('A'), await newPlayer('B')];
    for (let round = 0; round < ROUNDS; round++) {
      const { game } = await startGame(a, b);
      await call('POST', `/api/games/${game.id}/resign`, { token: a.key });
      expect((await call('POST', `/api/games/${game.id}/rematch`, { token: a.key })).status).toBe(201);
      // B presses Rematch twice: both read A's offer waiting before either accepts it.
      bothReadFirst(PlayerStore.prototype, 'rematchesOf');
      const press = () => call('POST', `/api/games/${game.id}/rematch`, { token: b.key });
      const answers = await Promise.all([press(), press()]);
      vi.restoreAllMocks();
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      const started = answers.find((r) => r.status === 201)!.body;
      expect(answers.find((r) => r.status === 409)!.body).toMatchObject({ code: 'rematch_started' });
      expect(answers.find((r) => r.status === 409)!.body.error).toContain(started.id);
      for (const p of [a, b]) expect((await call('GET', '/api/me/challenges', { token: p.key })).body.challenges).toHaveLength(0);
    }
  });
});

describe('a tournament left twice at once (tester 20 T7)', () => {
  it('the second hears the player is not in it, not that it started', { timeout: 120_000 }, async () => {
    const creator = await newPlayer('Organiser');
    const p = await newPlayer('Entrant');
    for (let round = 0; round < ROUNDS; round++) {
      const t = await call('POST', '/api/tournaments', {
        token: creator.key,
        json: { name: `Event ${round}`, variant: 'warp-factor', format: 'round-robin', clock: { daysPerMove: 3 }, maxPlayers: 8 },
      });
      expect(t.status, t.text).toBe(201);
      expect((await call('POST', `/api/tournaments/${t.body.id}/join`, { token: p.key })).status).toBe(200);
      bothReadFirst(TournamentStore.prototype, 'entrants');
      const leave = () => call('POST', `/api/tournaments/${t.body.id}/leave`, { token: p.key });
      const answers = await Promise.all([leave(), leave()]);
      vi.restoreAllMocks();
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.code).toBe('not_joined');
      expect((await call('GET', `/api/tournaments/${t.body.id}`)).body.status).toBe('open');
    }
  });
});

describe("the computer's takeback pressed twice (tester 20 T9)", () => {
  it('takes back one turn, not two: the second, with no ply and no turn since, is refused for a few seconds', { timeout: 120_000 }, async () => {
    const computer = captureComputerTurns();
    const atPly4 = async () => {
      const g = await newGame('warp-factor', { black: { computer: 1 } });
      for (const text of ['Wb2-Wb3', 'Wa2-Wa3']) {
        await play(g, text, 'white');
        await runComputerQueue(computer.take());
      }
      expect((await state(g.id)).ply).toBe(4);
      return g;
    };
    for (let round = 0; round < 4; round++) {
      const g = await atPly4();
      const ask = () => call('POST', `/api/games/${g.id}/takeback`, { token: g.tokens.white, json: { action: 'offer' } });
      const answers = await both(ask, ask);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const refused = answers.find((a) => a.status === 409)!.body;
      expect(refused.code).toBe('stale_ply');
      expect(refused.error).toMatch(
        /granted a moment ago and the game is now at ply 2; to take back one more turn, ask again in \d+ seconds? \(or send ply 2 with it\)/,
      );
      expect((await state(g.id)).ply).toBe(2);
      expect((await call('GET', `/api/games/${g.id}/moves`)).body.takebacks).toHaveLength(1);
      // The chat's `takeback`, sent again at once, is the same double press.
      const chat = await call('POST', `/api/games/${g.id}/chat`, { token: g.tokens.white, text: 'takeback' });
      expect(chat.body.reply ?? chat.body.error).toContain('granted a moment ago');
      expect((await state(g.id)).ply).toBe(2);
      // Sent with the ply it reads, it is meant: one more turn goes.
      const meant = await call('POST', `/api/games/${g.id}/takeback`, { token: g.tokens.white, json: { action: 'offer', ply: 2 } });
      expect(meant.status).toBe(200);
      expect(meant.body.ply).toBe(0);
    }
  });
});
