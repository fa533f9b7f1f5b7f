// A game's endings a player asks for, and the draw offer: resign, forfeit (a tournament's withdrawal),
// abort, claim on time, offer/accept/decline a draw. Each is one guarded write decided on the game as
// read (the ply and the offers); one that lost a race is decided again (GameContext.redecided).
import type { GameRow } from '../db/schema.ts';
import type { GameChanges } from '../db/game-store.ts';
import { offersOf } from '../db/game-row-changes.ts';
import { colorName, drawOutcome, opposite, winOutcome, type Color } from '../engine/types.ts';
import { LOST, finishedChanges, gameOver, noOfferMessage, overMessage, type Actor, type GameContext, type Lost } from './game-core.ts';
import { iso, publicState, utc, type PublicState } from './public-state.ts';
import { done, fail, type Failure, type ServiceResult } from './result.ts';
import type { DrawAction } from './schemas.ts';

/** `decide`: the change the request makes of the game as read, or why not. */
function finish(ctx: GameContext, id: string, token: Actor, decide: (row: GameRow, side: Color) => Failure | GameChanges): Promise<ServiceResult<PublicState>> {
  return ctx.redecided(id, () => finishOnce(ctx, id, token, decide));
}

async function finishOnce(
  ctx: GameContext,
  id: string,
  token: Actor,
  decide: (row: GameRow, side: Color) => Failure | GameChanges,
): Promise<ServiceResult<PublicState> | Lost> {
  const who = await ctx.player(id, token);
  if (!who.ok) return who;
  const { row, side } = who.value;
  if (row.status !== 'active') return fail(409, 'game_over', overMessage(row));
  const changes = decide(row, side);
  if ('ok' in changes) return changes;
  if (!(await ctx.store.updateGameIf(id, { ply: row.ply, offers: offersOf(row) }, changes))) return LOST;
  let stored: GameRow = { ...row, ...changes };
  const lastMove = row.ply ? await ctx.store.move(id, row.ply) : undefined;
  if (stored.status !== 'active') stored = await ctx.emit(stored, gameOver, lastMove);
  else if (stored.drawOfferBy && stored.drawOfferBy !== row.drawOfferBy)
    await ctx.emit(stored, [{ type: 'draw-offer', recipients: [opposite(stored.drawOfferBy)] }], lastMove);
  else if (row.drawOfferBy === opposite(side) && !stored.drawOfferBy)
    await ctx.emit(stored, [{ type: 'offer-declined', recipients: [row.drawOfferBy], offer: 'draw' }], lastMove);
  return done(publicState(stored, lastMove, side));
}

export function resign(ctx: GameContext, id: string, token: Actor) {
  return finish(ctx, id, token, (_row, side) => finishedChanges(winOutcome(opposite(side), 'resignation'), ctx.clock()));
}

/** A tournament game forfeited by its player's withdrawal from the tournament (src/service/tournaments.ts leave). */
export function forfeit(ctx: GameContext, id: string, token: Actor) {
  return finish(ctx, id, token, (_row, side) => finishedChanges(winOutcome(opposite(side), 'withdrawal'), ctx.clock()));
}

export function abort(ctx: GameContext, id: string, token: Actor) {
  return finish(ctx, id, token, (row) =>
    // An abort scores a draw in the standings: in a tournament it would be a draw at will.
    row.tournamentId
      ? fail(409, 'tournament_game', 'a tournament game cannot be aborted: resign or offer a draw (a game whose opponent never moves ends on the clock)')
      : row.ply >= 2
        ? fail(409, 'too_late_to_abort', 'too late to abort: both sides have moved; resign or offer a draw instead')
        : finishedChanges({ result: '*', reason: 'aborted' }, ctx.clock()),
  );
}

export function draw(ctx: GameContext, id: string, token: Actor, action: DrawAction) {
  return finish(ctx, id, token, (row, side) => {
    const now = ctx.clock();
    const offered = row.drawOfferBy === opposite(side);
    if (action === 'offer' || action === 'accept') {
      if (offered) return finishedChanges(drawOutcome('agreement'), now);
      if (action === 'accept') return fail(409, 'no_offer', noOfferMessage(row.drawOfferBy, side, action, 'a draw'));
      if (row.drawOfferBy === side) return fail(409, 'already_offered', 'you have already offered a draw');
      return { drawOfferBy: side, updatedAt: now };
    }
    if (!offered) return fail(409, 'no_offer', noOfferMessage(row.drawOfferBy, side, action, 'a draw'));
    return { drawOfferBy: null, updatedAt: now };
  });
}

/** The waiting player claims the win once the side to move let its deadline pass. */
export function claim(ctx: GameContext, id: string, token: Actor) {
  return finish(ctx, id, token, (row, side) => {
    const now = ctx.clock();
    if (row.pausedUntil !== null) return fail(409, 'game_paused', `the game is paused until ${iso(row.pausedUntil)}: the clock is stopped`);
    if (row.deadline === null) return fail(409, 'no_clock', 'this game has no clock, so there is nothing to claim');
    if (side === row.sideToMove) return fail(403, 'own_turn', 'it is your own turn: only the waiting player can claim');
    if (now <= row.deadline)
      return fail(409, 'deadline_not_passed', `${colorName(row.sideToMove)}'s deadline has not passed: it passes at ${utc(iso(row.deadline))}`);
    return finishedChanges(winOutcome(side, 'timeout'), now);
  });
}
