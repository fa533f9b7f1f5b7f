// What a game's seats leave behind besides play, in the game's own object (issue 28): the delivery
// log of their notifications, the reply-to-play mail already played, and the opponent's link a
// signed-in creator may still hand on. Same storage as GameStore (src/db/game-store.ts), whose
// migrations make these tables; none of it changes the game's row, so nothing goes to the directory.
import { and, desc, eq } from 'drizzle-orm';
import { drizzle, type DrizzleSqliteDODatabase } from 'drizzle-orm/durable-sqlite';
import type { Color } from '../engine/types.ts';
import { deliveries, inboundMail, invitations, type DeliveryRow, type GameRecords, type NewDeliveryRow } from './game-schema.ts';

export class SeatRecords {
  private readonly db: DrizzleSqliteDODatabase;

  constructor(private readonly storage: DurableObjectStorage) {
    this.db = drizzle(storage);
  }

  /** Records a copy from D1 brought (src/db/directory.ts), added in one transaction; a row already here is kept. */
  add(records: Pick<GameRecords, 'deliveries' | 'inboundMail' | 'invitations'>): void {
    this.storage.transactionSync(() => {
      for (const d of records.deliveries ?? []) this.db.insert(deliveries).values(d).run();
      for (const m of records.inboundMail ?? []) this.db.insert(inboundMail).values(m).onConflictDoNothing().run();
      for (const i of records.invitations ?? []) this.db.insert(invitations).values(i).onConflictDoNothing().run();
    });
  }

  // ---- the delivery log ----

  async logDelivery(row: NewDeliveryRow): Promise<void> {
    this.db.insert(deliveries).values(row).run();
  }

  /** A side's deliveries, newest first. */
  async deliveries(gameId: string, side: Color, limit = 200): Promise<DeliveryRow[]> {
    return this.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.gameId, gameId), eq(deliveries.side, side)))
      .orderBy(desc(deliveries.id))
      .limit(limit)
      .all();
  }

  // ---- reply-to-play mail ----

  /** Record an inbound mail's Message-ID for a seat; false when the seat had it already. */
  async claimMessage(gameId: string, side: Color, messageId: string, now: number): Promise<boolean> {
    const added = this.db.insert(inboundMail).values({ gameId, side, messageId, at: now }).onConflictDoNothing().returning({ at: inboundMail.at }).all();
    return added.length > 0;
  }

  // ---- the opponent's link, until the opponent opens it ----

  async addInvitation(gameId: string, side: Color, token: string, now: number): Promise<void> {
    this.db.insert(invitations).values({ gameId, side, token, createdAt: now }).onConflictDoNothing().run();
  }

  async invitation(gameId: string, side: Color): Promise<string | undefined> {
    return this.db
      .select({ token: invitations.token })
      .from(invitations)
      .where(and(eq(invitations.gameId, gameId), eq(invitations.side, side)))
      .get()?.token;
  }

  /** The opponent opened their link: the invitation is no longer shown. */
  async dropInvitation(gameId: string, side: Color): Promise<void> {
    this.db
      .delete(invitations)
      .where(and(eq(invitations.gameId, gameId), eq(invitations.side, side)))
      .run();
  }
}
