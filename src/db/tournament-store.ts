// D1 queries of tournaments: the events, their entrants and their boards. Writes that must not
// happen twice (a start, a round paired) insert boards whose key (tournament, round, board)
// refuses a second writer, in the same batch as the tournament's change.
import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { D1Store } from './d1-store.ts';
import { players, type PlayerRow } from './schema.ts';
import { tournamentGames, tournamentPlayers, tournaments, type TournamentGameRow, type TournamentPlayerRow, type TournamentRow } from './schema-tournaments.ts';

/** D1 binds at most 100 parameters per statement; a board row takes 7. */
const BOARDS_PER_INSERT = 14;

export type Entrant = TournamentPlayerRow & { readonly name: string | null };

export class TournamentStore extends D1Store {
  /**
   * A new tournament, unless its creator would then have more than `maxOpen` not yet started: the
   * count is part of the insert's batch (one transaction), so requests sent at once cannot pass it
   * (tester 16 R3). False when refused.
   */
  async create(row: TournamentRow, maxOpen: number): Promise<boolean> {
    const open = sql`(select count(*) from ${tournaments} where ${tournaments.creatorId} = ${row.creatorId} and ${tournaments.status} = 'open')`;
    const [, over] = await this.db.batch([
      this.db.insert(tournaments).values(row),
      this.db.delete(tournaments).where(and(eq(tournaments.id, row.id), sql`${open} > ${maxOpen}`)),
    ]);
    return over.meta.changes === 0;
  }

  tournament(id: string): Promise<TournamentRow | undefined> {
    return this.db.select().from(tournaments).where(eq(tournaments.id, id)).get();
  }

  list(limit: number): Promise<TournamentRow[]> {
    return this.db.select().from(tournaments).orderBy(desc(tournaments.createdAt)).limit(limit).all();
  }

  /** Open tournaments whose start time has come. */
  dueToStart(now: number, limit: number): Promise<TournamentRow[]> {
    return this.db
      .select()
      .from(tournaments)
      .where(and(eq(tournaments.status, 'open'), lte(tournaments.startsAt, now)))
      .limit(limit)
      .all();
  }

  entrants(id: string): Promise<Entrant[]> {
    return this.db
      .select({
        tournamentId: tournamentPlayers.tournamentId,
        playerId: tournamentPlayers.playerId,
        seedRating: tournamentPlayers.seedRating,
        joinedAt: tournamentPlayers.joinedAt,
        withdrawnAt: tournamentPlayers.withdrawnAt,
        name: players.name,
      })
      .from(tournamentPlayers)
      .innerJoin(players, eq(players.id, tournamentPlayers.playerId))
      .where(eq(tournamentPlayers.tournamentId, id))
      .orderBy(asc(tournamentPlayers.joinedAt), asc(tournamentPlayers.playerId))
      .all();
  }

