// What the notification side reads and writes. In D1: the directory's rows (reminder candidates,
// a seat's address) and a player's own choices. In the game's object (src/db/game-store.ts and
// seat-records.ts, through RemoteGames from outside it): a seat's settings and marks, the delivery
// log and the reply-to-play mail already played.
import { eq, sql } from 'drizzle-orm';
import type { GameStore, PlayerChanges } from '../db/game-store.ts';
import type { DeliveryRow, NewDeliveryRow } from '../db/game-schema.ts';
import { games, playerNotify, REMIND_AT, REMINDER_PENDING, type DirectoryRow, type GameRow } from '../db/schema.ts';
import type { SeatRecords } from '../db/seat-records.ts';
import type { Color } from '../engine/types.ts';
import { D1Store } from '../db/d1-store.ts';

export type { PlayerChanges } from '../db/game-store.ts';

/** A seat's settings and marks live with the game's row, in its object. The marks are set only there (the alarm's work). */
type SeatWrites = Pick<GameStore, 'game' | 'updatePlayer' | 'disableWebhook' | 'markReminded' | 'markLastCall' | 'markClaimNotice'>;
/** The seats' records in the game's object. */
export type SeatLog = Pick<SeatRecords, 'logDelivery' | 'deliveries' | 'claimMessage'>;

export class NotifyStore extends D1Store {
  constructor(
    d1: D1Database,
    private readonly seats: Partial<SeatWrites> & Pick<SeatWrites, 'game' | 'updatePlayer' | 'disableWebhook'>,
    private readonly records: SeatLog,
  ) {
    super(d1);
  }

  /** The game's whole row, its seats' settings included: from the game's object (the directory has only a summary). */
  override game(id: string): Promise<GameRow | undefined> {
    return this.seats.game(id);
  }

  /** The email address a seat is mailed at (reply-to-play takes mail only from it). */
  async seatEmail(id: string, side: Color): Promise<string | null | undefined> {
    const row = await this.game(id);
    return row && (side === 'white' ? row.whiteEmail : row.blackEmail);
  }

  /** Record an inbound mail's Message-ID for a seat; false when the seat had it already. */
  claimMessage(gameId: string, side: Color, messageId: string, now: number): Promise<boolean> {
    return this.records.claimMessage(gameId, side, messageId, now);
  }

  /** Change one seat's settings (and only the columns given), in the game's object. */
  updatePlayer(id: string, side: Color, changes: PlayerChanges, now: number): Promise<void> {
    return this.seats.updatePlayer(id, side, changes, now);
  }

  /** 410 Gone: stop webhooks to this URL (only if it is still the seat's URL). */
  disableWebhook(id: string, side: Color, url: string, now: number): Promise<void> {
    return this.seats.disableWebhook(id, side, url, now);
  }

  /** A player's own notification choices (JSON), or null when they made none. */
  async playerNotify(playerId: string | null): Promise<string | null> {
    if (!playerId) return null;
    const row = await this.db.select({ settings: playerNotify.settings }).from(playerNotify).where(eq(playerNotify.playerId, playerId)).get();
    return row?.settings ?? null;
  }

  /** One attempt in the game's delivery log. */
  logDelivery(row: NewDeliveryRow): Promise<void> {
    return this.records.logDelivery(row);
  }

  /** A side's deliveries, newest first. */
  deliveries(gameId: string, side: Color): Promise<DeliveryRow[]> {
    return this.records.deliveries(gameId, side);
  }

  /** Active timed games whose side to move has used its reminder share of the turn and has had no
   * reminder for it yet: a range of the partial index games_sweep_reminder, never every game. */
  reminderCandidates(now: number, limit: number): Promise<DirectoryRow[]> {
    return this.db
      .select()
      .from(games)
      .where(sql`${sql.raw(REMINDER_PENDING)} AND ${sql.raw(REMIND_AT)} <= ${now} AND deadline >= ${now}`)
      .limit(limit)
      .all();
  }

  /** Record that the reminder for this ply went out; false if someone moved or it was already sent (only in the game's object). */
  async markReminded(id: string, ply: number): Promise<boolean> {
    if (!this.seats.markReminded) throw new Error('reminders are marked in the game object');
    return this.seats.markReminded(id, ply);
  }

  /** Record that the last call for this ply went out; false if someone moved or it was already sent (only in the game's object). */
  async markLastCall(id: string, ply: number): Promise<boolean> {
    if (!this.seats.markLastCall) throw new Error('last calls are marked in the game object');
    return this.seats.markLastCall(id, ply);
  }

  /** Record that the waiting player was told the deadline passed (timeout mode 'claim'; only in the game's object). */
  async markClaimNotice(id: string, deadline: number): Promise<boolean> {
    if (!this.seats.markClaimNotice) throw new Error('claim notices are marked in the game object');
    return this.seats.markClaimNotice(id, deadline);
  }
}
