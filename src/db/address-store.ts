// Which email addresses may get mail (src/db/schema-addresses.ts): those whose owners confirmed
// them, here or as a player's address. An address a game's seat was given gets one confirmation
// mail (at most one a day) and nothing else until then.
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { D1Store } from './d1-store.ts';
import { mailAddresses } from './schema-addresses.ts';
import { players } from './schema.ts';

/** At most one confirmation mail a day to an address. */
export const ASK_AGAIN_MS = 24 * 3_600_000;

/** Mark an address confirmed by its owner at `now` (the first time counts). */
export const confirmAddress = (db: DrizzleD1Database, email: string, now: number) =>
  db
    .insert(mailAddresses)
    .values({ email, confirmedAt: now })
    .onConflictDoUpdate({ target: mailAddresses.email, set: { confirmedAt: sql`coalesce(${mailAddresses.confirmedAt}, ${now})` } });

/** Its owner confirmed it again: mail may go there again. */
export const unblockAddress = (db: DrizzleD1Database, email: string) => db.update(mailAddresses).set({ blockedAt: null }).where(eq(mailAddresses.email, email));

export class AddressStore extends D1Store {
  /** Whether `email` (lower case) was confirmed by its owner: through a confirmation mail, or as a player's address. */
  async confirmed(email: string): Promise<boolean> {
    return (await this.standing(email)) === 'confirmed';
  }

  /** Where `email` (lower case) stands: confirmed by its owner (a confirmation mail, or as a player's address), not yet, or closed by its owner to all mail. */
  async standing(email: string): Promise<'confirmed' | 'unconfirmed' | 'blocked'> {
    const [mine, player] = await this.db.batch([
      this.db.select({ confirmedAt: mailAddresses.confirmedAt, blockedAt: mailAddresses.blockedAt }).from(mailAddresses).where(eq(mailAddresses.email, email)),
      this.db
        .select({ id: players.id })
        .from(players)
        .where(and(eq(players.email, email), isNotNull(players.emailConfirmedAt)))
        .limit(1),
    ]);
    if (mine[0]?.blockedAt != null) return 'blocked';
    return mine[0]?.confirmedAt != null || player.length > 0 ? 'confirmed' : 'unconfirmed';
  }

  /** Its owner asked for no more mail from Subspace at all. */
  async block(email: string, now: number): Promise<void> {
    await this.db
      .insert(mailAddresses)
      .values({ email, blockedAt: now })
      .onConflictDoUpdate({ target: mailAddresses.email, set: { blockedAt: now } });
  }

  /** True when a confirmation mail may go out now (none in the last day), marked as sent in the same write. */
  async claimAsk(email: string, now: number): Promise<boolean> {
    const rows = await this.db
      .insert(mailAddresses)
      .values({ email, askedAt: now })
      .onConflictDoUpdate({
        target: mailAddresses.email,
        set: { askedAt: now },
        where: or(isNull(mailAddresses.askedAt), lt(mailAddresses.askedAt, now - ASK_AGAIN_MS)),
      })
      .returning({ email: mailAddresses.email });
    return rows.length > 0;
  }

  /** The confirmation mail could not be sent: the next notification may try again. */
  async releaseAsk(email: string, at: number): Promise<void> {
    await this.db
      .update(mailAddresses)
      .set({ askedAt: null })
      .where(and(eq(mailAddresses.email, email), eq(mailAddresses.askedAt, at)));
  }

  /** The owner followed the link: mail may go there from now on. */
  async confirm(email: string, now: number): Promise<void> {
    await this.db.batch([confirmAddress(this.db, email, now), unblockAddress(this.db, email)]);
  }
}
