// Pause by agreement and leave days: the clock stops and comes back with the time the side to
// move had left, resumed exactly once by the cron or by whoever touches the game first; leave
// days move one's own deadline. Times come from the injected clock, never from the machine's.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Directory } from '../../src/db/directory.ts';
import { gameObject } from '../../src/worker/game-objects.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GameService } from '../../src/service/games.ts';
import worker from '../../src/worker/index.ts';
import { gameService } from '../../src/worker/services.ts';
import { call, followed, form, inGame, location, newGame, occurrences, play, createWithForm } from './helpers.ts';
import { captureQueue, confirmAddresses, inboundEmail } from './notify-helpers.ts';
import { summary } from '../../src/notify/messages.ts';
import { utc } from '../../src/service/public-state.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const DAY = 86_400_000;
type G = Awaited<ReturnType<typeof newGame>>;
const pause = (g: G, side: 'white' | 'black', body: unknown) => call('POST', `/api/games/${g.id}/pause`, { json: body, token: g.tokens[side] });
const leave = (g: G, side: 'white' | 'black', body: unknown) => call('POST', `/api/games/${g.id}/leave`, { json: body, token: g.tokens[side] });
/** The game's whole row, from its object (the directory keeps a summary). */
const row = async (id: string) => (await inGame(id, (store) => store.game(id)))!;
const timed = (extra: Record<string, unknown> = {}) =>
  newGame('warp-factor', {
    white: { name: 'Kirk', email: 'kirk@example.org' },
    black: { name: 'Kor', email: 'kor@example.org' },
    clock: { daysPerMove: 3 },
    ...extra,
  });
const runCron = async (scheduledTime: number) => {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: '*/15 * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
};
/** The notification jobs of one event for one game, by recipient. */
const told = (jobs: { gameId: string; event: string; side: string; channel: string }[], id: string, event: string) =>
  jobs
    .filter((j) => j.gameId === id && j.event === event && j.channel === 'email')
    .map((j) => j.side)
    .sort();

/** A game paused by agreement at `at` for `days` days (White asks, Black accepts), through the service with the clock at `at`. */
async function pausedAt(g: G, at: number, days: number) {
  const games = gameService(env, () => at);
  const offered = await games.pause(g.id, g.tokens.white, { action: 'offer', days });
  expect(offered.ok).toBe(true);
  const accepted = await games.pause(g.id, g.tokens.black, { action: 'accept' });
  if (!accepted.ok) throw new Error(accepted.error);
  return accepted.value;
}

/** The stored game is what its move rows replay to. */
async function expectRebuilds(id: string) {
  const rebuilt = await gameService(env).rebuild(id);
  const stored = await row(id);
  expect(rebuilt.ok && rebuilt.value).toMatchObject({ position: stored.position, ply: stored.ply });
}

