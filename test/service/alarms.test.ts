// Each game's object sets its alarm to the game's next due time and, when it fires, does what is
// due exactly once: the reminder, the timeout, the end of a pause, an overdue computer turn. An
// alarm is delivered at least once, so each test also delivers it again; and a move racing the
// alarm gives one outcome, never both. The object's clock is moved to the due time (the alarm
// runs at once through runDurableObjectAlarm); D1 is the record the tests read.
import { listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Directory } from '../../src/db/directory.ts';
import { COMPUTER_GRACE_MS } from '../../src/service/computer-sides.ts';
import { DIRECTORY_RETRY_MS, type GameObject } from '../../src/worker/game-object.ts';
import { call, fetchWorker, gameDb, inGame, newGame, BASE } from './helpers.ts';
import { gameService } from '../../src/worker/services.ts';
import { captureComputerTurns } from './computer-helpers.ts';
import { captureQueue, confirmAddresses, runQueue } from './notify-helpers.ts';
import { emailText, subject, summary } from '../../src/notify/messages.ts';
import { gameButtons, pressNotReply } from '../../src/notify/chat/buttons.ts';
import type { EventData } from '../../src/notify/types.ts';

const DAY = 86_400_000;
/** The game's whole row, from its object (the directory keeps a summary). */
const row = async (id: string) => (await inGame(id, (store) => store.game(id)))!;
/** The game's row in the directory (D1). */
const listed = async (id: string) => (await new Directory(env.DB).game(id))!;
const objectOf = (id: string) => env.GAMES.get(env.GAMES.idFromName(id));
const alarmOf = (id: string) => runInDurableObject(objectOf(id), (_o, state) => state.storage.getAlarm());

/** Deliver the game's alarm now, with the object's clock at `at` (undefined: no alarm was set). */
async function fireAt(id: string, at: number): Promise<boolean> {
  const stub = objectOf(id);
  await runInDurableObject(stub, (o: GameObject) => {
    o.clock = () => at;
  });
  return runDurableObjectAlarm(stub);
}

/** Deliver the alarm once more at `at` (as the platform may): set it (an hour ahead, so it waits for us), then run it. */
async function redeliverAt(id: string, at: number): Promise<void> {
  await runInDurableObject(objectOf(id), (_o, state) => state.storage.setAlarm(Date.now() + 3_600_000));
  expect(await fireAt(id, at)).toBe(true);
}

/** The emails queued for one event of one game, by recipient. */
const told = (jobs: { gameId: string; event: string; side: string; channel: string }[], id: string, event: string) =>
  jobs
    .filter((j) => j.gameId === id && j.event === event && j.channel === 'email')
    .map((j) => j.side)
    .sort();

