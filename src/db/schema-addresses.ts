// Email addresses a game's seat was given (issue 26's rule for player addresses, kept for seats
// too): nothing but one confirmation mail goes to an address until its owner confirms it. A
// player's confirmed address (players.email_confirmed_at) counts as confirmed as well.
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const mailAddresses = sqliteTable('mail_addresses', {
  /** Lower case. */
  email: text('email').primaryKey(),
  /** When its owner confirmed it (the link in the confirmation mail); null until then. */
  confirmedAt: integer('confirmed_at'),
  /** When the last confirmation mail went out: at most one a day. */
  askedAt: integer('asked_at'),
  /**
   * When its owner asked for no more mail from Subspace at all (the unsubscribe page's "all
   * emails"; tester 3 F10: a confirmed address was open to anyone's new games): no game mail and no
   * confirmation goes there. Confirming the address again lifts it.
   */
  blockedAt: integer('blocked_at'),
});