  async entrantCount(id: string): Promise<number> {
    return (await this.db.select({ n: count() }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, id)).get())?.n ?? 0;
  }

  /**
   * Enter a player, only while the tournament is open and not full and they are not in it (checked by
   * the insert itself: of two joins at once, the second enters nobody; tester 8 K12 saw a 500 from the
   * key). True when they were entered.
   */
  async join(id: string, playerId: string, now: number): Promise<boolean> {
    const result = await this.db.run(
      sql`insert into ${tournamentPlayers} (tournament_id, player_id, seed_rating, joined_at, withdrawn_at)
        select ${id}, ${playerId}, null, ${now}, null where exists (select 1 from ${tournaments} where ${tournaments.id} = ${id} and ${tournaments.status} = 'open'
        and (select count(*) from ${tournamentPlayers} where ${tournamentPlayers.tournamentId} = ${id}) < ${tournaments.maxPlayers})
        and not exists (select 1 from ${tournamentPlayers} where ${tournamentPlayers.tournamentId} = ${id} and ${tournamentPlayers.playerId} = ${playerId})`,
    );
    return result.meta.changes === 1;
  }

  /** Leave before the start. True when they were entered and it had not started. */
  /** An open tournament and its entries gone (one batch); false when it had started meanwhile. */
  async cancel(id: string): Promise<boolean> {
    const open = sql`exists (select 1 from ${tournaments} where ${tournaments.id} = ${id} and ${tournaments.status} = 'open')`;
    const [, gone] = await this.db.batch([
      this.db.delete(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, id), open)),
      this.db.delete(tournaments).where(and(eq(tournaments.id, id), eq(tournaments.status, 'open'))),
    ]);
    return gone.meta.changes === 1;
  }

  async leave(id: string, playerId: string): Promise<boolean> {
    const result = await this.db
      .delete(tournamentPlayers)
      .where(
        and(
          eq(tournamentPlayers.tournamentId, id),
          eq(tournamentPlayers.playerId, playerId),
          sql`exists (select 1 from ${tournaments} where ${tournaments.id} = ${id} and ${tournaments.status} = 'open')`,
        ),
      );
    return result.meta.changes === 1;
  }

  /** Withdraw after the start (once). */
  async withdraw(id: string, playerId: string, now: number): Promise<boolean> {
    const result = await this.db
      .update(tournamentPlayers)
      .set({ withdrawnAt: now })
      .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.playerId, playerId), isNull(tournamentPlayers.withdrawnAt)));
    return result.meta.changes === 1;
  }

  boards(id: string): Promise<TournamentGameRow[]> {
    return this.db
      .select()
      .from(tournamentGames)
      .where(eq(tournamentGames.tournamentId, id))
      .orderBy(asc(tournamentGames.round), asc(tournamentGames.board))
      .all();
  }

  boardOfGame(gameId: string): Promise<TournamentGameRow | undefined> {
    return this.db.select().from(tournamentGames).where(eq(tournamentGames.gameId, gameId)).get();
  }

  /** The tournament and round a game is of (its start's words). */
  roundOfGame(gameId: string): Promise<{ id: string; name: string; round: number } | undefined> {
    return this.db
      .select({ id: tournaments.id, name: tournaments.name, round: tournamentGames.round })
      .from(tournamentGames)
      .innerJoin(tournaments, eq(tournaments.id, tournamentGames.tournamentId))
      .where(eq(tournamentGames.gameId, gameId))
      .get();
  }

  /** The tournaments not yet finished that a player is in (not withdrawn) or made, newest first: /me lists them. */
  currentOf(playerId: string, limit: number): Promise<(TournamentRow & { readonly entered: boolean; readonly withdrawn: boolean })[]> {
    const entries = (withdrawn: boolean) =>
      this.db
        .select({ id: tournamentPlayers.tournamentId })
        .from(tournamentPlayers)
        .where(and(eq(tournamentPlayers.playerId, playerId), withdrawn ? isNotNull(tournamentPlayers.withdrawnAt) : isNull(tournamentPlayers.withdrawnAt)));
    const entered = entries(false);
    return this.db
      .select({
        ...getTableColumns(tournaments),
        entered: sql<number>`${tournaments.id} in ${entered}`.mapWith(Boolean),
        withdrawn: sql<number>`${tournaments.id} in ${entries(true)}`.mapWith(Boolean),
      })
      .from(tournaments)
      .where(and(ne(tournaments.status, 'finished'), or(eq(tournaments.creatorId, playerId), inArray(tournaments.id, entered))))
      .orderBy(desc(tournaments.createdAt))
      .limit(limit)
      .all();
  }

  /** A board's result, once (the first end counts). */
  async setResult(gameId: string, result: NonNullable<TournamentGameRow['result']>): Promise<boolean> {
    const r = await this.db
      .update(tournamentGames)
      .set({ result })
      .where(and(eq(tournamentGames.gameId, gameId), isNull(tournamentGames.result)));
    return r.meta.changes === 1;
  }

  /**
   * Pair the rounds after `fromRound` up to `toRound` (from 0: the start; a round robin pairs every
   * round at once): the tournament moves on and the boards go in, all or nothing. A second writer
   * for the same round fails on the boards' key and changes nothing: false. `seeds`: at the start,
   * each entrant's rating; false too when the entrants are no longer those. `active`: after the
   * start, the players a Swiss round pairs; false too when one of them withdrew since.
   */
  async pairRounds(
    t: TournamentRow,
    fromRound: number,
    toRound: number,
    boards: readonly TournamentGameRow[],
    now: number,
    seeds?: ReadonlyMap<string, number>,
    active?: readonly string[],
  ): Promise<boolean> {
    // At the start the players paired are `seeds`' keys: when a join or leave (both need the
    // tournament open) landed since they were read, the status written is null, which the column
    // refuses, so the batch fails and nothing is paired (tester 8 K5: late joiners sat in a running
    // tournament with no game, and a player who had left was paired in every round).
    const ids = [...(seeds?.keys() ?? [])];
    const entered = (which?: SQL) =>
      sql`(select count(*) from ${tournamentPlayers} where ${tournamentPlayers.tournamentId} = ${t.id}${which ? sql` and ${which}` : sql``})`;
    const running = () =>
      sql`case when ${entered()} = ${ids.length} and ${entered(inArray(tournamentPlayers.playerId, ids))} = ${ids.length} then 'running' end`;
    // After the start, likewise the round written is null when a player of `active` withdrew (or one
    // not in it is back) since the pairing read them: a withdrawal racing the pairing of the next round.
    const stillIn = (which?: SQL) => entered(which ? and(isNull(tournamentPlayers.withdrawnAt), which) : isNull(tournamentPlayers.withdrawnAt));
    const nextRound = (players: readonly string[]) =>
      sql`case when ${stillIn()} = ${players.length} and ${stillIn(inArray(tournamentPlayers.playerId, [...players]))} = ${players.length} then ${toRound} end`;
    const change =
      fromRound === 0
        ? { status: ids.length ? (running() as unknown as 'running') : ('running' as const), round: toRound, startedAt: now }
        : { round: active ? (nextRound(active) as unknown as number) : toRound };
    const update = this.db
      .update(tournaments)
      .set(change)
      .where(and(eq(tournaments.id, t.id), eq(tournaments.round, fromRound), eq(tournaments.status, fromRound === 0 ? 'open' : 'running')));
    const inserts = [];
    for (let i = 0; i < boards.length; i += BOARDS_PER_INSERT) inserts.push(this.db.insert(tournamentGames).values(boards.slice(i, i + BOARDS_PER_INSERT)));
    const seedWrites = [...(seeds ?? [])].map(([playerId, rating]) =>
      this.db
        .update(tournamentPlayers)
        .set({ seedRating: Math.round(rating) })
        .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.playerId, playerId))),
    );
    try {
      await this.db.batch([...inserts, update, ...seedWrites] as unknown as Parameters<typeof this.db.batch>[0]);
      return true;
    } catch (e) {
      for (let cur: unknown = e; cur instanceof Error; cur = cur.cause) if (/UNIQUE constraint failed|SQLITE_CONSTRAINT/i.test(cur.message)) return false;
      throw e;
    }
  }

  /** The tournament is over: its winner, once. */
  async finish(id: string, winnerId: string | null, now: number): Promise<boolean> {
    const r = await this.db
      .update(tournaments)
      .set({ status: 'finished', winnerId, finishedAt: now })
      .where(and(eq(tournaments.id, id), eq(tournaments.status, 'running')));
    return r.meta.changes === 1;
  }

  player(id: string): Promise<PlayerRow | undefined> {
    return this.db.select().from(players).where(eq(players.id, id)).get();
  }
}