const timed = (days = 1) => newGame('warp-factor', { white: { email: 'kirk@example.com' }, black: { email: 'kor@example.com' }, clock: { daysPerMove: days } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a game's alarm", () => {
  it('is set to the reminder, then the deadline; each fires once, also when delivered again', async () => {
    const queue = captureQueue();
    const g = await timed(1);
    const created = await row(g.id);
    const remindAt = created.deadline! - DAY + 0.8 * DAY;
    expect(await alarmOf(g.id)).toBe(remindAt);

    // The reminder, at its time: once, to White; then the alarm waits for the deadline.
    expect(await fireAt(g.id, remindAt)).toBe(true);
    expect(told(queue.jobs, g.id, 'reminder')).toEqual(['white']);
    // Then the last call, when under 10 % of the turn is left (issue 29): once; then the deadline.
    const lastCallAt = created.deadline! - 0.1 * DAY;
    expect(await alarmOf(g.id)).toBe(lastCallAt);
    await redeliverAt(g.id, remindAt);
    expect(told(queue.jobs, g.id, 'reminder')).toEqual(['white']);
    expect(await row(g.id)).toMatchObject({ status: 'active', reminderPly: 0 });
    expect(await fireAt(g.id, lastCallAt)).toBe(true);
    expect(told(queue.jobs, g.id, 'last-call')).toEqual(['white']);
    expect(await alarmOf(g.id)).toBe(created.deadline);
    await redeliverAt(g.id, lastCallAt);
    expect(told(queue.jobs, g.id, 'last-call')).toEqual(['white']);

    // The deadline: White loses on time, both are told once; nothing is due any more.
    expect(await fireAt(g.id, created.deadline! + 1)).toBe(true);
    expect(await row(g.id)).toMatchObject({ status: 'finished', result: '0-1', reason: 'timeout' });
    expect(told(queue.jobs, g.id, 'game-over')).toEqual(['black', 'white']);
    expect(told(queue.jobs, g.id, 'deadline-passed')).toEqual([]);
    expect(await alarmOf(g.id)).toBeNull();
    await redeliverAt(g.id, created.deadline! + 1);
    expect(told(queue.jobs, g.id, 'game-over')).toEqual(['black', 'white']);
    expect(told(queue.jobs, g.id, 'reminder')).toEqual(['white']);
  });

  it('leave taken after the last call: the reminder and the last call come again before the new deadline (tester: a silent timeout)', async () => {
    const queue = captureQueue();
    const g = await newGame('warp-factor', {
      white: { email: 'kirk@example.com' },
      black: { email: 'kor@example.com' },
      clock: { daysPerMove: 1, leaveDays: 2 },
    });
    const created = await row(g.id);
    expect(await fireAt(g.id, created.deadline! - 0.2 * DAY)).toBe(true);
    expect(await fireAt(g.id, created.deadline! - 0.1 * DAY)).toBe(true);
    expect([told(queue.jobs, g.id, 'reminder'), told(queue.jobs, g.id, 'last-call')]).toEqual([['white'], ['white']]);
    // A day of leave (taken now, well before the old deadline): both are due again, a day later.
    expect((await call('POST', `/api/games/${g.id}/leave`, { token: g.tokens.white, json: { days: 1 } })).status).toBe(200);
    const later = (await row(g.id)).deadline!;
    expect(later).toBe(created.deadline! + DAY);
    expect(await row(g.id)).toMatchObject({ reminderPly: null, lastCallPly: null });
    expect(await fireAt(g.id, later - 0.2 * DAY)).toBe(true);
    expect(await fireAt(g.id, later - 0.1 * DAY)).toBe(true);
    expect([told(queue.jobs, g.id, 'reminder'), told(queue.jobs, g.id, 'last-call')]).toEqual([
      ['white', 'white'],
      ['white', 'white'],
    ]);
  });

  it('a last call sent before a pause comes again when the turn resumes in its last tenth (tester 6 G10)', async () => {
    const queue = captureQueue();
    const g = await timed(1);
    const created = await row(g.id);
    const askedAt = created.deadline! - 0.05 * DAY;
    expect(await fireAt(g.id, askedAt)).toBe(true);
    expect(told(queue.jobs, g.id, 'last-call')).toEqual(['white']);
    // A day's pause agreed then, with 5 % of the turn left.
    const games = gameService(env, () => askedAt);
    expect((await games.pause(g.id, g.tokens.white, { action: 'offer', days: 1 })).ok).toBe(true);
    expect((await games.pause(g.id, g.tokens.black, { action: 'accept' })).ok).toBe(true);
    const until = (await row(g.id)).pausedUntil!;
    expect(await fireAt(g.id, until)).toBe(true);
    expect(await row(g.id)).toMatchObject({ pausedUntil: null, deadline: until + 0.05 * DAY, lastCallPly: 0 });
    expect(told(queue.jobs, g.id, 'pause-end')).toEqual(['black', 'white']);
    expect(told(queue.jobs, g.id, 'last-call')).toEqual(['white', 'white']);
    // Once: delivered again, nothing more.
    await redeliverAt(g.id, until + 1000);
    expect(told(queue.jobs, g.id, 'last-call')).toEqual(['white', 'white']);
    expect(told(queue.jobs, g.id, 'reminder')).toEqual([]);
  });

  it('after a takeback the turn it goes back to has its last call (tester 7 H7: the mark of a later ply silenced it)', async () => {
    const queue = captureQueue();
    const g = await timed(1);
    expect((await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white })).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/moves`, { text: 'Bb3-Bb2', token: g.tokens.black })).status).toBe(200);
    // White's last call at ply 2; then Black takes its turn back (White agrees): Black to move at ply 1.
    const whiteLate = (await row(g.id)).deadline! - 0.05 * DAY;
    expect(await fireAt(g.id, whiteLate)).toBe(true);
    expect(told(queue.jobs, g.id, 'last-call')).toEqual(['white']);
    expect((await call('POST', `/api/games/${g.id}/takeback`, { token: g.tokens.black, json: { action: 'offer' } })).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/takeback`, { token: g.tokens.white, json: { action: 'accept' } })).status).toBe(200);
    const back = await row(g.id);
    expect(back).toMatchObject({ ply: 1, sideToMove: 'black', lastCallPly: null });
    expect(await fireAt(g.id, back.deadline! - 0.05 * DAY)).toBe(true);
    expect(told(queue.jobs, g.id, 'last-call')).toEqual(['black', 'white']);
  });

  it("a move arms the alarm for the next turn's last call when the reminder comes after it (above 90 %; tester 7 H12)", async () => {
    const queue = captureQueue();
    const g = await newGame('warp-factor', {
      white: { email: 'kirk@example.com' },
      black: { email: 'kor@example.com' },
      clock: { daysPerMove: 1, timeout: 'claim' },
    });
    expect((await call('PATCH', `/api/games/${g.id}/me`, { token: g.tokens.black, json: { reminderPercent: 95 } })).status).toBe(200);
    // White's last call; then only the notice that the deadline passed is due in a game whose win on time is claimed.
    const late = (await row(g.id)).deadline! - 0.05 * DAY;
    expect(await fireAt(g.id, late)).toBe(true);
    expect(told(queue.jobs, g.id, 'last-call')).toEqual(['white']);
    expect(await alarmOf(g.id)).toBe((await row(g.id)).deadline! + 1);
    // White moves (the object's clock the machine's again): Black's turn, its last call before its 95 % reminder.
    await runInDurableObject(objectOf(g.id), (o: GameObject) => {
      o.clock = Date.now;
    });
    expect((await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white })).status).toBe(200);
    const black = await row(g.id);
    expect(black.sideToMove).toBe('black');
    expect(await alarmOf(g.id)).toBe(black.deadline! - 0.1 * DAY);
  });

  it('a seat on a digest gets the reminder and the last call at once, not with the digest (tester 12 E13)', async () => {
    const queue = captureQueue();
    const g = await timed(1);
    await confirmAddresses('kirk@example.com');
    expect((await call('PATCH', `/api/games/${g.id}/me`, { token: g.tokens.white, json: { notify: { digestHours: 24 } } })).status).toBe(200);
    queue.take();
    const created = await row(g.id);
    expect(await fireAt(g.id, created.deadline! - 0.2 * DAY)).toBe(true);
    expect(await fireAt(g.id, created.deadline! - 0.1 * DAY)).toBe(true);
    const sent: { headers: Record<string, string> }[] = [];
    const EMAIL = { send: async (m: { headers: Record<string, string> }) => (sent.push(m), { messageId: 'm' }) } as unknown as SendEmail;
    await runQueue(
      queue.take().filter((j) => j.gameId === g.id && j.side === 'white' && j.channel === 'email'),
      1,
      'subspace-notify',
      { ...env, EMAIL },
    );
    expect(sent.map((m) => m.headers['X-Subspace-Event'])).toEqual(['reminder', 'last-call']);
  });

  it('a reminder found due once the last call is: the last call alone, not both (nor the reminder after it)', async () => {
    const queue = captureQueue();
    const g = await timed(1);
    const created = await row(g.id);
    // The alarm came late (or the reminder is set above 90 %): the reminder and the last call are both due.
    expect(await fireAt(g.id, created.deadline! - 0.05 * DAY)).toBe(true);
    expect([told(queue.jobs, g.id, 'reminder'), told(queue.jobs, g.id, 'last-call')]).toEqual([[], ['white']]);
    expect(await row(g.id)).toMatchObject({ reminderPly: 0, lastCallPly: 0 });
    expect(await alarmOf(g.id)).toBe(created.deadline);
  });

  it('an alarm before anything is due does nothing and waits for the due time', async () => {
    const queue = captureQueue();
    const g = await timed(1);
    queue.take(); // the game-start mails
    const created = await row(g.id);
    expect(await fireAt(g.id, created.createdAt + 1000)).toBe(true);
    expect(queue.jobs.filter((j) => j.gameId === g.id)).toEqual([]);
    expect(await alarmOf(g.id)).toBe(created.deadline! - 0.2 * DAY);
  });

  it("follows the game: a move sets it to the next player's reminder; a finished game clears it", async () => {
    const g = await timed(2);
    const before = await alarmOf(g.id);
    expect((await call('POST', `/api/games/${g.id}/moves`, { token: g.tokens.white, text: 'Wa1-Wb3' })).status).toBe(200);
    const moved = await row(g.id);
    // The earlier alarm stays (it recomputes when it fires); it moves to the new time then.
    expect(await alarmOf(g.id)).toBe(before);
    expect(await fireAt(g.id, before! - 1)).toBe(true);
    expect(await alarmOf(g.id)).toBe(moved.deadline! - 2 * DAY + 0.8 * 2 * DAY);
    expect((await call('POST', `/api/games/${g.id}/resign`, { token: g.tokens.black })).status).toBe(200);
    expect(await fireAt(g.id, Date.now())).toBe(true);
    expect(await alarmOf(g.id)).toBeNull();
  });

  it("ends a pause at its end, once: both are told, White's time left comes back", async () => {
    const queue = captureQueue();
    const g = await timed(3);
    expect((await call('POST', `/api/games/${g.id}/pause`, { token: g.tokens.white, json: { action: 'offer', days: 1 } })).status).toBe(200);
    expect((await call('POST', `/api/games/${g.id}/pause`, { token: g.tokens.black, json: { action: 'accept' } })).status).toBe(200);
    const paused = await row(g.id);
    expect(paused.pausedUntil).not.toBeNull();
    // The pause ends before the reminder that was set: the alarm moved up to it.
    expect(await alarmOf(g.id)).toBe(paused.pausedUntil);
    expect(await fireAt(g.id, paused.pausedUntil!)).toBe(true);
    const resumed = await row(g.id);
    expect(resumed).toMatchObject({ status: 'active', pausedUntil: null, deadline: paused.pausedUntil! + paused.pauseLeftMs! });
    expect(told(queue.jobs, g.id, 'pause-end')).toEqual(['black', 'white']);
    // Next: White's reminder on the resumed clock.
    expect(await alarmOf(g.id)).toBe(resumed.deadline! - 3 * DAY + 0.8 * 3 * DAY);
    await redeliverAt(g.id, paused.pausedUntil!);
    expect(told(queue.jobs, g.id, 'pause-end')).toEqual(['black', 'white']);
    expect(await row(g.id)).toMatchObject({ deadline: resumed.deadline });
  });

  it('a move that lands before the timeout fires wins; the alarm then ends nothing', async () => {
    const queue = captureQueue();
    const g = await timed(1);
    const created = await row(g.id);
    expect((await call('POST', `/api/games/${g.id}/moves`, { token: g.tokens.white, text: 'Wa1-Wb3' })).status).toBe(200);
    expect(await fireAt(g.id, created.deadline! + 1)).toBe(true);
    expect(await row(g.id)).toMatchObject({ status: 'active', ply: 1 });
    expect(told(queue.jobs, g.id, 'game-over')).toEqual([]);
  });

  it('a timeout that fires before the move lands wins; the move is refused', async () => {
    const queue = captureQueue();
    const g = await timed(1);
    const created = await row(g.id);
    expect(await fireAt(g.id, created.deadline! + 1)).toBe(true);
    const late = await call('POST', `/api/games/${g.id}/moves`, { token: g.tokens.white, text: 'Wa1-Wb3' });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/over \(0-1, timeout\)/);
    expect(told(queue.jobs, g.id, 'game-over')).toEqual(['black', 'white']);
  });

  it('a move and the timeout at once: exactly one of them happens, told once', async () => {
    const queue = captureQueue();
    for (let round = 0; round < 4; round++) {
      const g = await timed(1);
      const created = await row(g.id);
      const stub = objectOf(g.id);
      await runInDurableObject(stub, (o: GameObject) => {
        o.clock = () => created.deadline! + 1;
      });
      const [moved] = await Promise.all([call('POST', `/api/games/${g.id}/moves`, { token: g.tokens.white, text: 'Wa1-Wb3' }), runDurableObjectAlarm(stub)]);
      const after = await row(g.id);
      if (moved.status === 200) {
        expect(after).toMatchObject({ status: 'active', ply: 1 });
        expect(told(queue.jobs, g.id, 'game-over')).toEqual([]);
      } else {
        expect(moved.status).toBe(409);
        expect(after).toMatchObject({ status: 'finished', reason: 'timeout', ply: 0 });
        expect(told(queue.jobs, g.id, 'game-over')).toEqual(['black', 'white']);
      }
    }
  }, 60_000);

  it('a move and the reminder at once: the reminder goes out at most once, and only for the turn it was due in', async () => {
    const queue = captureQueue();
    for (let round = 0; round < 3; round++) {
      const g = await timed(1);
      const created = await row(g.id);
      const stub = objectOf(g.id);
      // White's reminder is due; Black's (after the move) is not yet.
      await runInDurableObject(stub, (o: GameObject) => {
        o.clock = () => created.deadline! - 0.2 * DAY;
      });
      const [moved] = await Promise.all([call('POST', `/api/games/${g.id}/moves`, { token: g.tokens.white, text: 'Wa1-Wb3' }), runDurableObjectAlarm(stub)]);
      expect(moved.status).toBe(200);
      const reminders = told(queue.jobs, g.id, 'reminder');
      expect(reminders.length).toBeLessThanOrEqual(1);
      // Whichever came first, Black's turn has its own reminder still to come.
      const after = await row(g.id);
      expect(after.reminderPly === null || after.reminderPly === 0).toBe(true);
      if (reminders.length) expect(after.reminderPly).toBe(0);
    }
  }, 60_000);

  it('a request and the end of a pause at once: the pause ends once, both told once', async () => {
    const queue = captureQueue();
    for (let round = 0; round < 3; round++) {
      const g = await timed(3);
      expect((await call('POST', `/api/games/${g.id}/pause`, { token: g.tokens.white, json: { action: 'offer', days: 1 } })).status).toBe(200);
      expect((await call('POST', `/api/games/${g.id}/pause`, { token: g.tokens.black, json: { action: 'accept' } })).status).toBe(200);
      const paused = await row(g.id);
      const stub = objectOf(g.id);
      await runInDurableObject(stub, (o: GameObject) => {
        o.clock = () => paused.pausedUntil!;
      });
      // The request runs on the real clock (the pause still on): a move, which a pause allows.
      const [moved] = await Promise.all([call('POST', `/api/games/${g.id}/moves`, { token: g.tokens.white, text: 'Wa1-Wb3' }), runDurableObjectAlarm(stub)]);
      expect(moved.status).toBe(200);
      expect(await row(g.id)).toMatchObject({ ply: 1, pausedUntil: null });
      expect(told(queue.jobs, g.id, 'pause-end')).toEqual(['black', 'white']);
    }
  }, 60_000);

  it("plays the computer's turn once it is overdue (its queue message was lost), once", async () => {
    const turns = captureComputerTurns();
    const g = await newGame('warp-factor', { black: { computer: 1 } });
    expect((await call('POST', `/api/games/${g.id}/moves`, { token: g.tokens.white, text: 'Wa1-Wb3' })).status).toBe(200);
    expect(turns.take()).toEqual([{ gameId: g.id, ply: 1 }]); // asked, and the message never arrives
    const moved = await row(g.id);
    expect(await alarmOf(g.id)).toBe(moved.updatedAt + COMPUTER_GRACE_MS);
    expect(await fireAt(g.id, moved.updatedAt + COMPUTER_GRACE_MS)).toBe(true);
    expect(await row(g.id)).toMatchObject({ ply: 2, sideToMove: 'white' });
    await redeliverAt(g.id, moved.updatedAt + COMPUTER_GRACE_MS);
    expect((await row(g.id)).ply).toBe(2);
    // Untimed, and the human to move: nothing is due.
    expect(await alarmOf(g.id)).toBeNull();
  });

  it("the computer's overdue turn is played even after its deadline passed: it never loses on time (tester 10 C4)", async () => {
    const turns = captureComputerTurns();
    const g = await newGame('warp-factor', { black: { computer: 1 }, clock: { daysPerMove: 1 } });
    expect((await call('POST', `/api/games/${g.id}/moves`, { token: g.tokens.white, text: 'Wa1-Wb3' })).status).toBe(200);
    expect(turns.take()).toEqual([{ gameId: g.id, ply: 1 }]); // asked, and the message never arrives
    const moved = await row(g.id);
    // The object wakes only after the computer's deadline (the server was down, say).
    expect(await fireAt(g.id, moved.deadline! + 60_000)).toBe(true);
    expect(await row(g.id)).toMatchObject({ status: 'active', ply: 2, sideToMove: 'white' });
    // Nor does reading the game end it meanwhile: the page and the API show it going on.
    expect((await call('GET', `/api/games/${g.id}`)).body.status).toBe('active');
  });

  it('a directory write that fails: the move stands and is answered; the alarm writes the row again soon', async () => {
    const g = await newGame('warp-factor');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Directory.prototype, 'put').mockRejectedValueOnce(new Error('D1 is down'));
    const moved = await call('POST', `/api/games/${g.id}/moves`, { text: 'Wb2-Wb3', token: g.tokens.white });
    expect(moved.status).toBe(200);
    expect((await call('GET', `/api/games/${g.id}`)).body.ply).toBe(1);
    // D1's copy lags the game for now; the alarm is set to write it again within seconds.
    expect((await listed(g.id)).ply).toBe(0);
    const at = await alarmOf(g.id);
    expect(at).not.toBeNull();
    expect(at! - Date.now()).toBeLessThanOrEqual(DIRECTORY_RETRY_MS);
    expect(await fireAt(g.id, Date.now())).toBe(true);
    expect((await listed(g.id)).ply).toBe(1);
    // Nothing else is due in an untimed game: the alarm is done.
    expect(await alarmOf(g.id)).toBeNull();
  });

  it('timeout claimed: the waiting player hears the deadline passed, once per deadline, and may claim by a chat or mail command (tester 10 C7)', async () => {
    const queue = captureQueue();
    const g = await newGame('warp-factor', {
      white: { email: 'kirk@example.com' },
      black: { email: 'kor@example.com' },
      clock: { daysPerMove: 1, timeout: 'claim' },
    });
    const created = await row(g.id);
    expect(await fireAt(g.id, created.deadline! - 0.2 * DAY)).toBe(true);
    expect(await fireAt(g.id, created.deadline! - 0.1 * DAY)).toBe(true);
    expect(told(queue.jobs, g.id, 'deadline-passed')).toEqual([]);
    // Just after the deadline: the alarm wakes, the game goes on, and Black (waiting) is told, once.
    expect(await alarmOf(g.id)).toBe(created.deadline! + 1);
    expect(await fireAt(g.id, created.deadline! + 1)).toBe(true);
    expect(await row(g.id)).toMatchObject({ status: 'active', claimNoticeDeadline: created.deadline });
    expect(told(queue.jobs, g.id, 'deadline-passed')).toEqual(['black']);
    const mail = queue.jobs.find((j) => j.gameId === g.id && j.event === 'deadline-passed') as unknown as { data: EventData };
    expect(mail.data.deadline).toBe(new Date(created.deadline!).toISOString());
    // Its words: what passed, how to claim (a reply "claim" here; on Discord the button), and that White may still move.
    const text = emailText('deadline-passed', mail.data, { replyTo: 'reply@example.com', unsubscribe: null });
    expect(subject('deadline-passed', mail.data)).toMatch(/^White's deadline passed in Warp Factor game .*: you may claim the win$/);
    expect(text).toContain('White let the deadline for their turn pass (');
    expect(text).toContain('You may claim the win on time: reply "claim", or claim it on the game page. Until you do, they may still move.');
    expect(text).toContain('claim (the win on time)');
    expect(summary('deadline-passed', mail.data).map(pressNotReply)[0]).toContain('press Claim the win on time, or claim it on the game page');
    const buttons = gameButtons({ id: g.id, status: 'active', drawOffer: null, claimable: true }, 'black').map((b) => b.data);
    expect(buttons).toEqual([`draw:${g.id}`, `resign:${g.id}`, `claim:${g.id}`, `board:${g.id}`]);
    expect(await alarmOf(g.id)).toBeNull();
    await redeliverAt(g.id, created.deadline! + 2);
    expect(told(queue.jobs, g.id, 'deadline-passed')).toEqual(['black']);

    // White moves late (allowed until claimed): Black's turn has a deadline of its own, whose passing White hears of.
    expect((await call('POST', `/api/games/${g.id}/moves`, { token: g.tokens.white, text: 'Wa1-Wb3' })).status).toBe(200);
    const second = (await row(g.id)).deadline!;
    expect(second).toBeGreaterThan(created.deadline!);
    expect(await fireAt(g.id, second + 1)).toBe(true);
    expect(told(queue.jobs, g.id, 'deadline-passed')).toEqual(['black', 'white']);

    // "claim", as a chat command (an email's reply runs the same command): White wins on time. (Requests
    // read the machine's clock, not the object's: Black's deadline is put in the past for them.)
    await gameDb(g.id)
      .prepare('update games set deadline = ? where id = ?')
      .bind(Date.now() - 1000, g.id)
      .run();
    const claimed = await call('POST', `/api/games/${g.id}/chat`, { text: 'claim', token: g.tokens.white });
    expect(claimed.body).toMatchObject({ ok: true, state: { status: 'finished', result: '1-0', reason: 'timeout' } });
    expect(claimed.body.reply).toMatch(/^You claimed the win on time\./);
  });

  it('timeout claimed: the claim command before the deadline says why not and changes nothing', async () => {
    const g = await newGame('warp-factor', { clock: { daysPerMove: 1, timeout: 'claim' } });
    const early = await call('POST', `/api/games/${g.id}/chat`, { text: 'claim', token: g.tokens.black });
    expect(early.body).toMatchObject({ ok: false, status: 409 });
    expect(early.body.reply).toMatch(/^Could not claim the win: White's deadline has not passed/);
    expect((await row(g.id)).status).toBe('active');
  });

  it('an untimed game between people never sets one', async () => {
    const g = await newGame('warp-factor');
    expect((await call('POST', `/api/games/${g.id}/moves`, { token: g.tokens.white, text: 'Wa1-Wb3' })).status).toBe(200);
    expect(await alarmOf(g.id)).toBeNull();
  });
});

