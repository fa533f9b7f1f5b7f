// D1 queries of the notification side: the delivery log, reply-to-play mail, reminder
// candidates in the directory. A seat's settings are changed in the game's object (`seats`).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { GameStore, PlayerChanges } from '../db/game-store.ts';
import { deliveries, games, inboundMail, playerNotify, REMIND_AT, REMINDER_PENDING, type DeliveryRow, type GameRow } from '../db/schema.ts';
import type { Color } from '../engine/types.ts';
import { D1Store } from '../db/d1-store.ts';

type NewDeliveryRow = typeof deliveries.$inferInsert;
export type { PlayerChanges } from '../db/game-store.ts';

/** A seat's settings and marks live with the game, in its object (src/db/game-store.ts; RemoteGames from outside it). */
type SeatWrites = Pick<GameStore, 'updatePlayer' | 'disableWebhook' | 'markReminded'>;

export class NotifyStore extends D1Store {
  constructor(
    d1: D1Database,
    private readonly seats: Partial<SeatWrites> & Pick<SeatWrites, 'updatePlayer' | 'disableWebhook'>,
  ) {
    super(d1);
  }

  /** The email address a seat is mailed at (reply-to-play takes mail only from it). */
  async seatEmail(id: string, side: Color): Promise<string | null | undefined> {
    const row = await this.db.select({ white: games.whiteEmail, black: games.blackEmail }).from(games).where(eq(games.id, id)).get();
    return row?.[side];
  }

  /** Record an inbound mail's Message-ID for a seat; false when the seat had it already. */
  async claimMessage(gameId: string, side: Color, messageId: string, now: number): Promise<boolean> {
    const added = await this.db.insert(inboundMail).values({ gameId, side, messageId, at: now }).onConflictDoNothing().returning({ at: inboundMail.at });
    return added.length > 0;
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

  logDelivery(row: NewDeliveryRow): Promise<unknown> {
    return this.db.insert(deliveries).values(row);
  }

  deliveries(gameId: string, side: Color, limit = 200): Promise<DeliveryRow[]> {
    return this.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.gameId, gameId), eq(deliveries.side, side)))
      .orderBy(desc(deliveries.id))
      .limit(limit)
      .all();
  }

  /** Active timed games whose side to move has used its reminder share of the turn and has had no
   * reminder for it yet: a range of the partial index games_sweep_reminder, never every game. */
  reminderCandidates(now: number, limit: number): Promise<GameRow[]> {
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
}
