// D1 queries of ratings: a player's rating per variant, the leaderboard, and the one write that
// rates a game (both players' new ratings and the ledger rows, all or nothing).
import { and, desc, eq, getTableColumns, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { D1Store } from './d1-store.ts';
import { playerRatings, ratingChanges, type PlayerRatingRow, type RatingChangeRow } from './schema-ratings.ts';
import { players, type PlayerRow } from './schema.ts';

/** One side of a rated game: the new rating row, written only if the player still has `expectedGames` rated games. */
export interface RatingWrite {
  readonly next: PlayerRatingRow;
  readonly expectedGames: number;
  readonly change: RatingChangeRow;
}

export class RatingStore extends D1Store {
  ratings(playerIds: readonly string[], variant: string): Promise<PlayerRatingRow[]> {
    if (!playerIds.length) return Promise.resolve([]);
    return this.db
      .select()
      .from(playerRatings)
      .where(and(eq(playerRatings.variant, variant), inArray(playerRatings.playerId, [...playerIds])))
      .all();
  }

  ratingsOfPlayer(playerId: string): Promise<PlayerRatingRow[]> {
    return this.db.select().from(playerRatings).where(eq(playerRatings.playerId, playerId)).all();
  }

  /** The best-rated rows of a variant whose stored RD is at most `maxRd` (the RD read later may have grown). */
  board(variant: string, maxRd: number, limit: number): Promise<(PlayerRatingRow & { name: string | null })[]> {
    return this.db
      .select({ ...getTableColumns(playerRatings), name: players.name })
      .from(playerRatings)
      .innerJoin(players, eq(players.id, playerRatings.playerId))
      .where(and(eq(playerRatings.variant, variant), lte(playerRatings.rd, maxRd)))
      .orderBy(desc(playerRatings.rating))
      .limit(limit)
      .all();
  }

  recentChanges(playerId: string, limit: number): Promise<RatingChangeRow[]> {
    return this.db.select().from(ratingChanges).where(eq(ratingChanges.playerId, playerId)).orderBy(desc(ratingChanges.at)).limit(limit).all();
  }

  names(ids: readonly string[]): Promise<Pick<PlayerRow, 'id' | 'name'>[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .select({ id: players.id, name: players.name })
      .from(players)
      .where(inArray(players.id, [...ids]))
      .all();
  }

  /**
   * Rate a game: the two ledger rows, then the two rating rows, in one batch. The ledger rows only
   * go in while both players still have the rated-game counts read (so two games ending at once
   * cannot both rate from the same rating), and the rating rows only change where the ledger
   * row went in. 'rated'; 'stale' (read again and retry); 'already' (this game was rated before).
   */
  async rate(white: RatingWrite, black: RatingWrite): Promise<'rated' | 'stale' | 'already'> {
    const count = (w: RatingWrite) =>
      sql`coalesce((select ${playerRatings.games} from ${playerRatings} where ${playerRatings.playerId} = ${w.next.playerId} and ${playerRatings.variant} = ${w.next.variant}), 0)`;
    const bothAsRead = sql`${count(white)} = ${white.expectedGames} and ${count(black)} = ${black.expectedGames}`;
    const ledger = (w: RatingWrite, when: SQL) => {
      const c = w.change;
      return this.db
        .insert(ratingChanges)
        .select(sql`select ${c.gameId}, ${c.playerId}, ${c.variant}, ${c.score}, ${c.before}, ${c.rdBefore}, ${c.after}, ${c.rdAfter}, ${c.at} where ${when}`);
    };
    const upsert = (w: RatingWrite) => {
      const n = w.next;
      const landed = sql`exists (select 1 from ${ratingChanges} where ${ratingChanges.gameId} = ${w.change.gameId} and ${ratingChanges.playerId} = ${n.playerId})`;
      return this.db
        .insert(playerRatings)
        .select(
          sql`select ${n.playerId}, ${n.variant}, ${n.rating}, ${n.rd}, ${n.volatility}, ${n.games}, ${n.wins}, ${n.draws}, ${n.losses}, ${n.ratedAt} where ${landed}`,
        )
        .onConflictDoUpdate({
          target: [playerRatings.playerId, playerRatings.variant],
          set: { rating: n.rating, rd: n.rd, volatility: n.volatility, games: n.games, wins: n.wins, draws: n.draws, losses: n.losses, ratedAt: n.ratedAt },
        });
    };
    const whiteLanded = sql`exists (select 1 from ${ratingChanges} where ${ratingChanges.gameId} = ${white.change.gameId} and ${ratingChanges.playerId} = ${white.change.playerId})`;
    try {
      const [first] = await this.db.batch([ledger(white, bothAsRead), ledger(black, whiteLanded), upsert(white), upsert(black)]);
      return first.meta.changes === 1 ? 'rated' : 'stale';
    } catch (e) {
      for (let cur: unknown = e; cur instanceof Error; cur = cur.cause) if (/UNIQUE constraint failed|SQLITE_CONSTRAINT/i.test(cur.message)) return 'already';
      throw e;
    }
  }
}
