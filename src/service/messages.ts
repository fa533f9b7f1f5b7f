// Messages between the players: with a turn or on their own, rate-limited, private unless both
// players let spectators read them.
import type { GameRow } from '../db/schema.ts';
import { opposite, type Color } from '../engine/types.ts';
import type { Actor, GameContext } from './game-core.ts';
import { publicMessage, publicState, type PublicMessage, type PublicState } from './public-state.ts';
import { rateLimited, slidingWait } from './rate-limits.ts';
import { done, fail, type Failure, type ServiceResult } from './result.ts';
import { noSeatWords } from './seat-holder.ts';
import { MESSAGE_RATE } from './schemas.ts';

/**
 * Who plays a turn, and whether the side to move may send one more message with it (the rate
 * limit), from one read: the game row comes with the count of that side's recent messages.
 */
export async function turnPlayer(
  ctx: GameContext,
  id: string,
  actor: Actor,
  withMessage: boolean,
): Promise<{ who: ServiceResult<{ row: GameRow; side: Color }>; mayMessage: boolean }> {
  if (!withMessage) return { who: await ctx.player(id, actor), mayMessage: true };
  let recent = 0;
  const who = await ctx.player(id, actor, async (id) => {
    const found = await ctx.store.gameWithRecentMessages(id, ctx.clock() - MESSAGE_RATE.windowMs);
    recent = found?.recentMessages ?? 0;
    return found?.row;
  });
  return { who, mayMessage: recent < MESSAGE_RATE.max };
}

/** The 429 of the rate limit, with the seconds until the oldest counted message leaves the window. */
export async function tooManyMessages(ctx: GameContext, id: string, side: Color, withTurn = false): Promise<Failure> {
  const now = ctx.clock();
  const counted = (await ctx.store.messages(id)).filter((m) => m.side === side && m.createdAt > now - MESSAGE_RATE.windowMs).map((m) => m.createdAt);
  return rateLimited(
    now,
    slidingWait(counted, MESSAGE_RATE, now),
    (tryAgain) =>
      `too many messages: each player may send at most ${MESSAGE_RATE.max} an hour; ${withTurn ? 'the turn sent with it was not played either; send it without the message, or ' : ''}${tryAgain}`,
  );
}

/** The same text from the same seat within this long is the same message sent again, as a challenge is. */
export const SAME_MESSAGE_MS = 10_000;

/** A message on its own, to the opponent; in any game state (a word after the game is welcome too). */
export async function sendMessage(ctx: GameContext, id: string, actor: Actor, text: string): Promise<ServiceResult<{ message: PublicMessage }>> {
  const who = await ctx.player(id, actor);
  if (!who.ok) return who;
  const { row, side } = who.value;
  const now = ctx.clock();
  const added = await ctx.store.addMessage(
    { gameId: id, side, ply: row.ply, text, createdAt: now },
    { since: now - MESSAGE_RATE.windowMs, max: MESSAGE_RATE.max, repeatSince: now - SAME_MESSAGE_MS },
  );
  if (!added) return tooManyMessages(ctx, id, side);
  const message = publicMessage(added.row);
  // Sent twice (a double press, a retry): answered as the first, stored and told once (tester 20 T8).
  if (!added.repeated)
    await ctx.emit(row, [{ type: 'message', recipients: [opposite(side)], message }], row.ply ? await ctx.store.move(id, row.ply) : undefined);
  return done({ message });
}

/**
 * The game's messages: the players always see them; anyone else only when both players allow
 * it (a player's key or token makes the caller a player).
 */
export async function messages(ctx: GameContext, id: string, token?: string): Promise<ServiceResult<{ messages: PublicMessage[] }>> {
  const row = await ctx.store.game(id);
  if (!row) return fail(404, 'unknown_game', `no game with id ${id}`);
  const you = token === undefined ? undefined : await ctx.sideOf(row, token);
  if (token !== undefined && !you) return fail(403, 'bad_token', noSeatWords(id));
  if (!you && !(row.whiteShowsMessages && row.blackShowsMessages))
    return fail(403, 'messages_private', "the players' messages are private: spectators see them only when both players allow it");
  return done({ messages: (await ctx.store.messages(id)).map(publicMessage) });
}

/** A player allows (or stops allowing) spectators to read the messages. */
export async function showMessages(ctx: GameContext, id: string, actor: Actor, spectators: boolean): Promise<ServiceResult<PublicState>> {
  const who = await ctx.player(id, actor);
  if (!who.ok) return who;
  const { row, side } = who.value;
  await ctx.store.setShowsMessages(id, side, spectators);
  const stored: GameRow = { ...row, ...(side === 'white' ? { whiteShowsMessages: spectators } : { blackShowsMessages: spectators }) };
  return done(publicState(stored, row.ply ? await ctx.store.move(id, row.ply) : undefined, side));
}
