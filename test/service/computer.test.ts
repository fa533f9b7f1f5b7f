// Games against the computer, inside workerd: created through the API and the home
// page form, played to the end in every variant with the computer's turns going
// through its queue (the consumer driven here), a lost or failed turn recovered, the
// hint rules, and the 4xx answers to bad input.
import { createExecutionContext, createScheduledController } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { GameStore } from '../../src/db/game-store.ts';
import { gameService } from '../../src/worker/services.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComputerJob } from '../../src/worker/computer-queue.ts';
import { levelNodes } from '../../src/engine/search/index.ts';
import type { NotifyJob } from '../../src/notify/types.ts';
import worker from '../../src/worker/index.ts';
import { call, createWithForm, form, gameDb, location, newGame } from './helpers.ts';
import { captureComputerTurns, runComputerQueue } from './computer-helpers.ts';
import { captureQueue } from './notify-helpers.ts';

const VARIANTS = ['first-contact', 'warp-factor', 'curved-space', 'planar'] as const;

/** A small seeded PRNG, so a failing game can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random legal turn, except that a turn that wins at once (text ending in #) is always taken: games end sooner. */
const humanTurn = (options: string[], pick: () => number) => options.find((t) => t.endsWith('#')) ?? options[Math.floor(pick() * options.length)]!;

const state = async (id: string) => (await call('GET', `/api/games/${id}`)).body;
const legal = async (id: string): Promise<string[]> => (await call('GET', `/api/games/${id}/legal`)).body.legal;
const moves = async (id: string) => (await call('GET', `/api/games/${id}/moves`)).body.moves as { ply: number; side: string; text: string }[];

let turns: ReturnType<typeof captureComputerTurns>;
let notes: ReturnType<typeof captureQueue<NotifyJob>>;
beforeEach(() => {
  turns = captureComputerTurns();
  notes = captureQueue();
});
afterEach(() => vi.restoreAllMocks());

/** The computer's turns waiting in the queue, played by the consumer: every one must be acknowledged. */
async function computerReplies() {
  const jobs = turns.take();
  if (!jobs.length) return;
  const result = await runComputerQueue(jobs);
  expect(result.retryMessages).toEqual([]);
}

describe('a whole game against the computer through the API', () => {
  for (const [i, variant] of VARIANTS.entries())
    it(`${variant}: a human playing random legal turns (a winning one when there is one), the computer (level 2) replying through its queue, to the end`, async () => {
      const human = i % 2 ? 'black' : 'white';
      const computer = human === 'white' ? 'black' : 'white';
      const game = await newGame(variant, { [human]: { name: 'Kirk', email: 'kirk@example.org' }, [computer]: { computer: 2 } });
      expect(Object.keys(game.tokens)).toEqual([human]);
      expect(Object.keys(game.links).sort()).toEqual([human, 'spectator'].sort());
      expect(game.state.players[computer]).toEqual({ name: 'Computer (level 2)', computer: 2 });
      expect(game.state.hints).toBe(true);
      const pick = random(i + 1);
      let s = game.state;
      // A random human can wander for hundreds of plies (First Contact especially, where a level-2
      // computer parries every check); past 300 plies the human resigns, which ends the game too.
      for (let guard = 0; s.status === 'active' && guard < 300; guard++) {
        if (s.sideToMove === computer) {
          // The request that gave the computer the move asked for exactly one turn.
          expect(turns.jobs).toEqual([{ gameId: game.id, ply: s.ply }]);
          await computerReplies();
        } else {
          const move = humanTurn(await legal(game.id), pick);
          const res = await call('POST', `/api/games/${game.id}/moves`, { json: { move, ply: s.ply + 1 }, token: game.tokens[human] });
          expect(res.status, res.text).toBe(200);
        }
        s = await state(game.id);
      }
      if (s.status === 'active') {
        const resigned = await call('POST', `/api/games/${game.id}/resign`, { token: game.tokens[human] });
        expect(resigned.status, resigned.text).toBe(200);
        await computerReplies(); // a reply still queued for the ended game is dropped, not retried
        s = await state(game.id);
      }
      expect(s.status).toBe('finished');
      const history = await moves(game.id);
      expect(history).toHaveLength(s.ply);
      // Sides alternate (a turn is one row) and the computer played its share.
      history.forEach((m, k) => expect(m.side).toBe(k % 2 ? 'black' : 'white'));
      expect(history.filter((m) => m.side === computer).length).toBeGreaterThan(0);
      // Replaying the stored turns gives the stored game: every computer turn went through the engine.
      const rebuilt = await gameService(env).rebuild(game.id);
      expect(rebuilt.ok && rebuilt.value).toMatchObject({ position: s.position, ply: s.ply });
      // Notifications went to the human only.
      const jobs = notes.take();
      expect(jobs.length).toBeGreaterThan(0);
      expect(jobs.every((j) => j.side === human)).toBe(true);
      expect(jobs.some((j) => j.event === 'turn')).toBe(true);
      expect(jobs.some((j) => j.event === 'game-over')).toBe(true);
    }, 240_000);
});

