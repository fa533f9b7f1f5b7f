// The games' directory in D1: the summary of each game's row (DIRECTORY_COLUMNS), written by the
// game's object after each change (src/db/game-store.ts), for what reads many games at once (lists,
// the lobby, /me, tournaments, digests, the cron's backstop). The write is idempotent by revision: a copy never
// replaces a newer one, so a retried or late write cannot take a row backwards.
// Besides, the rows and records games had in D1 before the objects (the legacy_ tables of
// migrations 0018, 0019 and 0020), read once when a game's object copies them in (`npm run migrate:games`, or the game's
// first touch).
import { and, asc, count, eq, fillPlaceholders, getTableColumns, getTableName, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { sqliteTable, union } from 'drizzle-orm/sqlite-core';
import { DIRECTORY_COLUMNS, gameColumns } from './game-columns.ts';
import { gameRecordTables, type GameRecords, type GameRow } from './game-schema.ts';
import { games, type DirectoryRow } from './schema.ts';
import { D1Store } from './d1-store.ts';

/** The tables of migrations 0018's and 0019's renames: the game objects' tables as they were in D1. */
const {
  moves: legacyMoves,
  takebacks: legacyTakebacks,
  conditionalMoves: legacyConditional,
  gameMessages: legacyMessages,
  deliveries: legacyDeliveries,
  inboundMail: legacyInboundMail,
  invitations: legacyInvitations,
} = gameRecordTables('legacy_');
/** The whole rows of the games not yet in their objects when the directory became a summary (migration 0020). */
const { claimNoticeDeadline: _newer, pauseAsks: _newest, rematchOfferBy: _rematch, rematchGameId: _rematchGame, ...legacyColumns } = gameColumns();
/** (Without the columns added to a game's row after migration 0020 made the table.) */
const legacyGameRows = sqliteTable('legacy_games', legacyColumns);

/** The seats' records a game's object may still have to copy from D1 (migration 0019 came after the games moved in). */
export type LegacySeatRecords = Required<Pick<GameRecords, 'deliveries' | 'inboundMail' | 'invitations'>>;

/** The directory's share of a game's row. */
const summary = (row: GameRow) => Object.fromEntries(DIRECTORY_COLUMNS.map((key) => [key, row[key]])) as DirectoryRow;
/** Every directory column but push_subscribed, which D1's triggers keep (migration 0017): what a newer copy sets. */
const COPY_SET = Object.fromEntries(
  DIRECTORY_COLUMNS.filter((key) => key !== 'pushSubscribed' && key !== 'id').map((key) => [key, sql.raw(`excluded.${games[key].name}`)]),
);

/** Every legacy table with the column naming its game: one game's rows go when it is copied, the tables when every game is. */
const LEGACY_TABLES = [
  [legacyGameRows, legacyGameRows.id],
  [legacyMoves, legacyMoves.gameId],
  [legacyTakebacks, legacyTakebacks.gameId],
  [legacyConditional, legacyConditional.gameId],
  [legacyMessages, legacyMessages.gameId],
  [legacyDeliveries, legacyDeliveries.gameId],
  [legacyInboundMail, legacyInboundMail.gameId],
  [legacyInvitations, legacyInvitations.gameId],
] as const;

/** A read of the legacy tables, or `none` once they are gone (dropped when every game had moved in). */
async function unlessDropped<T>(read: () => Promise<T>, none: T): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (/no such table/i.test(String(e instanceof Error ? e.message : e))) return none;
    throw e;
  }
}

/** The batch's answers to seatRecordReads, named. */
function seatRecords([deliveries, inboundMail, invitations]: unknown[]): LegacySeatRecords {
  return { deliveries, inboundMail, invitations } as LegacySeatRecords;
}

/**
 * The summary's write (an upsert kept only when newer, answering the push flag) as drizzle builds it,
 * with a placeholder per column: built once per isolate, since building it cost more CPU than
 * sending it (the profile of a move, issue 28). Each write binds a row's values to it.
 */
