// Takeback by agreement between the players, or granted at once by a weak computer.
import type { GameRow } from '../db/schema.ts';
import type { GameChanges } from '../db/game-store.ts';
import { colorName, opposite, plural, type Color } from '../engine/types.ts';
import { TAKEBACK_LEVELS, computerLevel } from './computer-sides.ts';
import { LOST, noOfferMessage, overMessage, turnClock, type Actor, type GameContext, type Lost } from './game-core.ts';
import { offersOf } from '../db/game-row-changes.ts';
import { publicState, type PublicState } from './public-state.ts';
import { done, fail, type Failure, type ServiceResult } from './result.ts';
import type { TakebackAction } from './schemas.ts';
import { storedGame } from './stored-game.ts';

/**
 * Takeback by agreement. A player asks to take back their last turn (and the opponent's reply
 * after it, if any); the opponent accepts (the undo is one guarded write) or declines; any move
 * ends the request. Against the computer, levels 1-2 grant it at once and stronger ones refuse.
 * `ply`, when given, is the game's ply the request was meant for.
 */
export function takeback(ctx: GameContext, id: string, actor: Actor, action: TakebackAction, ply?: number): Promise<ServiceResult<PublicState>> {
  return ctx.redecided(id, () => decide(ctx, id, actor, action, ply));
}

/** A takeback granted by the computer and asked for again this soon, with no turn since and no `ply`, is the same request sent twice. */
export const DOUBLE_PRESS_MS = 10_000;

async function decide(ctx: GameContext, id: string, actor: Actor, action: TakebackAction, ply?: number): Promise<ServiceResult<PublicState> | Lost> {
  const who = await ctx.player(id, actor);
  if (!who.ok) return who;
  const { row, side } = who.value;
  if (row.status !== 'active') return fail(409, 'game_over', overMessage(row));
  // `ply`: the game as the sender read it. A request sent twice (a retry, a double press) finds the
  // game moved on by the first and changes nothing: against levels 1-2 each offer is an undo (tester 8 K3).
  if (ply !== undefined && ply !== row.ply) return staleFor(row.ply, ply);
  const other = opposite(side);
  const asRead = { ply: row.ply, offers: offersOf(row) };
  if (action === 'offer') {
    if (row.takebackOfferBy === other) return fail(409, 'offer_pending', `${colorName(other)} has asked for a takeback: accept or decline it first`);
    if (row.takebackOfferBy === side) return fail(409, 'already_offered', 'you have already asked for a takeback');
    const target = await takebackTarget(ctx, row, side);
    if (!target.ok) return (await movedOn(ctx, row)) ? LOST : target;
    const level = computerLevel(row, other);
    if (level !== undefined) {
      if (level > TAKEBACK_LEVELS) return fail(409, 'takebacks_off', `the computer at level ${level} grants no takebacks (levels 1-${TAKEBACK_LEVELS} do)`);
      if (ply === undefined) {
        const again = await sentTwice(ctx, row, side);
        if (again) return again;
      }
      return undo(ctx, row, side, target.value, side);
    }
    const changes: GameChanges = { takebackOfferBy: side, updatedAt: ctx.clock() };
    if (!(await ctx.store.updateGameIf(id, asRead, changes))) return LOST;
    const stored: GameRow = { ...row, ...changes };
    const lastMove = row.ply ? await ctx.store.move(id, row.ply) : undefined;
    await ctx.emit(stored, [{ type: 'takeback-offer', recipients: [other] }], lastMove);
    return done(publicState(stored, lastMove, side));
  }
  if (row.takebackOfferBy !== other) return fail(409, 'no_offer', noOfferMessage(row.takebackOfferBy, side, action, 'a takeback'));
  if (action === 'decline') {
    const changes: GameChanges = { takebackOfferBy: null, updatedAt: ctx.clock() };
    if (!(await ctx.store.updateGameIf(id, asRead, changes))) return LOST;
    const last = row.ply ? await ctx.store.move(id, row.ply) : undefined;
    await ctx.emit({ ...row, ...changes }, [{ type: 'offer-declined', recipients: [other], offer: 'takeback' }], last);
    return done(publicState({ ...row, ...changes }, last, side));
  }
  const target = await takebackTarget(ctx, row, other);
  if (!target.ok) return (await movedOn(ctx, row)) ? LOST : target;
  return undo(ctx, row, other, target.value, side, other);
}