describe('a whole game against the computer through the pages', () => {
  it('the home form starts a game with the computer as White; form posts play to the end', async () => {
    const created = await createWithForm({ variant: 'planar', opponent: 'computer', level: '2', side: 'black', black: 'Kira' });
    expect(created.status).toBe(200);
    const links = [...created.text.matchAll(/value="(http[^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(links).toHaveLength(2);
    const mine = new URL(links.find((l) => l.includes('token='))!);
    const id = mine.pathname.split('/').pop()!;
    const token = mine.searchParams.get('token')!;
    // The computer, as White, was asked for its first turn at creation.
    expect(turns.jobs).toEqual([{ gameId: id, ply: 0 }]);
    const page = await call('GET', `/games/${id}?token=${token}`);
    expect(page.text).toContain('Computer (level 2)');
    expect(page.text).toContain('Kira');
    const pick = random(99);
    let s = await state(id);
    for (let guard = 0; s.status === 'active' && guard < 600; guard++) {
      if (s.sideToMove === 'white') await computerReplies();
      else {
        const res = await form(`/games/${id}/move`, { token, move: humanTurn(await legal(id), pick), ply: String(s.ply + 1) });
        expect(res.status).toBe(303);
        expect(location(res).searchParams.get('ok')).toMatch(/^You played /);
      }
      s = await state(id);
    }
    expect(s.status).toBe('finished');
    const end = await call('GET', `/games/${id}?token=${token}`);
    expect(end.text).toContain('Computer (level 2)');
  }, 240_000);

  it('the home form refuses a level that does not exist', async () => {
    const res = await createWithForm({ variant: 'planar', opponent: 'computer', level: '9', side: 'white' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('level must be 1 to 6');
  });
});

describe('the game page while the computer is to move (tester 19 Z3)', () => {
  it('says the computer is thinking, not "Waiting for Black" as of a human who may take days', async () => {
    const game = await newGame('warp-factor', { black: { computer: 3 } });
    const first = (await legal(game.id))[0]!;
    expect((await call('POST', `/api/games/${game.id}/moves`, { text: first, token: game.tokens.white })).status).toBe(200);
    const help = (page: string) => /<p id="move-help"[^>]*>([\s\S]*?)<\/p>/.exec(page)?.[1] ?? '';
    const waiting = help((await call('GET', `/games/${game.id}?token=${game.tokens.white}`)).text);
    expect(waiting).toContain('The computer (level 3) is thinking.');
    expect(waiting).not.toContain('Waiting for');
    await computerReplies();
    expect(help((await call('GET', `/games/${game.id}?token=${game.tokens.white}`)).text)).toContain('Type a turn');
  });
});

describe('a computer turn that failed or was lost', () => {
  it('a turn that failed is retried by the queue and played on the retry', async () => {
    const game = await newGame('warp-factor', { black: { computer: 3 } });
    const first = (await legal(game.id))[0]!;
    expect((await call('POST', `/api/games/${game.id}/moves`, { text: first, token: game.tokens.white })).status).toBe(200);
    const jobs = turns.take();
    expect(jobs).toEqual([{ gameId: game.id, ply: 1 }]);
    const commit = vi.spyOn(GameStore.prototype, 'commitMove').mockRejectedValueOnce(new Error('D1 is down'));
    const failed = await runComputerQueue(jobs);
    expect(commit).toHaveBeenCalledTimes(1);
    expect(failed.retryMessages).toHaveLength(1);
    expect(failed.explicitAcks).toEqual([]);
    expect((await state(game.id)).ply).toBe(1);
    const retried = await runComputerQueue(jobs, 2);
    expect(retried.retryMessages).toEqual([]);
    const after = await state(game.id);
    expect(after.ply).toBe(2);
    expect(after.lastMove.side).toBe('black');
    // A duplicate of the same turn (a redelivery) changes nothing.
    await runComputerQueue(jobs, 3);
    expect((await state(game.id)).ply).toBe(2);
  });

  it('the same game and ply give the same computer turn', async () => {
    const game = await newGame('planar', { white: { computer: 4 } });
    const played: string[] = [];
    for (let k = 0; k < 2; k++) {
      turns.take();
      await runComputerQueue([{ gameId: game.id, ply: 0 }]);
      played.push((await moves(game.id))[0]!.text);
      // Back to the start, as if the turn had never landed: the redelivered job plays again.
      await gameDb(game.id).prepare('delete from moves where game_id = ?').bind(game.id).run();
      await gameDb(game.id).prepare("update games set ply = 0, position = start_position, side_to_move = 'white' where id = ?").bind(game.id).run();
    }
    expect(played[1]).toBe(played[0]);
  });

  it('a lost turn is asked for again by the next GET once overdue, and played by the cron', async () => {
    const game = await newGame('curved-space', { white: { computer: 1 } });
    expect(turns.take()).toEqual([{ gameId: game.id, ply: 0 }]); // ... and lost
    // Fresh: a GET does not ask again while the turn may still be on its way.
    await state(game.id);
    expect(turns.jobs).toEqual([]);
    await gameDb(game.id).prepare('UPDATE games SET updated_at = updated_at - 60000 WHERE id = ?').bind(game.id).run();
    await state(game.id);
    const again = turns.take();
    expect(again).toEqual([{ gameId: game.id, ply: 0 }]);
    await runComputerQueue(again);
    expect((await state(game.id)).ply).toBe(1);

    // Lost again, and nobody looks: the cron plays it.
    const second = await newGame('planar', { white: { computer: 1 } });
    turns.take();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now() + 120_000, cron: '*/15 * * * *' }), env, createExecutionContext());
    const s = await state(second.id);
    expect(s.ply).toBe(1);
    expect(s.lastMove.side).toBe('white');
  });

  it('a resignation while the computer thinks: its turn is dropped, not retried', async () => {
    const game = await newGame('planar', { white: { name: 'Sulu' }, black: { computer: 1 } });
    const first = (await legal(game.id))[0]!;
    await call('POST', `/api/games/${game.id}/moves`, { text: first, token: game.tokens.white });
    expect((await call('POST', `/api/games/${game.id}/resign`, { token: game.tokens.white })).status).toBe(200);
    const result = await runComputerQueue(turns.take());
    expect(result.retryMessages).toEqual([]);
    const s = await state(game.id);
    expect(s.ply).toBe(1);
    expect(s.reason).toBe('resignation');
  });
});

describe('the correspondence level (6)', () => {
  it('is accepted, and its turn is played through the queue: a legal reply, not played by the request', async () => {
    const game = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { computer: 6 } });
    expect(game.state.players.black).toEqual({ name: 'Computer (level 6)', computer: 6 });
    const first = (await legal(game.id))[0]!;
    expect((await call('POST', `/api/games/${game.id}/moves`, { text: first, token: game.tokens.white })).status).toBe(200);
    // The request only asked for the turn: the computer has not moved yet.
    expect((await state(game.id)).ply).toBe(1);
    const jobs = turns.take();
    expect(jobs).toEqual([{ gameId: game.id, ply: 1 }]);
    const before = await legal(game.id);
    const result = await runComputerQueue(jobs);
    expect(result.retryMessages).toEqual([]);
    const after = await state(game.id);
    expect(after.ply).toBe(2);
    expect(after.lastMove.side).toBe('black');
    expect(before).toContain((await moves(game.id))[1]!.text);
  }, 120_000);

  it("a hint in a game against level 6 searches at the hint's level (4), not 6", async () => {
    const game = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { computer: 6 } });
    const hint = await call('GET', `/api/games/${game.id}/hint`, { token: game.tokens.white });
    expect(hint.status, hint.text).toBe(200);
    expect(await legal(game.id)).toContain(hint.body.move);
    expect(hint.body.nodes).toBeLessThanOrEqual(levelNodes('warp-factor', 4));
    expect(levelNodes('warp-factor', 6)).toBeGreaterThan(10 * levelNodes('warp-factor', 4));
  });

  it('level 7 does not exist: 400 with a JSON error naming the field', async () => {
    const res = await call('POST', '/api/games', { json: { variant: 'first-contact', white: { computer: 7 } } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.error).toContain('white.computer: must be a level from 1 to 6');
  });
});

