// Resign, draw offers, abort, claim, and the cron that ends timed-out games.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker/index.ts';
import { call, form, gameDb, newGame } from './helpers.ts';

const DAY = 86_400_000;
const act = (id: string, action: string, token: string, json?: unknown) => call('POST', `/api/games/${id}/${action}`, { token, ...(json ? { json } : {}) });
const move = (id: string, text: string, token: string) => call('POST', `/api/games/${id}/moves`, { text, token });

describe('resign', () => {
  it('either player may resign; the other wins', async () => {
    const g = await newGame('warp-factor');
    const res = await act(g.id, 'resign', g.tokens.black); // not Black's turn: resigning is allowed anyway
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'finished', result: '1-0', reason: 'resignation', winner: 'white', you: 'black' });
    expect((await act(g.id, 'resign', g.tokens.white)).status).toBe(409);
    const record = await call('GET', `/api/games/${g.id}/record`);
    expect(record.text).toContain('[Termination "resignation"]');
  });
});

describe('draw', () => {
  it('offer, decline, offer again, accept', async () => {
    const g = await newGame('warp-factor');
    const offered = await act(g.id, 'draw', g.tokens.white, { action: 'offer' });
    expect(offered.status).toBe(200);
    expect(offered.body.drawOffer).toBe('white');
    expect((await call('GET', `/api/games/${g.id}`)).body.drawOffer).toBe('white');
    expect((await act(g.id, 'draw', g.tokens.white, { action: 'offer' })).status).toBe(409); // already offered
    const own = await act(g.id, 'draw', g.tokens.white, { action: 'accept' });
    expect(own.status).toBe(409);
    expect(own.body.error).toBe('you cannot accept your own offer');
    const declined = await act(g.id, 'draw', g.tokens.black, { action: 'decline' });
    expect(declined.status).toBe(200);
    expect(declined.body.drawOffer).toBeNull();
    expect((await act(g.id, 'draw', g.tokens.black, { action: 'offer' })).body.drawOffer).toBe('black');
    const accepted = await act(g.id, 'draw', g.tokens.white, { action: 'accept' });
    expect(accepted.body).toMatchObject({ status: 'finished', result: '1/2-1/2', reason: 'agreement', drawOffer: null });
  });

  it('an offer lapses when the other player moves instead; crossing offers agree', async () => {
    const g = await newGame('warp-factor');
    await act(g.id, 'draw', g.tokens.black, { action: 'offer' });
    expect((await move(g.id, 'Wb2-Wb3', g.tokens.white)).body.state.drawOffer).toBeNull();
    await act(g.id, 'draw', g.tokens.white, { action: 'offer' });
    expect((await move(g.id, 'Bb3-Bb2', g.tokens.black)).body.state.drawOffer).toBeNull();
    await act(g.id, 'draw', g.tokens.white, { action: 'offer' });
    expect((await move(g.id, 'Wa2-Wa3', g.tokens.white)).body.state.drawOffer).toBe('white'); // the offerer's own move keeps it
    const both = await act(g.id, 'draw', g.tokens.black, { action: 'offer' });
    expect(both.body).toMatchObject({ status: 'finished', reason: 'agreement' });
  });
});

describe('abort', () => {
  it('is allowed until both sides have moved', async () => {
    const g = await newGame('warp-factor');
    expect((await move(g.id, 'Wb2-Wb3', g.tokens.white)).status).toBe(200);
    const res = await act(g.id, 'abort', g.tokens.black);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'aborted', result: '*', reason: 'aborted' });
    expect((await move(g.id, 'Bb3-Bb2', g.tokens.black)).status).toBe(409);
  });

  it('is refused once both have moved', async () => {
    const g = await newGame('warp-factor');
    await move(g.id, 'Wb2-Wb3', g.tokens.white);
    await move(g.id, 'Bb3-Bb2', g.tokens.black);
    const res = await act(g.id, 'abort', g.tokens.white);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/too late to abort/);
  });
});