let upsertQuery: { sql: string; params: unknown[] } | undefined;
function summaryUpsert(db: DrizzleD1Database) {
  if (upsertQuery) return upsertQuery;
  const values = Object.fromEntries(DIRECTORY_COLUMNS.filter((key) => key !== 'pushSubscribed').map((key) => [key, sql.placeholder(key)]));
  return (upsertQuery = db
    .insert(games)
    .values(values as unknown as DirectoryRow)
    .onConflictDoUpdate({ target: games.id, set: COPY_SET, setWhere: sql`excluded.revision > ${games.revision}` })
    .returning({ pushSubscribed: games.pushSubscribed })
    .toSQL());
}

export class Directory extends D1Store {
  /**
   * Write the game's row unless the directory has a newer revision. Answers whether a browser's
   * push subscription hears the game (undefined when the directory kept a newer row).
   */
  async put(row: GameRow): Promise<boolean | undefined> {
    const { pushSubscribed: _ours, ...values } = summary(row);
    const query = summaryUpsert(this.db);
    const written = await this.d1
      .prepare(query.sql)
      .bind(...fillPlaceholders(query.params, values))
      .first<{ push_subscribed: number }>();
    return written ? written.push_subscribed === 1 : undefined;
  }

  /** Whether a browser's push subscription hears the game (D1's triggers keep the flag). */
  async pushSubscribed(id: string): Promise<boolean | undefined> {
    return (await this.db.select({ heard: games.pushSubscribed }).from(games).where(eq(games.id, id)).get())?.heard;
  }

  /** A game D1 still holds the records of (from before the game objects), to copy into its object; undefined when there is no such game. */
  async legacy(id: string): Promise<{ row: GameRow; records: GameRecords } | undefined> {
    return unlessDropped(() => this.readLegacy(id), undefined);
  }

  private async readLegacy(id: string): Promise<{ row: GameRow; records: GameRecords } | undefined> {
    const [rows, turns, taken, plans, said, ...seats] = await this.db.batch([
      this.db.select().from(legacyGameRows).where(eq(legacyGameRows.id, id)),
      this.db.select().from(legacyMoves).where(eq(legacyMoves.gameId, id)).orderBy(asc(legacyMoves.ply)),
      this.db.select().from(legacyTakebacks).where(eq(legacyTakebacks.gameId, id)).orderBy(asc(legacyTakebacks.id)),
      this.db.select().from(legacyConditional).where(eq(legacyConditional.gameId, id)),
      this.db.select().from(legacyMessages).where(eq(legacyMessages.gameId, id)).orderBy(asc(legacyMessages.id)),
      ...this.seatRecordReads(id),
    ]);
    const row = rows[0];
    if (!row) return undefined;
    return {
      row: { ...row, claimNoticeDeadline: null, pauseAsks: null, rematchOfferBy: null, rematchGameId: null },
      records: { moves: turns, takebacks: taken, conditional: plans, messages: said, ...seatRecords(seats) },
    };
  }

  /** The seats' records D1 still holds of a game already in its object, and the last call its directory row says was sent. */
  async legacySeatRecords(id: string): Promise<LegacySeatRecords & { lastCallPly: number | null }> {
    const [rows, ...seats] = await this.db.batch([
      this.db.select({ lastCallPly: games.lastCallPly }).from(games).where(eq(games.id, id)),
      ...this.seatRecordReads(id),
    ]);
    return { lastCallPly: rows[0]?.lastCallPly ?? null, ...seatRecords(seats) };
  }

  private seatRecordReads(id: string) {
    const { id: _serial, ...logColumns } = getTableColumns(legacyDeliveries);
    return [
      this.db.select(logColumns).from(legacyDeliveries).where(eq(legacyDeliveries.gameId, id)).orderBy(asc(legacyDeliveries.id)),
      this.db.select().from(legacyInboundMail).where(eq(legacyInboundMail.gameId, id)),
      this.db.select().from(legacyInvitations).where(eq(legacyInvitations.gameId, id)),
    ] as const;
  }