describe('hints', () => {
  it('against the computer: the side to move gets a legal suggestion', async () => {
    const game = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { computer: 2 } });
    const hint = await call('GET', `/api/games/${game.id}/hint`, { token: game.tokens.white });
    expect(hint.status).toBe(200);
    expect(hint.body.ply).toBe(1);
    expect(await legal(game.id)).toContain(hint.body.move);
    expect(typeof hint.body.score).toBe('number');
    // The suggestion plays.
    expect((await call('POST', `/api/games/${game.id}/moves`, { text: hint.body.move, token: game.tokens.white })).status).toBe(200);
    // Now the computer is to move: no hint for the human.
    const waiting = await call('GET', `/api/games/${game.id}/hint`, { token: game.tokens.white });
    expect(waiting.status).toBe(409);
    expect(waiting.body.error).toContain('not your turn');
  });

  it('between humans only when the game was created with hints on', async () => {
    const off = await newGame('planar');
    expect(off.state.hints).toBe(false);
    const refused = await call('GET', `/api/games/${off.id}/hint`, { token: off.tokens.white });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('hints are off in this game');
    const on = await newGame('planar', { hints: true });
    expect(on.state.hints).toBe(true);
    const hint = await call('GET', `/api/games/${on.id}/hint`, { token: on.tokens.white });
    expect(hint.status).toBe(200);
    expect(await legal(on.id)).toContain(hint.body.move);
    expect((await call('GET', `/api/games/${on.id}/hint`, { token: on.tokens.black })).status).toBe(409);
  });

  it('cannot be turned off against the computer: hints false there is a 400 naming the field', async () => {
    const res = await call('POST', '/api/games', { json: { variant: 'planar', white: { computer: 2 }, hints: false } });
    expect([res.status, res.body.error]).toEqual([400, 'hints: against the computer hints are always on (its engine plays anyway); leave hints out']);
    expect((await call('POST', '/api/games', { json: { variant: 'planar', white: { computer: 2 }, hints: true } })).status).toBe(201);
  });

  it('a clock against the computer times out by itself: "claim" is a 400 naming the field (tester 7 H10: nobody could claim)', async () => {
    const claim = await call('POST', '/api/games', { json: { variant: 'planar', black: { computer: 1 }, clock: { daysPerMove: 1, timeout: 'claim' } } });
    expect([claim.status, claim.body.error]).toEqual([
      400,
      'clock.timeout: against the computer the timeout is "auto": the computer never claims a win on time, so a deadline passed would end nothing',
    ]);
    expect((await call('POST', '/api/games', { json: { variant: 'planar', black: { computer: 1 }, clock: { daysPerMove: 1 } } })).status).toBe(201);
  });

  it('needs a player token of the game', async () => {
    const game = await newGame('planar', { black: { computer: 1 } });
    expect((await call('GET', `/api/games/${game.id}/hint`)).status).toBe(401);
    const wrong = await call('GET', `/api/games/${game.id}/hint`, { token: 'x'.repeat(43) });
    expect(wrong.status).toBe(403);
    expect((await call('GET', '/api/games/nosuchgame/hint', { token: game.tokens.white })).status).toBe(404);
  });
});

