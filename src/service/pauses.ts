// Time off the clock: a pause by agreement (holidays), and leave days a player spends alone.
import type { GameRow } from '../db/schema.ts';
import type { GameChanges } from '../db/game-store.ts';
import { colorName, opposite, plural, type Color } from '../engine/types.ts';
import { computerLevel } from './computer-sides.ts';
import { lastCallAt, reminderAgain } from './due.ts';
import { LOST, noOfferMessage, overMessage, type Actor, type GameContext, type Lost } from './game-core.ts';
import { DAY_MS, HOUR_MS } from './durations.ts';
import { iso, publicState, utc, type PublicState } from './public-state.ts';
import { rateLimited, slidingWait } from './rate-limits.ts';
import { done, fail, type Failure, type ServiceResult } from './result.ts';
import type { PauseInput } from './schemas.ts';

/** Why a game cannot take time off its clock now (a pause, leave days), if it cannot. */
function noClock(row: GameRow, what: 'pause' | 'leave'): Failure | undefined {
  if (row.status !== 'active') return fail(409, 'game_over', overMessage(row));
  if (!row.daysPerMove)
    return fail(
      409,
      'no_clock',
      `this game has no time limit per move (it was started without a clock), so ${what === 'pause' ? 'there is no clock to pause' : 'there is no deadline to take leave from'}`,
    );
  if (row.pausedUntil !== null) return fail(409, 'game_paused', `the game is paused until ${iso(row.pausedUntil)}: the clock is already stopped`);
  return undefined;
}

/**
 * Pause by agreement: a player offers a pause of 1-14 days; the opponent accepts (the clock stops
 * at once and starts again by itself when the days are over) or declines; the asker may cancel.
 * The computer accepts any pause at once.
 */
/**
 * The pause asked now when it is not the one of `days` an answer was shown for (a request taken
 * back and asked again: tester 7 H11), in words: "White now asks for a pause of 9 days".
 */
export const otherPauseAsked = (state: Pick<PublicState, 'pauseOffer'>, days: number): string | undefined =>
  state.pauseOffer && state.pauseOffer.days !== days
    ? `${colorName(state.pauseOffer.by)} now asks for a pause of ${plural(state.pauseOffer.days, 'day')}`
    : undefined;

/** Pause requests each side may make in an hour: each is told to the opponent, and so is its withdrawal (tester 11 S19). */
export const PAUSE_ASKS = { max: 5, windowMs: HOUR_MS } as const;

/** The side's pause requests in the last hour (oldest first), as the row keeps them. */
function recentAsks(row: GameRow, now: number): Record<Color, number[]> {
  let kept: Partial<Record<Color, number[]>> = {};
  try {
    kept = row.pauseAsks ? JSON.parse(row.pauseAsks) : {};
  } catch {}
  const recent = (side: Color) => (Array.isArray(kept[side]) ? kept[side] : []).filter((at) => typeof at === 'number' && at > now - PAUSE_ASKS.windowMs);
  return { white: recent('white'), black: recent('black') };
}

const tooManyAsks = (asks: readonly number[], now: number): Failure =>
  rateLimited(
    now,
    slidingWait(asks, PAUSE_ASKS, now),
    (tryAgain) => `too many pause requests: each player may ask for a pause at most ${PAUSE_ASKS.max} times an hour; ${tryAgain}`,
  );

export function pause(ctx: GameContext, id: string, actor: Actor, input: PauseInput): Promise<ServiceResult<PublicState>> {
  return ctx.redecided(id, () => decidePause(ctx, id, actor, input));
}

async function decidePause(ctx: GameContext, id: string, actor: Actor, input: PauseInput): Promise<ServiceResult<PublicState> | Lost> {
  const who = await ctx.player(id, actor);
  if (!who.ok) return who;
  const { row, side } = who.value;
  const other = opposite(side);
  const offer = { by: row.pauseOfferBy, days: row.pauseOfferDays };
  if (input.action === 'offer') {
    const why = noClock(row, 'pause');
    if (why) return why;
    if (row.pauseOfferBy === other)
      return fail(409, 'offer_pending', `${colorName(other)} has offered a pause of ${plural(row.pauseOfferDays ?? 0, 'day')}: accept or decline it first`);
    if (row.pauseOfferBy === side)
      return fail(409, 'already_offered', `you have already offered a pause of ${plural(row.pauseOfferDays ?? 0, 'day')}; cancel it first to offer another`);
    if (computerLevel(row, other) !== undefined) return startPause(ctx, row, side, input.days, side, offer);
    const now = ctx.clock();
    const asks = recentAsks(row, now);
    if (asks[side].length >= PAUSE_ASKS.max) return tooManyAsks(asks[side], now);
    asks[side].push(now);
    const changes: GameChanges = { pauseOfferBy: side, pauseOfferDays: input.days, pauseAsks: JSON.stringify(asks), updatedAt: now };
    return write(ctx, row, side, offer, changes, [other]);
  }
  if (row.status !== 'active') return fail(409, 'game_over', overMessage(row));
  if (input.action === 'cancel') {
    if (row.pauseOfferBy !== side) return fail(409, 'no_offer', 'you have not offered a pause');
    // The opponent's page, stream and chats drop the request (tester 7 H9: they kept its Accept button).
    return write(ctx, row, side, offer, { pauseOfferBy: null, pauseOfferDays: null, updatedAt: ctx.clock() }, [other], undefined, 'offer-withdrawn');
  }
  if (row.pauseOfferBy !== other || !row.pauseOfferDays) return fail(409, 'no_offer', noOfferMessage(row.pauseOfferBy, side, input.action, 'a pause'));
  if (input.action === 'decline')
    return write(ctx, row, side, offer, { pauseOfferBy: null, pauseOfferDays: null, updatedAt: ctx.clock() }, [other], undefined, 'offer-declined');
  return startPause(ctx, row, other, row.pauseOfferDays, side, offer);
}

