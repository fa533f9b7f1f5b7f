// D1 queries of players, their keys, sign-in links and challenges. Game rows stay
// in store.ts; this module only reads them for a player's list of games.
import { and, asc, count, desc, eq, exists, gt, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import {
  challenges,
  emailConfirmations,
  endedKeys,
  games,
  playerKeys,
  players,
  pushSubscriptions,
  rateCounts,
  signInLinks,
  type ChallengeRow,
  type DirectoryRow,
  type PlayerRow,
} from './schema.ts';
import { alias } from 'drizzle-orm/sqlite-core';
import { D1Store } from './d1-store.ts';
import { chatLinks } from './schema-chat.ts';
import { confirmAddress, unblockAddress } from './address-store.ts';

type NewChallengeRow = typeof challenges.$inferInsert;

/** An active game of the player's waits for them: their turn, or an offer of the other side's to answer (as MyGame.waiting). */
function waitsForPlayer(playerId: string) {
  const waitsFor = (side: 'white' | 'black') => {
    const them = side === 'white' ? 'black' : 'white';
    return or(
      eq(games.sideToMove, side),
      eq(games.drawOfferBy, them),
      eq(games.takebackOfferBy, them),
      and(eq(games.pauseOfferBy, them), isNotNull(games.pauseOfferDays)),
    );
  };
  return or(and(eq(games.whitePlayerId, playerId), waitsFor('white')), and(eq(games.blackPlayerId, playerId), waitsFor('black')))!;
}

/** A challenge the lobby lists: open, to anyone, not expired at `now`. */
const openToAnyone = (now: number) => and(eq(challenges.status, 'open'), isNull(challenges.toPlayerId), gt(challenges.expiresAt, now));

/** The keys `ending` picks, noted as ended before they go (ended_keys). */
const noteEnded = (db: DrizzleD1Database, ending: SQL | undefined, now: number) =>
  db.insert(endedKeys).select(sql`select ${playerKeys.keyHash}, ${playerKeys.playerId}, ${now} from ${playerKeys} where ${ending}`).onConflictDoNothing();

export class PlayerStore extends D1Store {
  player(id: string): Promise<PlayerRow | undefined> {
    return this.db.select().from(players).where(eq(players.id, id)).get();
  }

  /** A new player with its first key, in one batch. */
  async createPlayer(row: PlayerRow, keyHash: string): Promise<void> {
    await this.db.batch([this.db.insert(players).values(row), this.db.insert(playerKeys).values({ keyHash, playerId: row.id, createdAt: row.createdAt })]);
  }

  /** Change a player's own settings (only the columns given). */
  async updatePlayer(
    id: string,
    changes: Partial<Pick<PlayerRow, 'name' | 'email' | 'emailConfirmedAt' | 'webhook' | 'webhookSecret' | 'webhookDisabledAt'>>,
    /** The confirmed address being changed: it stays confirmed, so the games in progress mail it (and take its replies) until the new one is. */
    leaving?: { email: string; confirmedAt: number },
  ): Promise<void> {
    if (!Object.values(changes).some((value) => value !== undefined)) return;
    const update = this.db.update(players).set(changes).where(eq(players.id, id));
    if (leaving) await this.db.batch([confirmAddress(this.db, leaving.email, leaving.confirmedAt), update]);
    else await update;
  }

  /** 410 Gone: stop the player's webhook (only if this is still their URL). */
  async disableWebhook(id: string, url: string, now: number): Promise<void> {
    await this.db
      .update(players)
      .set({ webhookDisabledAt: now })
      .where(and(eq(players.id, id), eq(players.webhook, url)));
  }

  /** `browser`: made for one browser's cookie and never shown, so signing out there ends it. */
  async addKey(playerId: string, keyHash: string, now: number, browser = false): Promise<void> {
    await this.db.insert(playerKeys).values({ keyHash, playerId, createdAt: now, browser });
  }

  /**
   * New keys for the player (`fresh`: each hash, and 1 for a browser's), made by a key of theirs
   * (`askerHash`) while it is there; then every other key ends (with none new, every key but the
   * asker's). One batch, the end only while the first key kept is there: of two such requests at once,
   * one made by a key already ended changes nothing. How many ended; undefined when the asker's had.
   */
  async rekey(playerId: string, askerHash: string, fresh: readonly (readonly [string, number])[], now: number): Promise<number | undefined> {
    const there = (hash: string) => sql`exists (select 1 from ${playerKeys} where ${playerKeys.keyHash} = ${hash} and ${playerKeys.playerId} = ${playerId})`;
    const keep = fresh.length ? fresh.map(([hash]) => hash) : [askerHash];
    const ending = and(eq(playerKeys.playerId, playerId), notInArray(playerKeys.keyHash, keep), there(keep[0]!));
    const end = this.db.delete(playerKeys).where(ending);
    // The table's columns in order: key_hash, player_id, created_at, browser.
    const make = fresh.map(([hash, browser]) =>
      this.db.insert(playerKeys).select(sql`select ${hash}, ${playerId}, ${now}, ${browser} where ${there(askerHash)}`),
    );
    // Push subscriptions end with the key that made them (a foreign key), and chats tied through the keys that
    // end are unlinked: the asker's go on with its heir (a new browser key before a shown one); a player's from
    // before keys were noted, or tied through a key signed out on its own device, end with the others.
    const heir = (fresh.find(([, browser]) => browser) ?? fresh[0])?.[0];
    const inherit = heir
      ? [
          this.db
            .update(pushSubscriptions)
            .set({ keyHash: heir })
            .where(and(eq(pushSubscriptions.keyHash, askerHash), there(heir))),
          this.db
            .update(chatLinks)
            .set({ keyHash: heir })
            .where(and(eq(chatLinks.keyHash, askerHash), there(heir))),
        ]
      : [];
    const unnoted = [
      this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.playerId, playerId), isNull(pushSubscriptions.keyHash), there(keep[0]!))),
      this.db
        .delete(chatLinks)
        .where(and(eq(chatLinks.playerId, playerId), or(isNull(chatLinks.keyHash), notInArray(chatLinks.keyHash, keep)), there(keep[0]!))),
    ];
    const results = (await this.db.batch([...make, ...inherit, ...unnoted, noteEnded(this.db, ending, now), end] as unknown as [typeof end])) as {
      meta: { changes: number };
    }[];
    if (make.length && !results[0]!.meta.changes) return undefined;
    const ended = results.at(-1)!.meta.changes;
    // None ended with none made: the asker's own may have ended by another such request at once (tester 8 K11).
    if (!make.length && ended === 0) {
      const asker = await this.db.select({ k: playerKeys.keyHash }).from(playerKeys).where(eq(playerKeys.keyHash, askerHash)).get();
      if (!asker) return undefined;
    }
    return ended;
  }

  /** End the key of one browser's cookie (made for it, never shown); any other key stays. */
  async endBrowserKey(keyHash: string, now: number): Promise<void> {
    const ending = and(eq(playerKeys.keyHash, keyHash), eq(playerKeys.browser, true));
    await this.db.batch([noteEnded(this.db, ending, now), this.db.delete(playerKeys).where(ending)]);
  }

  /** Whether this was a key that ended (`noteEnded`). */
  async keyEnded(keyHash: string): Promise<boolean> {
    return (await this.db.select({ h: endedKeys.keyHash }).from(endedKeys).where(eq(endedKeys.keyHash, keyHash)).get()) !== undefined;
  }

  /** Every key hash of a player (few: one per sign-in), for a constant-time comparison with each. */
  async keyHashes(playerId: string): Promise<string[]> {
    return (await this.db.select({ h: playerKeys.keyHash }).from(playerKeys).where(eq(playerKeys.playerId, playerId)).all()).map((r) => r.h);
  }

  /** The players whose confirmed address this is (an unconfirmed one gets no mail but its confirmation). */
  playersByEmail(email: string, limit: number): Promise<PlayerRow[]> {
    return this.db
      .select()
      .from(players)
      .where(and(eq(players.email, email), isNotNull(players.emailConfirmedAt)))
      .orderBy(desc(players.createdAt))
      .limit(limit)
      .all();
  }

  async addEmailConfirmation(tokenHash: string, playerId: string, email: string, expiresAt: number): Promise<void> {
    await this.db.insert(emailConfirmations).values({ tokenHash, playerId, email, expiresAt });
  }

  /**
   * Use a confirmation link: once, before it expires, and only while the player still has the
   * address it was sent to. The player's id, or undefined.
   */
  /** The address a confirmation link would confirm now (unexpired, still the player's address), without using it. */
  async emailConfirmationOpen(tokenHash: string, now: number): Promise<string | undefined> {
    const link = await this.db
      .select({ email: emailConfirmations.email })
      .from(emailConfirmations)
      .innerJoin(players, and(eq(players.id, emailConfirmations.playerId), eq(players.email, emailConfirmations.email)))
      .where(and(eq(emailConfirmations.tokenHash, tokenHash), gt(emailConfirmations.expiresAt, now)))
      .get();
    return link?.email;
  }

  async confirmEmail(tokenHash: string, now: number): Promise<string | undefined> {
    const link = await this.db
      .delete(emailConfirmations)
      .where(and(eq(emailConfirmations.tokenHash, tokenHash), gt(emailConfirmations.expiresAt, now)))
      .returning()
      .get();
    if (!link) return undefined;
    // Confirmed again, an address its owner had closed to all mail is open again.
    const [confirmed] = await this.db.batch([
      this.db
        .update(players)
        .set({ emailConfirmedAt: now })
        .where(and(eq(players.id, link.playerId), eq(players.email, link.email)))
        .returning({ id: players.id }),
      unblockAddress(this.db, link.email),
    ]);
    return confirmed[0]?.id;
  }

  /**
   * Count one more action under `key` in the window starting at `window` (epoch ms): the count so
   * far, this one included. Older windows of the key go.
   */
  async countAction(key: string, window: number): Promise<number> {
    const [, row] = await this.db.batch([
      this.db.delete(rateCounts).where(and(eq(rateCounts.key, key), lt(rateCounts.window, window))),
      this.db
        .insert(rateCounts)
        .values({ key, window, count: 1 })
        .onConflictDoUpdate({ target: [rateCounts.key, rateCounts.window], set: { count: sql`${rateCounts.count} + 1` } })
        .returning({ count: rateCounts.count }),
    ]);
    return row[0]?.count ?? 1;
  }

  async addSignInLink(tokenHash: string, playerId: string, expiresAt: number): Promise<void> {
    await this.db.insert(signInLinks).values({ tokenHash, playerId, expiresAt });
  }

  /** Whether two players have ever had a game together (either colour, any outcome). */
  async havePlayed(a: string, b: string): Promise<boolean> {
    const found = await this.db
      .select({ id: games.id })
      .from(games)
      .where(or(and(eq(games.whitePlayerId, a), eq(games.blackPlayerId, b)), and(eq(games.whitePlayerId, b), eq(games.blackPlayerId, a))))
      .limit(1)
      .get();
    return found !== undefined;
  }

  /** Whether any of these players has a sign-in link that would work now (not used, not expired). */
  async anySignInLinkOpen(playerIds: readonly string[], now: number): Promise<boolean> {
    const link = await this.db
      .select({ playerId: signInLinks.playerId })
      .from(signInLinks)
      .where(and(inArray(signInLinks.playerId, [...playerIds]), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
      .get();
    return link !== undefined;
  }

  /** Whether a sign-in link would work now (not used, not expired), without using it. */
  async signInLinkOpen(tokenHash: string, now: number): Promise<boolean> {
    const link = await this.db
      .select({ playerId: signInLinks.playerId })
      .from(signInLinks)
      .where(and(eq(signInLinks.tokenHash, tokenHash), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
      .get();
    return link !== undefined;
  }

  /** When a sign-in link was used, if it was. */
  async signInLinkUsedAt(tokenHash: string): Promise<number | undefined> {
    const link = await this.db.select({ usedAt: signInLinks.usedAt }).from(signInLinks).where(eq(signInLinks.tokenHash, tokenHash)).get();
    return link?.usedAt ?? undefined;
  }

  /** Use a sign-in link: only once, only before it expires. The player, or undefined. */
  async useSignInLink(tokenHash: string, now: number): Promise<string | undefined> {
    const used = await this.db
      .update(signInLinks)
      .set({ usedAt: now })
      .where(and(eq(signInLinks.tokenHash, tokenHash), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
      .returning({ playerId: signInLinks.playerId })
      .get();
    return used?.playerId;
  }

  /**
   * A player's games, at most `limit`: active ones most urgent first (waiting for the player, then
   * the nearest deadline, none last, then the latest change), so a cap leaves out the least urgent;
   * or the finished and aborted ones, newest first.
   */
  gamesOf(playerId: string, finished: boolean, limit: number): Promise<DirectoryRow[]> {
    const mine = or(eq(games.whitePlayerId, playerId), eq(games.blackPlayerId, playerId));
    const status = finished ? or(eq(games.status, 'finished'), eq(games.status, 'aborted')) : eq(games.status, 'active');
    const order = finished
      ? [desc(games.finishedAt), desc(games.updatedAt)]
      : [sql`case when ${waitsForPlayer(playerId)} then 0 else 1 end`, sql`${games.deadline} is null`, asc(games.deadline), desc(games.updatedAt)];
    return this.db
      .select()
      .from(games)
      .where(and(mine, status))
      .orderBy(...order)
      .limit(limit)
      .all();
  }

  /** The games with these ids (in no order); an id with no game is left out. */
  gamesByIds(ids: readonly string[]): Promise<DirectoryRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .select()
      .from(games)
      .where(inArray(games.id, [...ids]))
      .all();
  }

  /**
   * What waits for the player (the site header's count), in one round trip: the active games (their
   * turn, or an offer of the other side's to answer, as MyGame.waiting) and the open challenges sent
   * to them (tester 18 Y11).
   */
  async waitingCount(playerId: string, now: number): Promise<{ games: number; challenges: number }> {
    const [waiting, challenged] = await this.db.batch([
      this.db
        .select({ n: count() })
        .from(games)
        .where(and(eq(games.status, 'active'), waitsForPlayer(playerId))),
      this.db
        .select({ n: count() })
        .from(challenges)
        .where(and(eq(challenges.toPlayerId, playerId), eq(challenges.status, 'open'), gt(challenges.expiresAt, now))),
    ]);
    return { games: waiting[0]?.n ?? 0, challenges: challenged[0]?.n ?? 0 };
  }

  // ---- challenges ----

  /**
   * Store a challenge unless its creator made the same one (same player asked, game, clock, colour,
   * rating) since `since` and it is still open: a form sent twice (a double click) makes one. Insert
   * and take-back-if-a-twin-is-there run in one batch, so of two sent at once the first stays. The
   * challenge kept: this one, or its twin; 'full' when the creator already had `maxOpen` open (and
   * not expired) challenges: this one is taken back in the same batch, so no two sent at once pass.
   */
  async createChallengeOnce(row: ChallengeRow, since: number, maxOpen: number): Promise<ChallengeRow | 'full' | undefined> {
    const twin = alias(challenges, 'twin');
    const same = and(
      eq(twin.creatorId, row.creatorId),
      sql`${twin.toPlayerId} IS ${row.toPlayerId}`,
      eq(twin.variant, row.variant),
      eq(twin.options, row.options),
      sql`${twin.daysPerMove} IS ${row.daysPerMove}`,
      eq(twin.timeoutMode, row.timeoutMode),
      eq(twin.leaveDays, row.leaveDays),
      eq(twin.color, row.color),
      eq(twin.rated, row.rated),
      isNull(twin.rematchOf),
      eq(twin.status, 'open'),
      gt(twin.createdAt, since),
      ne(twin.id, row.id),
    );
    const mine = alias(challenges, 'mine');
    const open = this.db
      .select({ n: count() })
      .from(mine)
      .where(and(eq(mine.creatorId, row.creatorId), eq(mine.status, 'open'), gt(mine.expiresAt, row.createdAt)));
    const [, dropped, over] = await this.db.batch([
      this.db.insert(challenges).values(row),
      this.db.delete(challenges).where(and(eq(challenges.id, row.id), exists(this.db.select({ one: sql`1` }).from(twin).where(same)))),
      this.db.delete(challenges).where(and(eq(challenges.id, row.id), sql`(${open}) > ${maxOpen}`)),
    ]);
    if (over.meta.changes) return 'full';
    if (dropped.meta.changes === 0) return this.challenge(row.id);
    return this.db.select().from(twin).where(same).orderBy(twin.createdAt).limit(1).get();
  }

  /**
   * Store a rematch offer unless another offer of the same game is open, or was accepted: both run
   * in one batch (a transaction), so of two offers that cross (both players pressed Rematch at once)
   * only the first stays, in every interleaving, and a press that lost its accept to its own other
   * press (a double press meeting the opponent's offer) leaves no offer behind (tester 20 T17).
   * False when this one was taken back at once.
   */
  async offerRematch(row: NewChallengeRow & { rematchOf: string }, now: number): Promise<boolean> {
    const other = alias(challenges, 'other');
    const [, dropped] = await this.db.batch([
      this.db.insert(challenges).values(row),
      this.db.delete(challenges).where(
        and(
          eq(challenges.id, row.id),
          exists(
            this.db
              .select({ one: sql`1` })
              .from(other)
              .where(
                and(
                  eq(other.rematchOf, row.rematchOf),
                  or(and(eq(other.status, 'open'), gt(other.expiresAt, now)), eq(other.status, 'accepted')),
                  ne(other.id, row.id),
                ),
              ),
          ),
        ),
      ),
    ]);
    return dropped.meta.changes === 0;
  }

  challenge(id: string): Promise<ChallengeRow | undefined> {
    return this.db.select().from(challenges).where(eq(challenges.id, id)).get();
  }

  /** The open challenges to anyone made at `createdAt` (ms), that have not expired: a page's worth made at once. */
  openChallengesAt(now: number, createdAt: number): Promise<ChallengeRow[]> {
    return this.db
      .select()
      .from(challenges)
      .where(and(openToAnyone(now), eq(challenges.createdAt, createdAt)))
      .orderBy(desc(challenges.id))
      .all();
  }

  /** Open challenges to anyone, newest first, that have not expired. */
  openChallenges(now: number, limit: number, before?: number): Promise<ChallengeRow[]> {
    return this.db
      .select()
      .from(challenges)
      .where(and(openToAnyone(now), before === undefined ? undefined : lt(challenges.createdAt, before)))
      .orderBy(desc(challenges.createdAt), desc(challenges.id))
      .limit(limit)
      .all();
  }

  /** Open challenges a player made or was sent, newest first. */
  challengesOf(playerId: string, now: number, limit: number): Promise<ChallengeRow[]> {
    return this.db
      .select()
      .from(challenges)
      .where(and(eq(challenges.status, 'open'), gt(challenges.expiresAt, now), or(eq(challenges.creatorId, playerId), eq(challenges.toPlayerId, playerId))))
      .orderBy(desc(challenges.createdAt))
      .limit(limit)
      .all();
  }

  /** The rematch offers of a finished game, newest first, whatever became of them (challenges_rematch). */
  rematchesOf(gameId: string): Promise<ChallengeRow[]> {
    return this.db.select().from(challenges).where(eq(challenges.rematchOf, gameId)).orderBy(desc(challenges.createdAt)).limit(50).all();
  }

  /**
   * Take an open challenge for a game: only one caller can, because the update only
   * matches while the challenge is open and unexpired. True when this caller got it.
   */
  async claimChallenge(id: string, gameId: string, now: number): Promise<boolean> {
    const r = await this.db
      .update(challenges)
      .set({ status: 'accepted', gameId })
      .where(and(eq(challenges.id, id), eq(challenges.status, 'open'), gt(challenges.expiresAt, now)));
    return r.meta.changes === 1;
  }

  /**
   * Record a rematch against the computer before its game is made (the row, already accepted, has an id
   * made from the finished game's): only one caller a game can, so two presses make one game. True when
   * this caller did.
   */
  async claimComputerRematch(row: NewChallengeRow): Promise<boolean> {
    const r = await this.db.insert(challenges).values(row).onConflictDoNothing();
    return r.meta.changes === 1;
  }

  /** A challenge just made and refused before anyone was told of it. */
  async dropNewChallenge(id: string): Promise<void> {
    await this.db.delete(challenges).where(and(eq(challenges.id, id), eq(challenges.status, 'open')));
  }

  /** Forget a claimed rematch against the computer (its game could not be made). */
  async dropComputerRematch(id: string, gameId: string): Promise<void> {
    await this.db.delete(challenges).where(and(eq(challenges.id, id), eq(challenges.gameId, gameId)));
  }

  /** Give a claimed challenge back (the game could not be made). */
  async releaseChallenge(id: string, gameId: string): Promise<void> {
    await this.db
      .update(challenges)
      .set({ status: 'open', gameId: null })
      .where(and(eq(challenges.id, id), eq(challenges.gameId, gameId)));
  }

  /** Close an open challenge (withdrawn or declined); false when it was no longer open. */
  async closeChallenge(id: string, status: 'withdrawn' | 'declined'): Promise<boolean> {
    const r = await this.db
      .update(challenges)
      .set({ status })
      .where(and(eq(challenges.id, id), eq(challenges.status, 'open')));
    return r.meta.changes === 1;
  }
}