describe('bad input', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['level 0', { white: { computer: 0 } }, 'white.computer: must be a level from 1 to 6'],
    ['level 7', { black: { computer: 7 } }, 'black.computer: must be a level from 1 to 6'],
    ['a level as text', { black: { computer: '3' } }, 'black.computer: must be a level from 1 to 6'],
    ['the computer on both sides', { white: { computer: 1 }, black: { computer: 2 } }, 'black: the computer can play one side only'],
    ['a computer with a name', { white: { computer: 1, name: 'HAL' } }, 'white: the computer takes no name, email or webhook'],
    ['hints that are not true or false', { hints: 'yes' }, 'hints: must be true or false'],
  ];
  for (const [what, extra, error] of cases)
    it(`${what}: 400 that says so`, async () => {
      const res = await call('POST', '/api/games', { json: { variant: 'planar', ...extra } });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(error);
    });

  it('the computer side has no token, so nobody can move for it', async () => {
    const game = await newGame('planar', { white: { name: 'Kirk' }, black: { computer: 1 } });
    const first = (await legal(game.id))[0]!;
    await call('POST', `/api/games/${game.id}/moves`, { text: first, token: game.tokens.white });
    const second = (await legal(game.id))[0]!;
    const res = await call('POST', `/api/games/${game.id}/moves`, { text: second, token: game.tokens.white });
    expect(res.status).toBe(403);
    expect(res.body.error).toContain("Black's turn");
  });
});