  /** The copy is in the object: D1's legacy records of the game go. */
  async dropLegacy(id: string): Promise<void> {
    const [first, ...rest] = LEGACY_TABLES.map(([table, game]) => this.db.delete(table).where(eq(game, id)));
    await this.db.batch([first!, ...rest]);
  }

  /** Games with something left to copy into their objects: the whole game (its row in legacy_games), or seats' records. */
  private legacyIds() {
    return union(
      this.db.select({ id: legacyGameRows.id }).from(legacyGameRows),
      this.db.select({ id: legacyDeliveries.gameId }).from(legacyDeliveries),
      this.db.select({ id: legacyInboundMail.gameId }).from(legacyInboundMail),
      this.db.select({ id: legacyInvitations.gameId }).from(legacyInvitations),
    );
  }

  /** How many games have something left to copy into their objects. */
  async legacyCount(): Promise<number> {
    return unlessDropped(async () => (await this.db.select({ n: count() }).from(this.legacyIds().as('legacy')).get())?.n ?? 0, 0);
  }

  /** Up to `limit` games with something left to copy into their objects (for `npm run migrate:games`). */
  async legacyGames(limit: number): Promise<string[]> {
    return unlessDropped(async () => (await this.legacyIds().limit(limit).all()).map((r) => r.id), []);
  }

  /** Whether D1 still has the legacy tables (they go once every game is in its object). */
  async holdsLegacyTables(): Promise<boolean> {
    const found = await this.db.get<{ n: number }>(sql`select count(*) as n from sqlite_master where type = 'table' and name = ${getTableName(legacyMoves)}`);
    return (found?.n ?? 0) > 0;
  }

  /**
   * Every game is in its object: D1's legacy tables go, so D1 holds no game's moves or records
   * (issue 28). Only when none has anything left to copy; DROP ... IF EXISTS, so a second call is a no-op.
   */
  async dropLegacyTables(): Promise<boolean> {
    if ((await this.legacyCount()) > 0) return false;
    const [first, ...rest] = LEGACY_TABLES.map(([table]) => this.db.run(sql`drop table if exists ${table}`));
    await this.db.batch([first!, ...rest]);
    return true;
  }

  // ---- the cron's backstop: games the directory says are due (src/worker/index.ts) ----

  /** Active games whose pause ends at or before `now`. */
  async pausesEnded(now: number, limit: number): Promise<DirectoryRow[]> {
    return this.activeGames(limit, isNotNull(games.pausedUntil), lte(games.pausedUntil, now));
  }

  /** Active games where the computer is to move and nothing has happened since `before`. */
  async computerTurnsWaiting(before: number, limit: number): Promise<DirectoryRow[]> {
    return this.activeGames(
      limit,
      lte(games.updatedAt, before),
      or(and(eq(games.sideToMove, 'white'), isNotNull(games.whiteComputer)), and(eq(games.sideToMove, 'black'), isNotNull(games.blackComputer))),
    );
  }

  /** Active games whose deadline is at or before `now`. */
  async overdueGames(now: number, timeoutMode: GameRow['timeoutMode'], limit: number): Promise<DirectoryRow[]> {
    return this.activeGames(limit, isNotNull(games.deadline), lte(games.deadline, now), eq(games.timeoutMode, timeoutMode));
  }

  /** Up to `limit` active games that meet every condition (the cron's sweeps). */
  private activeGames(limit: number, ...conditions: (SQL | undefined)[]): Promise<DirectoryRow[]> {
    return this.db
      .select()
      .from(games)
      .where(and(eq(games.status, 'active'), ...conditions))
      .limit(limit)
      .all();
  }
}