describe('correspondence clock', () => {
  const setDeadline = (id: string, deadline: number) => gameDb(id).prepare('update games set deadline = ? where id = ?').bind(deadline, id).run();
  const runCron = async (scheduledTime: number) => {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime, cron: '*/15 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
  };

  it('sets a deadline per turn', async () => {
    const g = await newGame('warp-factor', { clock: { daysPerMove: 2 } });
    const before = Date.now();
    const res = await move(g.id, 'Wb2-Wb3', g.tokens.white);
    const due = Date.parse(res.body.state.clock.deadline);
    expect(due).toBeGreaterThanOrEqual(before + 2 * DAY);
    expect(due).toBeLessThanOrEqual(Date.now() + 2 * DAY);
  });

  it('the cron ends a game whose side to move ran out of time (auto)', async () => {
    const late = await newGame('warp-factor', { clock: { daysPerMove: 1 } });
    await move(late.id, 'Wb2-Wb3', late.tokens.white); // Black to move
    const onTime = await newGame('warp-factor', { clock: { daysPerMove: 14 } });
    const claimOnly = await newGame('warp-factor', { clock: { daysPerMove: 1, timeout: 'claim' } });
    const untimed = await newGame('warp-factor');
    const now = Date.now();
    await setDeadline(late.id, now - 1000);
    await setDeadline(claimOnly.id, now - 1000);

    await runCron(now);
    expect((await call('GET', `/api/games/${late.id}`)).body).toMatchObject({
      status: 'finished',
      result: '1-0',
      reason: 'timeout',
      clock: { deadline: null },
    });
    for (const g of [onTime, claimOnly, untimed]) expect((await call('GET', `/api/games/${g.id}`)).body.status).toBe('active');
    expect((await move(late.id, 'Bb3-Bb2', late.tokens.black)).status).toBe(409);

    // Running it again changes nothing.
    await runCron(now + DAY);
    expect((await call('GET', `/api/games/${late.id}`)).body.reason).toBe('timeout');
  });

  it('a move after the deadline loses on time at once (auto), before the cron runs', async () => {
    const g = await newGame('warp-factor', { clock: { daysPerMove: 1 } });
    await move(g.id, 'Wb2-Wb3', g.tokens.white); // Black to move
    await setDeadline(g.id, Date.now() - 1000);
    const late = await move(g.id, 'Bb3-Bb2', g.tokens.black);
    expect(late.status).toBe(409);
    expect(late.body.error).toContain('the game is over (1-0, timeout)');
    expect((await call('GET', `/api/games/${g.id}/moves`)).body.moves).toHaveLength(1);
    expect((await call('GET', `/api/games/${g.id}`)).body).toMatchObject({ status: 'finished', result: '1-0', reason: 'timeout', winner: 'white' });

    // Looking at an overdue game ends it too, so the page never shows a clock below zero.
    const idle = await newGame('warp-factor', { clock: { daysPerMove: 1 } });
    await setDeadline(idle.id, Date.now() - 1000);
    expect((await call('GET', `/api/games/${idle.id}`)).body).toMatchObject({ status: 'finished', result: '0-1', reason: 'timeout' });

    // In claim mode the late player may still move until the opponent claims.
    const lenient = await newGame('warp-factor', { clock: { daysPerMove: 1, timeout: 'claim' } });
    await move(lenient.id, 'Wb2-Wb3', lenient.tokens.white);
    await setDeadline(lenient.id, Date.now() - 1000);
    expect((await move(lenient.id, 'Bb3-Bb2', lenient.tokens.black)).status).toBe(200);
  });

  it('the cron counts from the scheduled time', async () => {
    const g = await newGame('warp-factor', { clock: { daysPerMove: 1 } });
    await runCron(Date.now() + DAY / 2);
    expect((await call('GET', `/api/games/${g.id}`)).body.status).toBe('active');
    await runCron(Date.now() + DAY + 60_000);
    expect((await call('GET', `/api/games/${g.id}`)).body).toMatchObject({ status: 'finished', result: '0-1', reason: 'timeout' });
  });

  it('lets the waiting player claim after the deadline (claim mode)', async () => {
    const g = await newGame('warp-factor', { clock: { daysPerMove: 1, timeout: 'claim' } });
    await move(g.id, 'Wb2-Wb3', g.tokens.white); // Black to move
    const early = await act(g.id, 'claim', g.tokens.white);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(/^Black's deadline has not passed: it passes at \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    await setDeadline(g.id, Date.now() - 1000);
    const own = await act(g.id, 'claim', g.tokens.black);
    expect(own.status).toBe(403);
    const claimed = await act(g.id, 'claim', g.tokens.white);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ status: 'finished', result: '1-0', reason: 'timeout', winner: 'white' });
  });

  it('leave days are taken before the deadline: once it has passed, the opponent keeps the right to claim (tester 3 F12)', async () => {
    const g = await newGame('warp-factor', { clock: { daysPerMove: 1, timeout: 'claim', leaveDays: 5 } });
    await move(g.id, 'Wb2-Wb3', g.tokens.white);
    const before = await call('POST', `/api/games/${g.id}/leave`, { token: g.tokens.black, json: { days: 1 } });
    expect(before.status).toBe(200);
    await setDeadline(g.id, Date.now() - 60_000);
    const late = await call('POST', `/api/games/${g.id}/leave`, { token: g.tokens.black, json: { days: 1 } });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'deadline_passed' });
    expect(late.body.error).toMatch(/^your deadline passed at \d{4}-\d\d-\d\d \d\d:\d\d UTC: leave days go on before it \(White may claim the win now\)$/);
    expect((await call('GET', `/api/games/${g.id}`)).body.clock.leaveLeft.black).toBe(4);
    expect((await act(g.id, 'claim', g.tokens.white)).status).toBe(200);
  });

  it("the game page's Claim button claims the win (the no-JavaScript form)", async () => {
    const g = await newGame('warp-factor', { clock: { daysPerMove: 1, timeout: 'claim' } });
    await move(g.id, 'Wb2-Wb3', g.tokens.white);
    await setDeadline(g.id, Date.now() - 1000);
    const page = await call('GET', `/games/${g.id}?token=${g.tokens.white}`);
    expect(page.text).toContain(`action="/games/${g.id}/claim"`);
    const claimed = await form(`/games/${g.id}/claim`, { token: g.tokens.white });
    expect(claimed.status).toBe(303);
    expect((await call('GET', `/api/games/${g.id}`)).body).toMatchObject({ status: 'finished', result: '1-0', reason: 'timeout', winner: 'white' });
  });
});