describe("the game page's socket", () => {
  const open = (id: string, headers: Record<string, string> = { Upgrade: 'websocket' }) =>
    fetchWorker(new Request(`${BASE}/api/games/${id}/socket`, { headers }));

  it('sends the game as it stands, then each move as it lands; pings are answered', async () => {
    const g = await newGame('warp-factor');
    const res = await open(g.id);
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const received: string[] = [];
    let arrived: () => void = () => {};
    ws.addEventListener('message', (m) => {
      received.push(String(m.data));
      arrived();
    });
    const next = (n: number) =>
      new Promise<void>((resolve) => {
        arrived = () => received.length >= n && resolve();
        arrived();
      });
    ws.accept();
    await next(1);
    expect(JSON.parse(received[0]!)).toMatchObject({ type: 'gameFull', state: { id: g.id, ply: 0 } });
    expect((await call('POST', `/api/games/${g.id}/moves`, { token: g.tokens.white, text: 'Wa1-Wb3' })).status).toBe(200);
    await next(2);
    expect(JSON.parse(received[1]!)).toMatchObject({ type: 'move', state: { ply: 1, sideToMove: 'black', lastMove: { text: 'Wa1-Wb3' } } });
    ws.send('ping');
    await next(3);
    expect(received[2]).toBe('pong');
    ws.close(1000, 'done');
  });

  it('an unknown or malformed game id is a 404 that creates no object; without an upgrade, a 426', async () => {
    const before = (await listDurableObjectIds(env.GAMES)).length;
    const unknown = await open('zzzzzzzzzzzz');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 'unknown_game', error: 'no game with id zzzzzzzzzzzz' });
    expect((await open('NOT_AN_ID')).status).toBe(404);
    expect((await call('GET', '/api/games/zzzzzzzzzzzz')).status).toBe(404);
    expect((await listDurableObjectIds(env.GAMES)).length).toBe(before);
    const g = await newGame('warp-factor');
    const plain = await open(g.id, {});
    expect(plain.status).toBe(426);
    expect((await plain.json()) as { error: string }).toMatchObject({ error: expect.stringMatching(/WebSocket/) });
  });
});
