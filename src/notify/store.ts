// D1 queries of the notification side: player settings on the games row, the
// delivery log, reminder bookkeeping. (Game play itself stays in src/db/store.ts.)
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { deliveries, games, inboundMail, playerNotify, REMIND_AT, REMINDER_PENDING, type DeliveryRow, type GameRow } from '../db/schema.ts';
import type { Color } from '../engine/types.ts';
import { D1Store } from '../db/d1-store.ts';

type NewDeliveryRow = typeof deliveries.$inferInsert;
export type PlayerChanges = {
  name?: string | null;
  email?: string | null;
  webhook?: string | null;
  webhookSecret?: string | null;
  webhookDisabledAt?: number | null;
  notify?: string | null;
  reminderPercent?: number;
};

const COLUMNS = {
  white: {
    name: 'whiteName',
    email: 'whiteEmail',
    webhook: 'whiteWebhook',
    webhookSecret: 'whiteWebhookSecret',
    webhookDisabledAt: 'whiteWebhookDisabledAt',
    notify: 'whiteNotify',
    reminderPercent: 'whiteReminderPercent',
  },
  black: {
    name: 'blackName',
    email: 'blackEmail',
    webhook: 'blackWebhook',
    webhookSecret: 'blackWebhookSecret',
    webhookDisabledAt: 'blackWebhookDisabledAt',
    notify: 'blackNotify',
    reminderPercent: 'blackReminderPercent',
  },
} as const satisfies Record<Color, Record<keyof PlayerChanges, keyof GameRow>>;

export class NotifyStore extends D1Store {
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

  /** Change one player's settings (and only the columns given). */
  async updatePlayer(id: string, side: Color, changes: PlayerChanges, now: number): Promise<void> {
    const set: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(changes)) if (value !== undefined) set[COLUMNS[side][key as keyof PlayerChanges]] = value;
    if (!Object.keys(set).length) return;
    await this.db
      .update(games)
      .set({ ...set, updatedAt: now })
      .where(eq(games.id, id));
  }

  /** 410 Gone: stop webhooks to this URL (only if it is still the player's URL). */
  async disableWebhook(id: string, side: Color, url: string, now: number): Promise<void> {
    const col = side === 'white' ? games.whiteWebhook : games.blackWebhook;
    await this.db
      .update(games)
      .set(side === 'white' ? { whiteWebhookDisabledAt: now } : { blackWebhookDisabledAt: now })
      .where(and(eq(games.id, id), eq(col, url)));
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

  /** Record that the reminder for this ply went out; false if someone moved or it was already sent. */
  async markReminded(id: string, ply: number): Promise<boolean> {
    const result = await this.db
      .update(games)
      .set({ reminderPly: ply })
      .where(and(eq(games.id, id), eq(games.ply, ply), eq(games.status, 'active'), or(isNull(games.reminderPly), lt(games.reminderPly, ply))));
    return result.meta.changes === 1;
  }
}
