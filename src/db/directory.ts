// The games' directory in D1: a copy of each game's row, written by the game's object after each
// change (src/db/game-store.ts), for what reads many games at once (lists, the lobby, /me,
// tournaments, the notification consumer). The write is idempotent by revision: a copy never
// replaces a newer one, so a retried or late write cannot take a row backwards.
// Besides, the records games had in D1 before the objects (the legacy_ tables of migration 0018),
// read once when a game's object copies them in (`npm run migrate:games`, or the game's first touch).
import { and, asc, count, eq, getTableColumns, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { gameRecordTables, type GameRecords, type GameRow } from './game-schema.ts';
import { games } from './schema.ts';
import { D1Store } from './d1-store.ts';

/** The tables of migration 0018's renames: the game objects' tables as they were in D1. */
const { moves: legacyMoves, takebacks: legacyTakebacks, conditionalMoves: legacyConditional, gameMessages: legacyMessages } = gameRecordTables('legacy_');

/** Every column of the directory row but push_subscribed, which D1's triggers keep (migration 0017): what a newer copy sets. */
const { pushSubscribed: _kept, id: _key, ...copied } = getTableColumns(games);
const COPY_SET = Object.fromEntries(Object.entries(copied).map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]));

export class Directory extends D1Store {
  /**
   * Write the game's row unless the directory has a newer revision. Answers whether a browser's
   * push subscription hears the game (undefined when the directory kept a newer row).
   */
  async put(row: GameRow): Promise<boolean | undefined> {
    const { pushSubscribed: _ours, ...values } = row;
    const written = await this.db
      .insert(games)
      .values(values)
      .onConflictDoUpdate({ target: games.id, set: COPY_SET, setWhere: sql`excluded.revision > ${games.revision}` })
      .returning({ pushSubscribed: games.pushSubscribed });
    return written[0]?.pushSubscribed;
  }

  /** Whether a browser's push subscription hears the game (D1's triggers keep the flag). */
  async pushSubscribed(id: string): Promise<boolean | undefined> {
    return (await this.db.select({ heard: games.pushSubscribed }).from(games).where(eq(games.id, id)).get())?.heard;
  }

  /** A game D1 still holds the records of (from before the game objects), to copy into its object; undefined when there is no such game. */
  async legacy(id: string): Promise<{ row: GameRow; records: GameRecords } | undefined> {
    const [rows, turns, taken, plans, said] = await this.db.batch([
      this.db.select().from(games).where(eq(games.id, id)),
      this.db.select().from(legacyMoves).where(eq(legacyMoves.gameId, id)).orderBy(asc(legacyMoves.ply)),
      this.db.select().from(legacyTakebacks).where(eq(legacyTakebacks.gameId, id)).orderBy(asc(legacyTakebacks.id)),
      this.db.select().from(legacyConditional).where(eq(legacyConditional.gameId, id)),
      this.db.select().from(legacyMessages).where(eq(legacyMessages.gameId, id)).orderBy(asc(legacyMessages.id)),
    ]);
    const row = rows[0];
    if (!row) return undefined;
    return { row, records: { moves: turns, takebacks: taken, conditional: plans, messages: said } };
  }

  /** The copy is in the object: D1's legacy records of the game go. */
  async dropLegacy(id: string): Promise<void> {
    await this.db.batch([
      this.db.delete(legacyMoves).where(eq(legacyMoves.gameId, id)),
      this.db.delete(legacyTakebacks).where(eq(legacyTakebacks.gameId, id)),
      this.db.delete(legacyConditional).where(eq(legacyConditional.gameId, id)),
      this.db.delete(legacyMessages).where(eq(legacyMessages.gameId, id)),
    ]);
  }

  /** How many games are not yet in their objects (revision 0). */
  async legacyCount(): Promise<number> {
    return (await this.db.select({ n: count() }).from(games).where(eq(games.revision, 0)).get())?.n ?? 0;
  }

  /** Up to `limit` games not yet in their objects: revision 0, which only a row from before the objects has (for `npm run migrate:games`). */
  async legacyGames(limit: number): Promise<string[]> {
    const rows = await this.db.select({ id: games.id }).from(games).where(eq(games.revision, 0)).limit(limit).all();
    return rows.map((r) => r.id);
  }

  // ---- the cron's backstop: games the directory says are due (src/worker/index.ts) ----

  /** Active games whose pause ends at or before `now`. */
  async pausesEnded(now: number, limit: number): Promise<GameRow[]> {
    return this.activeGames(limit, isNotNull(games.pausedUntil), lte(games.pausedUntil, now));
  }

  /** Active games where the computer is to move and nothing has happened since `before`. */
  async computerTurnsWaiting(before: number, limit: number): Promise<GameRow[]> {
    return this.activeGames(
      limit,
      lte(games.updatedAt, before),
      or(and(eq(games.sideToMove, 'white'), isNotNull(games.whiteComputer)), and(eq(games.sideToMove, 'black'), isNotNull(games.blackComputer))),
    );
  }

  /** Active games whose deadline is at or before `now`. */
  async overdueGames(now: number, timeoutMode: GameRow['timeoutMode'], limit: number): Promise<GameRow[]> {
    return this.activeGames(limit, isNotNull(games.deadline), lte(games.deadline, now), eq(games.timeoutMode, timeoutMode));
  }

  /** Up to `limit` active games that meet every condition (the cron's sweeps). */
  private activeGames(limit: number, ...conditions: (SQL | undefined)[]): Promise<GameRow[]> {
    return this.db
      .select()
      .from(games)
      .where(and(eq(games.status, 'active'), ...conditions))
      .limit(limit)
      .all();
  }
}