/** Stop the clock for `n` days, keeping what the side to move had left; both players are told. */
function startPause(
  ctx: GameContext,
  row: GameRow,
  by: Color,
  n: number,
  actor: Color,
  offer: { by: Color | null; days: number | null },
): Promise<ServiceResult<PublicState> | Lost> {
  const now = ctx.clock();
  const why = noClock(row, 'pause');
  if (why || row.deadline === null) return Promise.resolve(why ?? fail(409, 'no_clock', 'the game has no deadline to stop'));
  const changes: GameChanges = {
    pausedUntil: now + n * DAY_MS,
    pausedBy: by,
    // A deadline already passed (timeout mode 'claim') stays passed: nothing is given back.
    pauseLeftMs: Math.max(0, row.deadline - now),
    deadline: null,
    pauseOfferBy: null,
    pauseOfferDays: null,
    updatedAt: now,
  };
  return write(ctx, row, actor, offer, changes, ['white', 'black'], row.deadline);
}

/** One guarded write of the pause columns (the game still at this ply, this offer, this deadline); then tell `told`. */
async function write(
  ctx: GameContext,
  row: GameRow,
  actor: Color,
  offer: { by: Color | null; days: number | null },
  changes: GameChanges,
  told: readonly Color[] = [],
  deadline?: number,
  event?: 'offer-declined' | 'offer-withdrawn',
): Promise<ServiceResult<PublicState> | Lost> {
  if (!(await ctx.store.updateGameIf(row.id, { ply: row.ply, pauseOffer: offer, ...(deadline !== undefined ? { deadline } : {}) }, changes))) return LOST;
  const stored: GameRow = { ...row, ...changes };
  const lastMove = row.ply ? await ctx.store.move(row.id, row.ply) : undefined;
  if (told.length)
    await ctx.emit(
      stored,
      [event ? { type: event, recipients: told, offer: 'pause' } : { type: changes.pausedUntil ? 'pause' : 'pause-offer', recipients: told }],
      lastMove,
    );
  return done(publicState(stored, lastMove, actor));
}

/** Leave days: the player to move adds `n` of their own leave days to their deadline, alone. */
export function leave(ctx: GameContext, id: string, actor: Actor, n: number, readDeadline?: string): Promise<ServiceResult<PublicState>> {
  return ctx.redecided(id, () => decideLeave(ctx, id, actor, n, readDeadline));
}

async function decideLeave(ctx: GameContext, id: string, actor: Actor, n: number, readDeadline?: string): Promise<ServiceResult<PublicState> | Lost> {
  const who = await ctx.player(id, actor);
  if (!who.ok) return who;
  const { row, side } = who.value;
  const why = noClock(row, 'leave');
  if (why) return why;
  // `deadline`: the one the sender read. Sent again after its leave was taken (a retry), it finds another and spends nothing.
  if (readDeadline !== undefined && row.deadline !== null && Date.parse(readDeadline) !== row.deadline)
    return fail(
      409,
      'stale_ply',
      `stale: the deadline is now ${utc(iso(row.deadline))}, not ${utc(new Date(Date.parse(readDeadline)).toISOString())} as you read it (leave or a turn came since); read it again`,
    );
  if (side !== row.sideToMove) return fail(403, 'not_your_turn', `it is ${colorName(row.sideToMove)}'s turn: leave days go on your own turn's deadline`);
  const left = side === 'white' ? row.whiteLeaveLeft : row.blackLeaveLeft;
  if (left < n)
    return fail(
      409,
      'no_leave_left',
      left
        ? `you have only ${plural(left, 'day')} of leave left`
        : row.leaveDays
          ? 'you have no leave days left'
          : 'this game has no leave days (it was made without any)',
    );
  if (row.deadline === null) return fail(409, 'no_clock', 'the game has no deadline to move');
  const now = ctx.clock();
  // Leave is taken before the deadline: after it, the other side may claim the win, and leave
  // taken late would take that away (tester 3 F12; with timeout auto the game is over by then).
  if (row.deadline <= now)
    return fail(
      409,
      'deadline_passed',
      `your deadline passed at ${utc(iso(row.deadline))}: leave days go on before it (${colorName(opposite(side))} may claim the win now)`,
    );
  // The turn's reminder and last call, sent before, come again before the new deadline when their
  // moments are ahead again (leave taken after the last call must not end in a silent timeout).
  const deadline = row.deadline + n * DAY_MS;
  const lastCall = lastCallAt({ ...row, deadline });
  const stored = await ctx.store.spendLeave({
    gameId: id,
    side,
    days: n,
    addMs: n * DAY_MS,
    expected: { ply: row.ply, deadline: row.deadline },
    now,
    remindAgain: { reminder: reminderAgain(row, deadline, now), lastCall: lastCall !== undefined && lastCall > now },
  });
  if (!stored) return LOST;
  return done(publicState(stored, row.ply ? await ctx.store.move(id, row.ply) : undefined, side));
}