it('the home page offers the computer with its levels and your colour', async () => {
  const res = await call('GET', '/');
  expect(res.text).toContain('value="computer"');
  for (const n of [1, 2, 3, 4, 5, 6]) expect(res.text).toContain(`<option value="${n}"`);
  const levels = res.text.match(/<select id="level"[\s\S]*?<\/select>/)?.[0] ?? '';
  expect(levels.match(/<option /g)).toHaveLength(6);
  expect(res.text).toContain('name="side"');
});

describe('a game against the computer, exported and imported', () => {
  it('goes on against the computer when the import says which side it plays, as a new game does (tester 3 F17)', async () => {
    const game = await newGame('warp-factor', { white: { name: 'Kirk' }, black: { computer: 1 } });
    expect((await call('POST', `/api/games/${game.id}/moves`, { token: game.tokens.white, text: (await legal(game.id))[0] })).status).toBe(200);
    await computerReplies();
    expect((await state(game.id)).ply).toBe(2);
    const record = (await call('GET', `/api/games/${game.id}/record`)).text;

    const copy = await call('POST', '/api/games/import', { json: { record, black: { computer: 1 } } });
    expect(copy.status).toBe(201);
    expect(Object.keys(copy.body.tokens)).toEqual(['white']);
    expect(copy.body.state.players.black).toEqual({ name: 'Computer (level 1)', computer: 1 });
    expect((await call('POST', `/api/games/${copy.body.id}/moves`, { token: copy.body.tokens.white, text: (await legal(copy.body.id))[0] })).status).toBe(200);
    await computerReplies();
    expect((await moves(copy.body.id)).map((m) => m.side)).toEqual(['white', 'black', 'white', 'black']);

    // As in a new game: one side at most, and the computer takes no name.
    const both = await call('POST', '/api/games/import', { json: { record, white: { computer: 1 }, black: { computer: 2 } } });
    expect([both.status, both.body.error]).toEqual([400, 'body: the computer can play one side only; the other side is a human']);
    const named = await call('POST', '/api/games/import', { json: { record, black: { computer: 1, name: 'Deep' } } });
    expect(named.status).toBe(400);
    // Nor a claim clock against it, sent or in the record (tester 10 C6: the human could never lose on time).
    const claim = await call('POST', '/api/games/import', { json: { record, black: { computer: 1 }, clock: { daysPerMove: 2, timeout: 'claim' } } });
    expect([claim.status, claim.body.code, claim.body.error]).toEqual([
      400,
      'invalid_body',
      'clock.timeout: against the computer the timeout is "auto": the computer never claims a win on time, so a deadline passed would end nothing',
    ]);
    const tagged = `[TimeControl "2 days per move"]\n[Timeout "claim"]\n${record}`;
    const fromRecord = await call('POST', '/api/games/import', { json: { record: tagged, black: { computer: 1 } } });
    expect([fromRecord.status, fromRecord.body.code]).toEqual([400, 'invalid_record']);
    expect(fromRecord.body.error).toMatch(/^record: \[Timeout "claim"\] with the computer as a side/);
    // Between two people the record's claim clock stands.
    expect((await call('POST', '/api/games/import', { json: { record: tagged } })).body.state.clock.timeout).toBe('claim');
  });
});