describe('pause by agreement', () => {
  it('offer, decline, cancel, accept: the state says who asked, and the clock stops', async () => {
    const g = await timed();
    const offered = await pause(g, 'white', { action: 'offer', days: 7 });
    expect(offered.status).toBe(200);
    expect(offered.body).toMatchObject({ pauseOffer: { by: 'white', days: 7 }, pause: null });
    expect((await pause(g, 'white', { action: 'offer', days: 3 })).body.error).toMatch(/already offered a pause of 7 days/);
    expect((await pause(g, 'black', { action: 'offer', days: 3 })).body.error).toMatch(/White has offered a pause of 7 days: accept or decline it first/);
    const own = await pause(g, 'white', { action: 'accept' });
    expect(own.status).toBe(409);
    expect(own.body.error).toBe('you cannot accept your own offer');
    const declined = await pause(g, 'black', { action: 'decline' });
    expect(declined.body).toMatchObject({ pauseOffer: null, pause: null });
    expect((await pause(g, 'black', { action: 'decline' })).body.error).toBe('White has not offered a pause');

    expect((await pause(g, 'black', { action: 'offer', days: 2 })).status).toBe(200);
    expect((await pause(g, 'white', { action: 'cancel' })).body.error).toBe('you have not offered a pause');
    const queue = captureQueue();
    expect((await pause(g, 'black', { action: 'cancel' })).body.pauseOffer).toBeNull();
    // The one who was asked is told the request is gone (tester 7 H9: their page kept its Accept button).
    expect(told(queue.jobs, g.id, 'offer-withdrawn')).toEqual(['white']);

    const before = await row(g.id);
    expect((await pause(g, 'black', { action: 'offer', days: 2 })).status).toBe(200);
    const accepted = await pause(g, 'white', { action: 'accept' });
    expect(accepted.status).toBe(200);
    const paused = await row(g.id);
    expect(accepted.body.clock.deadline).toBeNull();
    expect(accepted.body.pauseOffer).toBeNull();
    expect(accepted.body.pause).toMatchObject({ by: 'black', until: new Date(paused.pausedUntil!).toISOString() });
    // The side to move keeps the time it had left, counted from the end of the pause.
    expect(paused.pausedUntil! - paused.updatedAt).toBe(2 * DAY);
    expect(Date.parse(accepted.body.pause.deadline)).toBe(paused.pausedUntil! + (before.deadline! - paused.updatedAt));
    expect((await pause(g, 'white', { action: 'offer', days: 1 })).body.error).toMatch(/^the game is paused until .*: the clock is already stopped$/);
    expect((await call('POST', `/api/games/${g.id}/claim`, { token: g.tokens.black })).body.error).toMatch(/^the game is paused until/);
  });

  it('refuses bad input with 400 saying what was wrong, and a pause without a clock with 409', async () => {
    const g = await timed();
    for (const [body, error] of [
      [{ action: 'offer' }, /days/],
      [{ action: 'offer', days: 0 }, /days: must be a whole number from 1 to 14/],
      [{ action: 'offer', days: 15 }, /days: must be a whole number from 1 to 14/],
      [{ action: 'offer', days: 1.5 }, /days: must be a whole number from 1 to 14/],
      [{ action: 'offer', days: '3' }, /days: must be a whole number from 1 to 14/],
      [{ action: 'stop' }, /action/],
      [{ action: 'accept', days: 3 }, /days/],
      [[], /must be/],
    ] as const) {
      const res = await pause(g, 'white', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatch(error);
    }
    expect((await call('POST', `/api/games/${g.id}/pause`, { json: { action: 'offer', days: 3 } })).status).toBe(401);
    const untimed = await newGame('warp-factor');
    expect((await pause(untimed, 'white', { action: 'offer', days: 3 })).body).toEqual({
      code: 'no_clock',
      error: 'this game has no time limit per move (it was started without a clock), so there is no clock to pause',
    });
    expect((await call('POST', `/api/games/${untimed.id}/leave`, { token: untimed.tokens.white, json: { days: 1 } })).body).toEqual({
      code: 'no_clock',
      error: 'this game has no time limit per move (it was started without a clock), so there is no deadline to take leave from',
    });
    expect((await row(g.id)).pauseOfferBy).toBeNull();
  });

  it('both players are told of the offer (the opponent), the pause and its end (both)', async () => {
    const queue = captureQueue();
    const g = await timed();
    const at = (await row(g.id)).createdAt + DAY;
    await pausedAt(g, at, 3);
    expect(told(queue.jobs, g.id, 'pause-offer')).toEqual(['black']);
    expect(told(queue.jobs, g.id, 'pause')).toEqual(['black', 'white']);
    const mail = queue.jobs.find((j) => j.gameId === g.id && j.event === 'pause' && j.side === 'white')!;
    expect(mail.data.pause).toMatchObject({ by: 'white' });
    // Touched after the end: resumed once, both told once, however often it is touched.
    const later = gameService(env, () => at + 3 * DAY + 1);
    await later.load(g.id);
    await later.load(g.id);
    expect(told(queue.jobs, g.id, 'pause-end')).toEqual(['black', 'white']);
  });

  it('each player may ask at most 5 times an hour: asking and taking it back cannot flood the opponent (tester 11 S19)', async () => {
    const queue = captureQueue();
    const g = await timed();
    const t0 = (await row(g.id)).createdAt + 1000;
    const at = (t: number) => gameService(env, () => t);
    for (let i = 0; i < 5; i++) {
      expect((await at(t0 + i * 60_000).pause(g.id, g.tokens.white, { action: 'offer', days: 2 + i })).ok).toBe(true);
      expect((await at(t0 + i * 60_000 + 1).pause(g.id, g.tokens.white, { action: 'cancel' })).ok).toBe(true);
    }
    const sixth = await at(t0 + 10 * 60_000).pause(g.id, g.tokens.white, { action: 'offer', days: 5 });
    expect(sixth.ok).toBe(false);
    if (sixth.ok) return;
    expect([sixth.status, sixth.code]).toEqual([429, 'rate_limited']);
    expect(sixth.error).toMatch(/^too many pause requests: each player may ask for a pause at most 5 times an hour; try again at .+ UTC \(in 50 minutes\)$/);
    expect(sixth.retryAfter).toBe(3000);
    expect(told(queue.jobs, g.id, 'pause-offer')).toEqual(['black', 'black', 'black', 'black', 'black']);
    expect((await row(g.id)).pauseOfferBy).toBeNull();
    // The other side asks on its own count; an hour after the first ask, White may ask again.
    expect((await at(t0 + 11 * 60_000).pause(g.id, g.tokens.black, { action: 'offer', days: 1 })).ok).toBe(true);
    expect((await at(t0 + 11 * 60_000 + 1).pause(g.id, g.tokens.black, { action: 'cancel' })).ok).toBe(true);
    expect((await at(t0 + 60 * 60_000 + 1).pause(g.id, g.tokens.white, { action: 'offer', days: 5 })).ok).toBe(true);
    // Through the API with the machine's clock: the 429 carries Retry-After.
    const h = await timed();
    for (let i = 0; i < 5; i++) {
      expect((await pause(h, 'white', { action: 'offer', days: 2 })).status).toBe(200);
      expect((await pause(h, 'white', { action: 'cancel' })).status).toBe(200);
    }
    const refused = await pause(h, 'white', { action: 'offer', days: 2 });
    expect([refused.status, refused.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3000);
  });

  it('a touch after the end resumes it with the time the side to move had left, counted from the end', async () => {
    const g = await timed();
    const created = await row(g.id);
    const at = created.createdAt + DAY; // White has used one of its three days
    const paused = await pausedAt(g, at, 5);
    const until = at + 5 * DAY;
    expect(Date.parse(paused.pause!.until)).toBe(until);
    // Still paused just before the end.
    expect((await gameService(env, () => until - 1).load(g.id)).ok && (await row(g.id)).pausedUntil).toBe(until);
    // Touched a day after the end: the deadline is the end plus what was left, not a fresh period from now.
    const touched = await gameService(env, () => until + DAY).load(g.id);
    expect(touched.ok && touched.value).toMatchObject({ pause: null, clock: { deadline: new Date(until + (created.deadline! - at)).toISOString() } });
    expect(await row(g.id)).toMatchObject({ pausedUntil: null, pausedBy: null, pauseLeftMs: null, deadline: until + 2 * DAY });
  });

  it('the cron resumes it; a game whose time then ran out is lost on time only after the time it had left', async () => {
    const g = await timed();
    const created = await row(g.id);
    const at = created.createdAt + 2 * DAY;
    await pausedAt(g, at, 1);
    const until = at + DAY;
    await runCron(until - 1);
    expect((await row(g.id)).pausedUntil).toBe(until);
    await runCron(until);
    expect(await row(g.id)).toMatchObject({ status: 'active', pausedUntil: null, deadline: until + (created.deadline! - at) });
    await runCron(until + (created.deadline! - at) + 1);
    expect(await row(g.id)).toMatchObject({ status: 'finished', reason: 'timeout', result: '0-1' });
  });

  it('a pause that ends during a cron run: the cron and a request touching the game resume it exactly once', async () => {
    const queue = captureQueue();
    for (let round = 0; round < 4; round++) {
      const g = await timed();
      const created = await row(g.id);
      const at = created.createdAt + DAY;
      await pausedAt(g, at, 2);
      const until = at + 2 * DAY;
      const now = until + 60_000;
      const [, touched] = await Promise.all([runCron(now), gameService(env, () => now).load(g.id, g.tokens.white)]);
      const deadline = until + (created.deadline! - at);
      expect(touched.ok && touched.value).toMatchObject({ pause: null, clock: { deadline: new Date(deadline).toISOString() } });
      expect(await row(g.id)).toMatchObject({ pausedUntil: null, deadline });
      expect(told(queue.jobs, g.id, 'pause-end')).toEqual(['black', 'white']);
    }
  }, 60_000);

  it('a move that races the end of the pause: one resume, and the deadline is a fresh period from the move', async () => {
    const queue = captureQueue();
    const g = await timed();
    const at = (await row(g.id)).createdAt + DAY;
    await pausedAt(g, at, 2);
    const now = at + 2 * DAY + 1000;
    const [, moved] = await Promise.all([gameObject(env, g.id).tick(g.id, now), gameService(env, () => now).move(g.id, g.tokens.white, { move: 'Wb2-Wb3' })]);
    expect(moved.ok).toBe(true);
    expect(await row(g.id)).toMatchObject({ ply: 1, pausedUntil: null, pauseLeftMs: null, deadline: now + 3 * DAY });
    expect(told(queue.jobs, g.id, 'pause-end')).toEqual(['black', 'white']);
  });

  it('moves go on during a pause; the clock of the next player starts when the pause ends; the game replays', async () => {
    const g = await timed();
    const at = (await row(g.id)).createdAt + DAY;
    await pausedAt(g, at, 4);
    const until = at + 4 * DAY;
    const games = gameService(env, () => at + DAY);
    expect((await games.move(g.id, g.tokens.white, { move: 'Wb2-Wb3' })).ok).toBe(true);
    const after = await games.move(g.id, g.tokens.black, { move: 'Bb3-Bb2' });
    expect(after.ok && after.value.state).toMatchObject({
      clock: { deadline: null },
      pause: { by: 'white', deadline: new Date(until + 3 * DAY).toISOString() },
    });
    expect(await row(g.id)).toMatchObject({ deadline: null, pausedUntil: until, pauseLeftMs: 3 * DAY });
    // A takeback during the pause keeps it too.
    expect((await games.takeback(g.id, g.tokens.black, 'offer')).ok).toBe(true);
    expect((await games.takeback(g.id, g.tokens.white, 'accept')).ok).toBe(true);
    expect(await row(g.id)).toMatchObject({ ply: 1, deadline: null, pausedUntil: until, pauseLeftMs: 3 * DAY });
    await expectRebuilds(g.id);
    await runCron(until);
    expect(await row(g.id)).toMatchObject({ ply: 1, sideToMove: 'black', deadline: until + 3 * DAY, pausedUntil: null });
    await expectRebuilds(g.id);
  });

  it("a turn's mail during a pause says the game is paused, and the deadline it will have (tester 12 E5)", async () => {
    const queue = captureQueue();
    const g = await timed();
    const at = (await row(g.id)).createdAt + DAY;
    await pausedAt(g, at, 4);
    queue.take();
    expect((await gameService(env, () => at + DAY).move(g.id, g.tokens.white, { move: 'Wb2-Wb3' })).ok).toBe(true);
    const turn = queue.take().find((j) => j.event === 'turn' && j.side === 'black' && j.channel === 'email')!;
    const until = new Date(at + 4 * DAY).toISOString();
    const deadline = new Date(at + 4 * DAY + 3 * DAY).toISOString();
    expect(summary('turn', turn.data)).toContain(`The game is paused until ${utc(until)}; your deadline is then ${utc(deadline)}.`);
  });

  it('the computer grants a pause at once; the end of the game ends a pause', async () => {
    const g = await newGame('warp-factor', { black: { computer: 3 }, clock: { daysPerMove: 2 } });
    const res = await pause(g, 'white', { action: 'offer', days: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pauseOffer: null, pause: { by: 'white' }, clock: { deadline: null } });
    expect((await call('POST', `/api/games/${g.id}/resign`, { token: g.tokens.white })).status).toBe(200);
    expect(await row(g.id)).toMatchObject({ status: 'finished', pausedUntil: null, deadline: null });
  });
});

describe('leave days', () => {
  it('are given at creation (0-30) and refused out of range', async () => {
    expect((await timed({ clock: { daysPerMove: 3, leaveDays: 10 } })).state.clock).toMatchObject({ leaveDays: 10, leaveLeft: { white: 10, black: 10 } });
    expect((await timed()).state.clock).toMatchObject({ leaveDays: 0, leaveLeft: { white: 0, black: 0 } });
    for (const leaveDays of [-1, 31, 2.5, '3']) {
      const res = await call('POST', '/api/games', { json: { variant: 'warp-factor', clock: { daysPerMove: 3, leaveDays } } });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/clock\.leaveDays: must be a whole number from 0 to 30/);
    }
  });

  it('the player to move spends them on their own deadline, until none are left', async () => {
    const g = await timed({ clock: { daysPerMove: 3, leaveDays: 3 } });
    const start = (await row(g.id)).deadline!;
    expect((await leave(g, 'black', { days: 1 })).body.error).toMatch(/^it is White's turn/);
    const spent = await leave(g, 'white', { days: 2 });
    expect(spent.status).toBe(200);
    expect(spent.body.clock).toMatchObject({ deadline: new Date(start + 2 * DAY).toISOString(), leaveLeft: { white: 1, black: 3 } });
    expect((await leave(g, 'white', { days: 2 })).body.error).toBe('you have only 1 day of leave left');
    expect((await leave(g, 'white', { days: 1 })).body.clock.leaveLeft.white).toBe(0);
    expect((await leave(g, 'white', { days: 1 })).body).toEqual({ code: 'no_leave_left', error: 'you have no leave days left' });
    expect((await row(g.id)).deadline).toBe(start + 3 * DAY);
    // A game made without leave days says so, rather than that they are spent.
    const none = await timed({ clock: { daysPerMove: 3 } });
    expect((await leave(none, 'white', { days: 1 })).body).toEqual({ code: 'no_leave_left', error: 'this game has no leave days (it was made without any)' });
    // Black's own are untouched, spent on Black's turn.
    await play(g, 'Wb2-Wb3');
    expect((await leave(g, 'black', { days: 3 })).body.clock.leaveLeft).toEqual({ white: 0, black: 0 });
  });

  it('leave sent again with the deadline it was meant for spends nothing more (tester 8 K3); the page sends it', async () => {
    const g = await timed({ clock: { daysPerMove: 3, leaveDays: 5 } });
    const read = (await call('GET', `/api/games/${g.id}`)).body.clock.deadline as string;
    const spent = await leave(g, 'white', { days: 1, deadline: read });
    expect(spent.status).toBe(200);
    const retried = await leave(g, 'white', { days: 1, deadline: read });
    expect([retried.status, retried.body.code]).toEqual([409, 'stale_ply']);
    expect(retried.body.error).toMatch(/^stale: the deadline is now .* UTC, not .* UTC as you read it/);
    expect((await row(g.id)).whiteLeaveLeft).toBe(4);
    expect((await leave(g, 'white', { days: 1, deadline: 'tomorrow' })).status).toBe(400);
    // The page's leave form carries the deadline it showed.
    const html = (await call('GET', `/games/${g.id}?token=${g.tokens.white}`)).text;
    const leaveForm = html.slice(html.indexOf('data-action="leave"'));
    const shown = spent.body.clock.deadline as string;
    expect(leaveForm.slice(0, leaveForm.indexOf('</form>'))).toContain(`name="deadline" value="${shown}"`);
    const press = () => form(`/games/${g.id}/leave`, { token: g.tokens.white, days: '1', deadline: shown });
    expect(location(await press()).searchParams.get('ok')).toBe('You took 1 day of leave.');
    // Pressed again: nothing more is spent, and the answer the browser shows says what the first press did (tester 20 T12).
    const again = location(await press());
    expect([again.searchParams.get('ok'), again.searchParams.get('error')]).toEqual(['You took 1 day of leave.', null]);
    expect((await row(g.id)).whiteLeaveLeft).toBe(3);
    // A form drawn before another leave (its deadline moved by other days) is still stale, in words.
    const older = await form(`/games/${g.id}/leave`, { token: g.tokens.white, days: '2', deadline: shown });
    expect(location(older).searchParams.get('error')).toMatch(/^Stale: the deadline is now/);
  });

  it('bad input is a 400; no clock, a pause or two spends at once cannot take more than there is', async () => {
    const g = await timed({ clock: { daysPerMove: 3, leaveDays: 1 } });
    for (const body of [{}, { days: 0 }, { days: 31 }, { days: 1.5 }, { days: '1' }, { days: 1, extra: true }]) {
      const res = await leave(g, 'white', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(/days|extra|must be/);
    }
    const both = await Promise.all([leave(g, 'white', { days: 1 }), leave(g, 'white', { days: 1 })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await row(g.id)).whiteLeaveLeft).toBe(0);
    const untimed = await newGame('warp-factor');
    expect((await leave(untimed, 'white', { days: 1 })).status).toBe(409);
    const paused = await timed({ clock: { daysPerMove: 3, leaveDays: 5 } });
    await pausedAt(paused, (await row(paused.id)).createdAt, 2);
    expect((await leave(paused, 'white', { days: 1 })).body.error).toMatch(/paused until .*: the clock is already stopped/);
  });
});

describe('chat bot and email replies', () => {
  const chat = (g: G, side: 'white' | 'black', text: string) => call('POST', `/api/games/${g.id}/chat`, { text, token: g.tokens[side] });

  it('pause <days>, pause accept / decline / cancel, leave <days>; help lists them', async () => {
    const g = await timed({ clock: { daysPerMove: 3, leaveDays: 2 } });
    const help = (await chat(g, 'white', 'help')).body.reply;
    expect(help).toMatch(/pause <days>.*pause accept \/ pause decline.*pause cancel/);
    expect(help).toContain('leave <days>');

    expect((await chat(g, 'white', 'pause')).body).toMatchObject({ ok: false, reply: expect.stringMatching(/how many days, e\.g\. "pause 7"/) });
    const tooLong = await chat(g, 'white', 'pause 20 days');
    expect(tooLong.body.ok).toBe(false);
    expect(tooLong.body.reply).toMatch(/^Could not ask for a pause: days must be a whole number from 1 to 14/);
    expect((await chat(g, 'white', 'Pause 3 days.')).body.reply).toMatch(/^You asked for a pause of 3 days\./);
    expect((await chat(g, 'white', 'pause cancel')).body.state.pauseOffer).toBeNull();
    await chat(g, 'white', 'pause 3');
    expect((await chat(g, 'black', 'pause decline')).body.reply).toMatch(/^You declined the pause\./);

    expect((await chat(g, 'white', 'leave 1')).body.reply).toMatch(/^You took 1 day of leave: your deadline is .*; 1 left\./);
    expect((await chat(g, 'white', 'leave 5')).body.reply).toMatch(/^Could not take leave: you have only 1 day of leave left/);
    expect((await chat(g, 'white', 'leave 0')).body.reply).toMatch(/^Could not take leave: days must be a whole number from 1 to 30/);

    await chat(g, 'black', 'pause 2');
    const accepted = await chat(g, 'white', 'pause accept');
    expect(accepted.body.reply).toMatch(/^The game is paused until .*; then White's deadline is /);
    expect(accepted.body.state.clock.deadline).toBeNull();
  });
});

describe('game page and OpenAPI', () => {
  it('forms that work without JavaScript: ask, accept, leave; the page shows the pause and the leave left', async () => {
    const g = await timed({ clock: { daysPerMove: 3, leaveDays: 4 } });
    const page = (side: 'white' | 'black') => call('GET', `/games/${g.id}?token=${g.tokens[side]}`).then((r) => r.text);
    expect(await page('white')).toContain('Leave days left: White 4, Black 4 (of 4 each).');
    // Two day counts on the page: each field has its own label, so they cannot be confused.
    const fields = await page('white');
    expect(fields).toMatch(/<label for="pause-days">Pause: days the clock stops <span class="hint">\(1 to 14, if Black agrees\)/);
    expect(fields).toMatch(/<label for="leave-days">Leave: days added to your deadline <span class="hint">\(you have 4 days left\)/);
    expect(fields).toContain('id="pause-days"');
    expect(fields).toContain('id="leave-days"');
    expect(await page('black')).not.toContain('Take leave');
    const bad = await form(`/games/${g.id}/pause`, { token: g.tokens.white, action: 'offer', days: '30' });
    expect(location(bad).searchParams.get('error')).toMatch(/days: must be a whole number from 1 to 14/);
    const spent = await form(`/games/${g.id}/leave`, { token: g.tokens.white, days: '2' });
    expect(location(spent).searchParams.get('ok')).toBe('You took 2 days of leave.');
    expect(await page('white')).toContain('Leave days left: White 2, Black 4');
    await form(`/games/${g.id}/leave`, { token: g.tokens.white, days: '1' });
    // One day is "1 day" (the one plural helper).
    expect(await page('white')).toContain('(you have 1 day left)');
    const asked = await form(`/games/${g.id}/pause`, { token: g.tokens.white, action: 'offer', days: '5' });
    // The status lines say what was done: no flash repeats them (each line once).
    expect(location(asked).searchParams.get('ok')).toBeNull();
    expect(occurrences((await followed(asked)).text, 'You asked for a pause of 5 days.')).toBe(1);
    expect(await page('black')).toContain('Accept the pause of 5 days');
    expect(await page('white')).toContain('Cancel your request for a pause');
    // The answer carries the days it was shown for: a page drawn before the request was taken back
    // and asked again for other days does not answer the new one (tester 7 H11).
    expect(await page('black')).toContain('<input type="hidden" name="days" value="5"/>');
    await form(`/games/${g.id}/pause`, { token: g.tokens.white, action: 'cancel' });
    await form(`/games/${g.id}/pause`, { token: g.tokens.white, action: 'offer', days: '9' });
    const stale = await form(`/games/${g.id}/pause`, { token: g.tokens.black, action: 'accept', days: '5' });
    expect(location(stale).searchParams.get('error')).toBe('That request was taken back: White now asks for a pause of 9 days. Answer it below.');
    expect((await call('GET', `/api/games/${g.id}`)).body).toMatchObject({ pause: null, pauseOffer: { by: 'white', days: 9 } });
    await form(`/games/${g.id}/pause`, { token: g.tokens.white, action: 'cancel' });
    await form(`/games/${g.id}/pause`, { token: g.tokens.white, action: 'offer', days: '5' });
    const accepted = await form(`/games/${g.id}/pause`, { token: g.tokens.black, action: 'accept', days: '5' });
    expect(location(accepted).searchParams.get('ok')).toBeNull();
    expect(occurrences((await followed(accepted)).text, 'the clock is stopped')).toBe(1);
    const paused = await page('white');
    expect(paused).toContain('Paused by agreement (White asked): the clock is stopped until');
    // Machine-readable times the page's script shows in the reader's own time, as the deadline.
    expect(paused).toMatch(/stopped until <time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z" data-local="">/);
    expect(paused).not.toContain('Take leave');
    expect(paused).not.toContain('Ask for a pause');
  });

  it('the home page form gives leave days', async () => {
    const created = await createWithForm({ variant: 'warp-factor', days: '3', leave: '5' });
    expect(created.status).toBe(200);
    const id = /\/games\/([a-z0-9]{16})/.exec(created.text)![1]!;
    expect(await row(id)).toMatchObject({ leaveDays: 5, whiteLeaveLeft: 5, blackLeaveLeft: 5 });
    const bad = await createWithForm({ variant: 'warp-factor', days: '3', leave: '31' });
    expect(bad.status).toBe(400);
    // Named by the form's label, not the API's clock.leaveDays.
    expect(bad.text).toContain('Leave days: must be a whole number from 0 to 30');
    expect(bad.text).not.toContain('clock.leaveDays');
    // Leave days without a clock: said, not dropped; nothing is created.
    const noClock = await createWithForm({ variant: 'warp-factor', days: '', leave: '3' });
    expect(noClock.status).toBe(400);
    expect(noClock.text).toContain('Leave days need a clock');
    expect(noClock.text).not.toMatch(/\/games\/[a-z0-9]{12}/);
    expect((await createWithForm({ variant: 'warp-factor', days: '', leave: '0' })).status).toBe(200);
  });

  it('the home form against the computer: no timeout choice shown, and a claimed one sent anyway is not taken (tester 18 Y7)', async () => {
    // The choice is hidden for the computer as its other options are shown only for it (CSS :has, no script needed) ...
    const home = (await call('GET', '/')).text;
    expect(home).toMatch(/<div class="radio timeout-choice" role="radiogroup" aria-labelledby="timeout-label">/);
    expect(home).toContain('the computer never claims a win on time');
    const css = (await call('GET', '/static/style.css')).text;
    expect(css).toContain('form.start:has(#opponent-computer:checked) .timeout-choice{display:none}');
    // ... and a browser without :has, or a form sent as it was before, still gets its game: against the computer the timeout is "auto",
    // the only one it can have (the computer never claims, so a claim clock would let the player's deadline pass for nothing).
    const claim = await createWithForm({ variant: 'planar', opponent: 'computer', level: '3', side: 'black', days: '7', leave: '0', timeout: 'claim' });
    expect(claim.status).toBe(200);
    const id = /\/games\/([a-z0-9]{16})/.exec(claim.text)![1]!;
    expect(await row(id)).toMatchObject({ timeoutMode: 'auto', daysPerMove: 7, whiteComputer: 3 });
    // Between two players the choice is taken as sent.
    const friends = await createWithForm({ variant: 'planar', days: '7', timeout: 'claim' });
    expect(await row(/\/games\/([a-z0-9]{16})/.exec(friends.text)![1]!)).toMatchObject({ timeoutMode: 'claim' });
    // The API still says why it takes no claim clock against the computer (its callers choose every field).
    const api = await call('POST', '/api/games', { json: { variant: 'planar', black: { computer: 3 }, clock: { daysPerMove: 7, timeout: 'claim' } } });
    expect(api.status).toBe(400);
    expect(api.body.error).toContain('against the computer the timeout is "auto"');
  });

  it('documents both routes', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    for (const path of ['/api/games/{id}/pause', '/api/games/{id}/leave']) expect(doc.paths[path].post.requestBody).toBeTruthy();
    expect(JSON.stringify(doc.components.schemas.Pause)).toContain('cancel');
    expect(doc.components.schemas.Leave.properties.days).toMatchObject({ minimum: 1, maximum: 30 });
  });
});

describe('email replies', () => {
  // Reply addresses are signed with the reply secret: without one there are none.
  const mutableEnv = env as { REPLY_SECRET?: string };
  beforeAll(() => {
    mutableEnv.REPLY_SECRET = 'test-reply-secret';
  });
  afterAll(() => {
    delete mutableEnv.REPLY_SECRET;
  });

  it('"pause 5" and "pause accept" in a reply to a notification; the answer says what happened', async () => {
    await confirmAddresses('kirk@example.org', 'kor@example.org'); // only confirmed addresses play by email (mail-trust.test.ts)
    const g = await timed();
    const replyTo = async (side: 'white' | 'black') => (await call('GET', `/api/games/${g.id}/me`, { token: g.tokens[side] })).body.replyTo as string;
    const send = async (side: 'white' | 'black', line: string) => {
      const to = await replyTo(side);
      const from = side === 'white' ? 'kirk@example.org' : 'kor@example.org';
      const raw = `From: <${from}>\nTo: ${to}\nSubject: Re: [Subspace] Your move\nMessage-ID: <${crypto.randomUUID()}@example.org>\nDate: Sun, 22 Nov 2026 10:00:00 +0000\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\nHello,\n\n${line}\n\nThanks\n`;
      const mail = inboundEmail(raw, from, to);
      await worker.email(mail.message, env, createExecutionContext());
      if (!mail.replies[0]) throw new Error(`no reply: ${JSON.stringify(mail.rejected)} ${to}`);
      return mail.replies[0].text as string;
    };
    expect(await send('white', 'pause 5')).toContain('You asked for a pause of 5 days.');
    expect((await row(g.id)).pauseOfferDays).toBe(5);
    expect(await send('black', 'Pause accept')).toMatch(/The game is paused until /);
    expect((await row(g.id)).deadline).toBeNull();
  });
});
