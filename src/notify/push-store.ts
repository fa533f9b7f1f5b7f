// D1 queries of Web Push and the calmer email: browsers' push subscriptions (a player's or a
// seat's), a player's own notification choices, email digests waiting to go, and the last
// call of each turn.
import { and, asc, desc, eq, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { D1Store } from '../db/d1-store.ts';
import { emailDigests, games, playerNotify, pushSubscriptions, type DirectoryRow, type PushSubscriptionRow } from '../db/schema.ts';
import type { Color } from '../engine/types.ts';
import { DAYS_PER_MOVE } from '../service/schemas.ts';

/** Whose subscription: a player's (all their games, challenges) or one seat's. */
export type PushOwner = { readonly playerId: string } | { readonly gameId: string; readonly side: Color };

/**
 * The most browsers one seat or player is pushed to: a new subscription beyond them ends the oldest
 * (tester 11 S9: a seat holding 150 endpoints made every turn 150 POSTs to addresses of its choosing).
 */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

export const ownerKey = (o: PushOwner) => ('playerId' in o ? `player:${o.playerId}` : `seat:${o.gameId}:${o.side}`);

export interface NewSubscription {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

/** Where the share of the turn under 10 % starts (epoch ms), in SQL: a tenth of days_per_move before the deadline. */
const LAST_CALL_AT = 'deadline - days_per_move * 8640000';

export class PushStore extends D1Store {
  /**
   * Store (or refresh the keys of) a subscription; one row per owner and endpoint. `keyHash`: a
   * player's, the hash of the key that asked (the subscription ends with that key, as a foreign key).
   */
  async subscribe(owner: PushOwner, sub: NewSubscription, now: number, keyHash: string | null = null): Promise<PushSubscriptionRow> {
    const row = {
      owner: ownerKey(owner),
      playerId: 'playerId' in owner ? owner.playerId : null,
      gameId: 'gameId' in owner ? owner.gameId : null,
      side: 'side' in owner ? owner.side : null,
      ...sub,
      createdAt: now,
      keyHash,
    };
    const saved = (await this.db
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({ target: [pushSubscriptions.owner, pushSubscriptions.endpoint], set: { p256dh: sub.p256dh, auth: sub.auth, keyHash } })
      .returning()
      .get())!;
    const newest = this.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.owner, row.owner))
      .orderBy(desc(pushSubscriptions.id))
      .limit(MAX_PUSH_SUBSCRIPTIONS);
    await this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.owner, row.owner), notInArray(pushSubscriptions.id, newest)));
    return saved;
  }

  /** Remove the owner's subscription to this endpoint; false when there was none. */
  async unsubscribe(owner: PushOwner, endpoint: string): Promise<boolean> {
    const result = await this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.owner, ownerKey(owner)), eq(pushSubscriptions.endpoint, endpoint)));
    return result.meta.changes > 0;
  }

  subscription(id: number): Promise<PushSubscriptionRow | undefined> {
    return this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).get();
  }

  /** A seat's subscriptions made with its token end (it was renewed); those made with its player's key end with that key. */
  async endSeat(gameId: string, side: Color): Promise<void> {
    await this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.owner, ownerKey({ gameId, side })), isNull(pushSubscriptions.keyHash)));
  }

  /** The push service said 404 or 410: the subscription is over. */
  async remove(id: number): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  /** Every subscription that can hear about this game: its seats' and its players' (the queue consumer's fan-out reads them). */
  gameSubscriptions(gameId: string, playerIds: readonly (string | null)[]): Promise<PushSubscriptionRow[]> {
    const players = [...new Set(playerIds.filter((p): p is string => !!p))];
    const seat = eq(pushSubscriptions.gameId, gameId);
    return this.db
      .select()
      .from(pushSubscriptions)
      .where(players.length ? or(seat, inArray(pushSubscriptions.playerId, players)) : seat)
      .all();
  }

  playerSubscriptions(playerId: string): Promise<PushSubscriptionRow[]> {
    return this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.playerId, playerId)).all();
  }

  /** The players' own choices (JSON) by player id. */
  async playerChoices(ids: readonly (string | null)[]): Promise<Map<string, string>> {
    const wanted = ids.filter((p): p is string => !!p);
    if (!wanted.length) return new Map();
    const rows = await this.db.select().from(playerNotify).where(inArray(playerNotify.playerId, wanted)).all();
    return new Map(rows.map((r) => [r.playerId, r.settings]));
  }

  /**
   * Change some of a player's choices (a JSON object): merged into the stored ones in the write itself
   * (SQLite's json_patch; a null there drops its key, the default), so two tabs changing two choices
   * at once keep both (tester 20 T10).
   */
  async patchPlayerChoices(playerId: string, patch: string): Promise<void> {
    await this.db
      .insert(playerNotify)
      .values({ playerId, settings: patch })
      .onConflictDoUpdate({ target: playerNotify.playerId, set: { settings: sql`json_patch(${playerNotify.settings}, excluded.settings)` } });
  }

  /**
   * News of a game for an address on a digest: the first news of a quiet spell sets when the
   * digest goes (now + the interval); later news only joins the list.
   */
  async addToDigest(address: string, gameId: string, dueAt: number, now: number): Promise<void> {
    await this.db
      .insert(emailDigests)
      .values({ address, games: JSON.stringify([gameId]), dueAt, createdAt: now })
      .onConflictDoUpdate({
        target: emailDigests.address,
        set: {
          games: sql`CASE WHEN EXISTS (SELECT 1 FROM json_each(${emailDigests.games}) WHERE value = ${gameId}) THEN ${emailDigests.games} ELSE json_insert(${emailDigests.games}, '$[#]', ${gameId}) END`,
        },
      });
  }

  /** Take the digests that are due (each is taken once: the row goes as it is read). */
  async takeDueDigests(now: number, limit: number): Promise<{ address: string; games: string[]; since: number }[]> {
    const due = await this.db.select().from(emailDigests).where(lte(emailDigests.dueAt, now)).limit(limit).all();
    const taken: { address: string; games: string[]; since: number }[] = [];
    for (const d of due) {
      const gone = await this.db
        .delete(emailDigests)
        .where(and(eq(emailDigests.address, d.address), eq(emailDigests.dueAt, d.dueAt)))
        .returning()
        .get();
      if (gone) taken.push({ address: gone.address, games: JSON.parse(gone.games) as string[], since: gone.createdAt });
    }
    return taken;
  }

  /** The active games whose side to move has this email address (the games waiting for its owner). */
  waitingFor(address: string, limit = 50): Promise<DirectoryRow[]> {
    return (
      this.db
        .select()
        .from(games)
        .where(
          and(
            eq(games.status, 'active'),
            or(
              and(eq(games.sideToMove, 'white'), sql`lower(${games.whiteEmail}) = ${address}`),
              and(eq(games.sideToMove, 'black'), sql`lower(${games.blackEmail}) = ${address}`),
            ),
          ),
        )
        // The nearest deadlines first, so the limit leaves out untimed games before timed ones.
        .orderBy(sql`${games.deadline} is null`, asc(games.deadline))
        .limit(limit)
        .all()
    );
  }

  gamesById(ids: readonly string[]): Promise<DirectoryRow[]> {
    return ids.length
      ? this.db
          .select()
          .from(games)
          .where(inArray(games.id, [...ids]))
          .all()
      : Promise.resolve([]);
  }

  /** Active timed games in the last tenth of the turn, with no last call for this turn yet (read by the deadline index). */
  lastCallCandidates(now: number, limit: number): Promise<DirectoryRow[]> {
    return this.db
      .select()
      .from(games)
      .where(
        // The bounds on deadline alone let SQLite read a range of games_status_deadline.
        sql`${games.status} = 'active' AND ${games.deadline} >= ${now} AND ${games.deadline} <= ${now + Math.max(...DAYS_PER_MOVE) * 8_640_000}
          AND ${games.daysPerMove} IS NOT NULL AND ${sql.raw(LAST_CALL_AT)} <= ${now}
          AND (${games.lastCallPly} IS NULL OR ${games.lastCallPly} < ${games.ply})`,
      )
      .limit(limit)
      .all();
  }
}
