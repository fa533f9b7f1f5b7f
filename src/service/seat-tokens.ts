// A seat's token renewed: a seat link shared by mistake stops working. What only that token could
// reach ends with it (the seat's own push subscriptions, its event streams, its link still waiting
// on the opponent's page); what the seat holds (its turns, notes, settings, reply address) stays.
import type { GameRow } from '../db/schema.ts';
import type { Color } from '../engine/types.ts';
import { newToken, sha256Hex } from './crypto.ts';
import { playerLinks, type LinkBase } from './links.ts';
import { done, fail, type ServiceResult } from './result.ts';
import { heldSeat, renewedSeatWords, type KeyCheck } from './seat-holder.ts';

/** A game's row and the seat changes a renewal makes, through the game's object. */
export interface SeatRecords {
  game(id: string): Promise<GameRow | undefined>;
  renewSeatToken(id: string, side: Color, oldHash: string, newHash: string, release?: boolean): Promise<boolean>;
  /** When a seat token with this hash was renewed, if it was (src/db/game-store.ts). */
  renewedToken(id: string, tokenHash: string): Promise<{ readonly side: Color; readonly at: number } | undefined>;
  dropInvitation(id: string, side: Color): Promise<void>;
  /** End the game's event streams opened with this seat (they go on with no credential to check). */
  cutSeatStreams(id: string, side: Color): Promise<void>;
}

export interface SeatRenewed {
  readonly side: Color;
  /** The seat's new token, shown once; the old one is a 403 from now on. */
  readonly token: string;
  /** The seat's page with the new token. */
  readonly link: string;
}

export class SeatTokens {
  constructor(
    private readonly records: SeatRecords,
    private readonly push: { endSeat(gameId: string, side: Color): Promise<void> },
    /** A player key holds its player's seat, as on every game route. */
    private readonly players?: KeyCheck,
  ) {}

  /**
   * A new token for the seat `token` holds (a seat token, or the key of the player sitting there).
   * Renewed with the seat's token, the seat stops being a player's unless it is `viewer`'s (the
   * signed-in player asking): a player who added the game to their games with the leaked link loses
   * it with the link (tester 11 S16). The player renewing with their own key keeps it.
   */
  async renew(id: string, token: string, base: LinkBase, viewer?: string, again = false): Promise<ServiceResult<SeatRenewed>> {
    const seat = await heldSeat(await this.records.game(id), id, token, this.players);
    if (!seat.ok) {
      // Sent again (a retry, a double press): the link it renewed is told so (tester 20 T6).
      const renewed = seat.code === 'bad_token' ? await this.records.renewedToken(id, await sha256Hex(token)) : undefined;
      return renewed ? fail(403, 'bad_token', renewedSeatWords(id, renewed)) : seat;
    }
    const { row, side, byKey } = seat.value;
    const holder = side === 'white' ? row.whitePlayerId : row.blackPlayerId;
    const release = !byKey && holder !== null && holder !== viewer;
    const fresh = newToken();
    const oldHash = side === 'white' ? row.whiteTokenHash : row.blackTokenHash;
    // Lost to another renewal (the same request twice at once): decided again, once, on the seat as
    // that one left it: a player's key renews it again, the old seat token is told it was renewed.
    if (!(await this.records.renewSeatToken(id, side, oldHash, await sha256Hex(fresh), release)))
      return again
        ? fail(403, 'bad_token', `the ${side} seat of game ${id} had its token renewed meanwhile: the token sent no longer holds it`)
        : this.renew(id, token, base, viewer, true);
    await Promise.all([this.push.endSeat(id, side), this.records.dropInvitation(id, side), this.records.cutSeatStreams(id, side)]);
    return done({ side, token: fresh, link: playerLinks(base, id, { [side]: fresh })[side]! });
  }
}