const staleFor = (now: number, sent: number) =>
  fail(409, 'stale_ply', `stale: the game is at ply ${now}, not ${sent} as you read it (a takeback or a turn came since); read it again`);

/**
 * Has the game changed since `row` was read? A refusal read from the moves after the row may be
 * wrong: a takeback that landed in between (the same request sent twice at once) deleted the turns
 * it looked for. Then the request is decided again, on the game as it now stands.
 */
async function movedOn(ctx: GameContext, row: GameRow): Promise<boolean> {
  const now = await ctx.store.game(row.id);
  return !now || now.ply !== row.ply || now.status !== row.status;
}

/**
 * The computer's takeback asked for again by the same side within DOUBLE_PRESS_MS, with no turn
 * since: a double press or a retry (the chat's and email's `takeback` carry no ply), refused, so
 * it takes back one turn, not two (tester 20 T9). Sent with `ply`, it is meant: it is never this.
 */
async function sentTwice(ctx: GameContext, row: GameRow, side: Color): Promise<Failure | undefined> {
  const last = (await ctx.store.takebacks(row.id)).at(-1);
  const now = ctx.clock();
  if (!last || last.side !== side || last.toPly !== row.ply || now - last.createdAt >= DOUBLE_PRESS_MS) return undefined;
  const wait = Math.max(1, Math.ceil((last.createdAt + DOUBLE_PRESS_MS - now) / 1000));
  return fail(
    409,
    'stale_ply',
    `stale: your takeback was granted a moment ago and the game is now at ply ${row.ply}; to take back one more turn, ask again in ${plural(wait, 'second')} (or send ply ${row.ply} with it)`,
  );
}

/** The ply a takeback by `proposer` goes back to: before their last turn, which is the last or the one before it. */
export async function takebackTarget(ctx: GameContext, row: GameRow, proposer: Color): Promise<ServiceResult<number>> {
  const recent = row.ply ? await ctx.store.moves(row.id, Math.max(0, row.ply - 2)) : [];
  const theirs = recent.findLast((m) => m.side === proposer);
  if (!theirs)
    return fail(
      409,
      'nothing_to_take_back',
      `${colorName(proposer)} has no turn to take back (only the last turn, or the last but one before the reply, can be)`,
    );
  return done(theirs.ply - 1);
}

/** Go back to `toPly` in one guarded write; `offerBy`: the standing offer the write requires (none against the computer). */
async function undo(ctx: GameContext, row: GameRow, proposer: Color, toPly: number, actor: Color, offerBy?: Color): Promise<ServiceResult<PublicState> | Lost> {
  const now = ctx.clock();
  const last = toPly ? await ctx.store.move(row.id, toPly) : undefined;
  const back = storedGame(row, last?.positionAfter ?? row.startPosition);
  if (!back) throw new Error(`game ${row.id}: stored position at ply ${toPly} does not load`);
  const changes: GameChanges = {
    sideToMove: back.variant.turn(back.position),
    takebackOfferBy: null,
    drawOfferBy: null,
    // The turn the game goes back to is a new turn: its reminder and last call are still to come
    // (a last call's mark left at a higher ply silenced the next turns' ones: tester 7 H7).
    reminderPly: null,
    lastCallPly: null,
    updatedAt: now,
    ...turnClock(row, now),
  };
  const landed = await ctx.store.commitTakeback(row.id, { ply: row.ply, ...(offerBy ? { offerBy } : {}) }, { side: proposer, toPly, at: now }, changes);
  if (!landed) return LOST;
  // Conditional lines were about a position the game has left.
  await ctx.store.clearConditionalLines(row.id);
  const stored = (await ctx.store.game(row.id))!;
  // The one who asked hears it was granted (the computer is never told anything); granted at once
  // (against the computer) nobody is told, but the game's stream and sockets still show it.
  await ctx.emit(stored, [{ type: 'takeback', recipients: proposer !== actor ? [proposer] : [] }], last);
  await ctx.askComputer(stored);
  return done(publicState(stored, last, actor));
}
