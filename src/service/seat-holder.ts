// Who holds a seat: a game token, or the player key of the player who sits there (a game made
// from a challenge has no seat tokens its players ever see, so their key is their token).
import type { GameRow } from '../db/schema.ts';
import { colorName, type Color } from '../engine/types.ts';
import { done, fail, type ServiceResult } from './result.ts';
import { sideOfToken } from './crypto.ts';
import { sideOfPlayer } from './players.ts';

/** Checks a player key (src/service/players.ts). */
export interface KeyCheck {
  /** The player among `ids` this key belongs to, if any. */
  keyHolder(key: string, ids: readonly (string | null)[]): Promise<string | undefined>;
}

/** The side a credential holds: a game token's, or a player key's whose player sits at this game (`byKey`). */
async function seatHeld(row: GameRow, token: string, players: KeyCheck | undefined): Promise<{ side: Color; byKey: boolean } | undefined> {
  const byToken = await sideOfToken(row, token);
  if (byToken) return { side: byToken, byKey: false };
  if (!players || !(row.whitePlayerId || row.blackPlayerId)) return undefined;
  const player = await players.keyHolder(token, [row.whitePlayerId, row.blackPlayerId]);
  const side = player ? sideOfPlayer(row, player) : undefined;
  return side ? { side, byKey: true } : undefined;
}

/** The side of a game token, or of a player key whose player sits at this game. */
export async function seatOf(row: GameRow, token: string, players: KeyCheck | undefined): Promise<Color | undefined> {
  return (await seatHeld(row, token, players))?.side;
}

/**
 * The 403's words when a credential holds no seat of game `id`. It may be a game token, a bot's
 * player key or the /me cookie's key, so the words name neither alone.
 */
export const noSeatWords = (id: string): string => `no seat in game ${id} is yours: the game token or player key sent is not one of its players'`;

/**
 * The 403's words for a seat token that was renewed (a retry of the renewal, an old bookmark): it is
 * told when, and where the new link went, not that it is no one's (tester 20 T6).
 */
export const renewedSeatWords = (id: string, renewed: { readonly side: Color; readonly at: number }): string =>
  `this link to ${colorName(renewed.side)}'s seat in game ${id} was renewed at ${new Date(renewed.at).toISOString().slice(0, 19).replace('T', ' ')} UTC and no longer works: use the new link, given by that renewal (the game page's address after "Make a new link", or the API's answer); a player who added the game to their games finds it in My games`;

/**
 * The seat `token` holds in game `id` (a game token, or its player's key: `byKey`), with the row: a
 * 404 for no game, a 403 for no seat.
 */
export async function heldSeat(
  row: GameRow | undefined,
  id: string,
  token: string,
  players: KeyCheck | undefined,
): Promise<ServiceResult<{ row: GameRow; side: Color; byKey: boolean }>> {
  if (!row) return fail(404, 'unknown_game', `no game with id ${id}`);
  const held = await seatHeld(row, token, players);
  return held ? done({ row, ...held }) : fail(403, 'bad_token', noSeatWords(id));
}
