// One game's storage inside its Durable Object (src/worker/game-object.ts): its row and records in
// the object's SQLite (src/db/game-schema.ts) through drizzle's durable-sqlite driver. Every read
// is local (no round trip) and every guarded write is one synchronous transaction, so two racing
// requests cannot both pass a guard (the object also runs them one at a time between awaits).
// After each change of the game's row, the row goes to the directory (src/db/directory-copy.ts);
// the guarded changes of the row alone are decided by plain functions of it (game-row-changes.ts).
import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import { drizzle, type DrizzleSqliteDODatabase } from 'drizzle-orm/durable-sqlite';
import { migrate } from 'drizzle-orm/durable-sqlite/migrator';
import { GameQueries } from './game-queries.ts';
import type { Color } from '../engine/types.ts';
import type { Directory } from './directory.ts';
import { DirectoryCopy } from './directory-copy.ts';
import {
  claimNoticeMarked,
  ifUnchanged,
  rematchStep,
  leaveSpent,
  pauseEnded,
  seatClaimed,
  seatTokenRenewed,
  seatSettings,
  turnMarked,
  webhookGone,
  withTurnClock,
  type AsRead,
  type LeaveSpending,
  type PlayerChanges,
  type RemindAgain,
  type RowChange,
} from './game-row-changes.ts';
import gameMigrations from './game-migrations.gen.ts';
import {
  conditionalMoves,
  gameMessages,
  games,
  moves,
  takebacks,
  type ConditionalRow,
  type GameRow,
  type MessageRow,
  type MoveRow,
  type NewGameRow,
  type GameRecords,
  type NewMoveRow,
  type TakebackRow,
  type GameChanges,
  type NewMessageRow,
} from './game-schema.ts';

export type { GameChanges, GameRecords, NewMessageRow, NewMoveRow } from './game-schema.ts';
export type { PlayerChanges } from './game-row-changes.ts';

/** A side's messages: at most `max` sent after `since` (epoch ms); checked by the write itself. */
interface MessageLimit {
  readonly since: number;
  readonly max: number;
  /** The same text from the same side since then is the same message sent twice (a double press, a retry). */
  readonly repeatSince: number;
}

export class GameStore {
  private readonly db: DrizzleSqliteDODatabase;
  /** The reads and writes on a move's path, prepared (src/db/game-queries.ts). */
  private readonly queries: GameQueries;
  /** The row's copy in the directory (D1), written after each change (src/db/directory-copy.ts). */
  readonly directoryCopy: DirectoryCopy;

  constructor(
    private readonly storage: DurableObjectStorage,
    directory: Directory,
  ) {
    this.db = drizzle(storage);
    this.queries = new GameQueries(this.db);
    this.directoryCopy = new DirectoryCopy(directory, this.db, this.queries);
  }

  /** Whether this object holds a game (its tables exist and have the row); reads only, so an unknown id leaves no storage behind. */
  holdsGame(): boolean {
    const tables = this.storage.sql.exec<{ n: number }>(`select count(*) as n from sqlite_master where type = 'table' and name = 'games'`).one().n;
    return tables > 0 && this.db.select({ n: count() }).from(games).get()!.n > 0;
  }

  /** The object's tables, created or brought up to date (drizzle's migrator; a no-op when current). */
  async migrate(): Promise<void> {
    await migrate(this.db, gameMigrations);
  }

  private row(id: string): GameRow | undefined {
    return this.queries.reads.row.get({ id });
  }

  /** Apply `changes` to the game's row (with a new revision). */
  private update(id: string, changes: GameChanges): void {
    this.queries.update(id, changes);
  }

  /** Write what `change` answers for the row as it stands (src/db/game-row-changes.ts), then its directory copy; whether it wrote. */
  private async changeRow(id: string, change: RowChange): Promise<boolean> {
    const row = this.row(id);
    const changes = row && change(row);
    if (!changes) return false;
    this.update(id, changes);
    await this.directoryCopy.changed(id);
    return true;
  }

  async game(id: string): Promise<GameRow | undefined> {
    return this.row(id);
  }

  async moves(gameId: string, afterPly = 0): Promise<MoveRow[]> {
    return this.queries.reads.movesAfter.all({ id: gameId, ply: afterPly });
  }

  async move(gameId: string, ply: number): Promise<MoveRow | undefined> {
    return this.queries.reads.move.get({ id: gameId, ply });
  }

  /** The game row, and how many messages its side to move sent after `since` (a turn with a message needs both). */
  async gameWithRecentMessages(id: string, since: number): Promise<{ row: GameRow; recentMessages: number } | undefined> {
    const row = await this.game(id);
    return row && { row, recentMessages: this.recentMessages(id, row.sideToMove, since) };
  }

  private recentMessages(gameId: string, side: Color, since: number): number {
    return this.queries.reads.recentMessages.get({ id: gameId, side, since })!.n;
  }

  /** How many stored turns led to this position (for threefold repetition). */
  async timesReached(gameId: string, position: string): Promise<number> {
    return this.reached(gameId, position);
  }

  private reached(gameId: string, position: string): number {
    return this.queries.reads.reached.get({ id: gameId, position })!.n;
  }

  /** A new game with the records it already has (an import, a copy from D1), in one transaction; then its directory row. */
  async createGame(game: NewGameRow, turns: readonly NewMoveRow[] = [], records: Omit<GameRecords, 'moves'> = {}): Promise<void> {
    await this.migrate();
    this.storage.transactionSync(() => {
      this.db
        .insert(games)
        .values({ ...game, revision: Math.max(1, game.revision ?? 0) })
        .run();
      for (const turn of turns) this.db.insert(moves).values(turn).run();
      for (const t of records.takebacks ?? []) this.db.insert(takebacks).values(t).run();
      for (const c of records.conditional ?? []) this.db.insert(conditionalMoves).values(c).run();
      for (const m of records.messages ?? []) this.db.insert(gameMessages).values(m).run();
    });
    await this.directoryCopy.created(game.id);
  }

  /**
   * Record a turn: the move row, the message sent with it, the new game row, in one transaction,
   * only while the game is still active at `expectedPly` (of two racing submissions for the same
   * ply exactly one lands). `repetition`: the turn's position is not an ending on the board, so
   * the write counts how often the game has now reached it (`earlier`: 1 when it is also the
   * start) and at the third time applies `changes`. `plansFor`: the conditional lines that side
   * stored for the game as it was. Returns whether the turn landed, whether it ended the game by
   * repetition, the message's id and those lines (JSON) if any.
   */
  async commitMove({
    gameId,
    expectedPly,
    move,
    changes,
    repetition,
    message,
    plansFor,
  }: {
    readonly gameId: string;
    readonly expectedPly: number;
    readonly move: NewMoveRow;
    readonly changes: GameChanges;
    readonly repetition?: { readonly earlier: number; readonly changes: GameChanges } | undefined;
    readonly message?: NewMessageRow | undefined;
    readonly plansFor?: { readonly side: Color; readonly position: string };
  }): Promise<{ committed: boolean; repeated: boolean; messageId?: number; plans?: string }> {
    const landed = this.inTransaction(() => {
      const row = this.row(gameId);
      if (!row || row.ply !== expectedPly || row.status !== 'active') return undefined;
      this.queries.insertMove({ ...move, createdAt: move.createdAt ?? Date.now() });
      const messageId = message ? this.queries.insertMessage(message) : undefined;
      const plans = plansFor
        ? this.queries.reads.plans.get({ id: gameId, side: plansFor.side, ply: expectedPly, position: plansFor.position })?.lines
        : undefined;
      this.update(gameId, withTurnClock(row, changes));
      const repeated = repetition !== undefined && this.reached(gameId, move.positionAfter) + repetition.earlier >= 3;
      if (repeated) this.update(gameId, repetition.changes);
      return { committed: true, repeated, ...(messageId !== undefined ? { messageId } : {}), ...(plans ? { plans } : {}) };
    });
    if (!landed) return { committed: false, repeated: false };
    await this.directoryCopy.changed(gameId);
    return landed;
  }

  /** One transaction; a row that would break a unique key (a move row already there for the ply) makes it change nothing. */
  private inTransaction<T>(work: () => T): T | undefined {
    try {
      return this.storage.transactionSync(work);
    } catch (e) {
      if (e instanceof Error && /UNIQUE constraint failed|SQLITE_CONSTRAINT/i.test(e.message)) return undefined;
      throw e;
    }
  }

  /** A message on its own, if the game exists and the side has sent fewer than `limit.max` since `limit.since`. */
  /** A message stored, unless over the limit (undefined); the same text again this soon is the first's row, `repeated` (tester 20 T8). */
  async addMessage(m: NewMessageRow, limit: MessageLimit): Promise<{ row: MessageRow; repeated: boolean } | undefined> {
    return this.storage.transactionSync(() => {
      if (!this.row(m.gameId)) return undefined;
      const last = this.db
        .select()
        .from(gameMessages)
        .where(and(eq(gameMessages.gameId, m.gameId), eq(gameMessages.side, m.side)))
        .orderBy(desc(gameMessages.id))
        .limit(1)
        .get();
      if (last && last.text === m.text && last.createdAt >= limit.repeatSince) return { row: last, repeated: true };
      if (this.recentMessages(m.gameId, m.side, limit.since) >= limit.max) return undefined;
      return { row: this.db.insert(gameMessages).values(m).returning().get(), repeated: false };
    });
  }

  async messages(gameId: string): Promise<MessageRow[]> {
    return this.queries.reads.messages.all({ id: gameId });
  }

  /** A player's consent to show the messages to spectators (not tied to a ply: it changes no play). */
  async setShowsMessages(gameId: string, side: Color, shows: boolean): Promise<void> {
    this.update(gameId, side === 'white' ? { whiteShowsMessages: shows } : { blackShowsMessages: shows });
    await this.directoryCopy.changed(gameId);
  }

  /**
   * Take turns back, in one transaction: record the move rows after `toPly` in takebacks, delete
   * them, and put the game back on the position after `toPly`. Only while the game is still active
   * at `expected.ply` (and, when `expected.offerBy` is given, that player's offer still stands).
   * Returns whether it landed.
   */
  async commitTakeback(
    gameId: string,
    expected: { readonly ply: number; readonly offerBy?: Color },
    take: { readonly side: Color; readonly toPly: number; readonly at: number },
    changes: GameChanges,
  ): Promise<boolean> {
    const landed = this.storage.transactionSync(() => {
      const row = this.row(gameId);
      if (!row || row.ply !== expected.ply || row.status !== 'active' || (expected.offerBy && row.takebackOfferBy !== expected.offerBy)) return false;
      const undone = this.db
        .select()
        .from(moves)
        .where(and(eq(moves.gameId, gameId), gt(moves.ply, take.toPly)))
        .orderBy(asc(moves.ply))
        .all()
        .map((m) => ({ ply: m.ply, side: m.side, text: m.text, at: m.createdAt }));
      this.db
        .insert(takebacks)
        .values({ gameId, side: take.side, fromPly: expected.ply, toPly: take.toPly, turns: JSON.stringify(undone), createdAt: take.at })
        .run();
      this.db
        .delete(moves)
        .where(and(eq(moves.gameId, gameId), gt(moves.ply, take.toPly)))
        .run();
      // The position after the turn that is now the last (the start when none is left).
      const position = this.db
        .select({ p: moves.positionAfter })
        .from(moves)
        .where(and(eq(moves.gameId, gameId), eq(moves.ply, take.toPly)))
        .get()?.p;
      this.update(gameId, { ...withTurnClock(row, changes), ply: take.toPly, position: position ?? row.startPosition });
      return true;
    });
    if (landed) await this.directoryCopy.changed(gameId);
    return landed;
  }

  async takebacks(gameId: string): Promise<TakebackRow[]> {
    return this.queries.reads.takebacks.all({ id: gameId });
  }

  /** A side's conditional lines (whether they still apply is for the caller to judge by ply and position). */
  async conditionalLines(gameId: string, side: Color): Promise<ConditionalRow | undefined> {
    return this.db
      .select()
      .from(conditionalMoves)
      .where(and(eq(conditionalMoves.gameId, gameId), eq(conditionalMoves.side, side)))
      .get();
  }

  /**
   * Store a side's lines for the game at `row.ply` and `row.position`, replacing what the side had,
   * only while the game is still active there with the other side to move. The note of what became
   * of the earlier lines stays while the game stands where it was told. Returns whether they were stored.
   */
  async putConditionalLines(lines: Omit<ConditionalRow, 'outcome'>): Promise<boolean> {
    return this.storage.transactionSync(() => {
      const row = this.row(lines.gameId);
      if (row?.status !== 'active' || row.ply !== lines.ply || row.position !== lines.position || row.sideToMove === lines.side) return false;
      const before = this.db
        .select()
        .from(conditionalMoves)
        .where(and(eq(conditionalMoves.gameId, lines.gameId), eq(conditionalMoves.side, lines.side)))
        .get();
      const outcome = before && before.ply === lines.ply && before.position === lines.position ? before.outcome : null;
      this.db
        .insert(conditionalMoves)
        .values({ ...lines, outcome })
        .onConflictDoUpdate({
          target: [conditionalMoves.gameId, conditionalMoves.side],
          set: { ply: lines.ply, position: lines.position, lines: lines.lines, updatedAt: lines.updatedAt, outcome },
        })
        .run();
      return true;
    });
  }

  /** Replace the lines a side stored for `fromPly` by `next`, or drop them (`next` undefined). Lines stored meanwhile for another ply stay. */
  async moveConditionalLines(
    gameId: string,
    side: Color,
    fromPly: number,
    next?: Pick<ConditionalRow, 'ply' | 'position' | 'lines' | 'updatedAt' | 'outcome'>,
  ): Promise<void> {
    const where = and(eq(conditionalMoves.gameId, gameId), eq(conditionalMoves.side, side), eq(conditionalMoves.ply, fromPly));
    if (next) this.db.update(conditionalMoves).set(next).where(where).run();
    else this.db.delete(conditionalMoves).where(where).run();
  }

  /** Drop every conditional line of a game, or of one side. */
  async clearConditionalLines(gameId: string, side?: Color): Promise<void> {
    this.db
      .delete(conditionalMoves)
      .where(and(eq(conditionalMoves.gameId, gameId), ...(side ? [eq(conditionalMoves.side, side)] : [])))
      .run();
  }

  /** What rating the game did (JSON, see GameRatings in service/ratings.ts), kept with the game once it is rated. */
  async setRatings(gameId: string, ratings: string): Promise<void> {
    this.update(gameId, { ratings });
    await this.directoryCopy.changed(gameId);
  }

  /** Change a game only if nobody moved or ended it since it was read (nor, when given, changed its deadline or pause offer). */
  async updateGameIf(gameId: string, expected: AsRead, changes: GameChanges): Promise<boolean> {
    return this.changeRow(gameId, ifUnchanged(expected, changes));
  }

  /** A link game's rematch offered, answered or claimed: only while its offer and game are still `expected` (rematchStep). */
  async changeRematch(gameId: string, expected: Parameters<typeof rematchStep>[0], changes: GameChanges): Promise<boolean> {
    return this.changeRow(gameId, rematchStep(expected, changes));
  }

  /** End the pause that was to end at `until`; the resumed game, or undefined when something else resumed or ended it first. */
  async resumePause(gameId: string, until: number, now: number, remindAgain?: RemindAgain): Promise<GameRow | undefined> {
    return (await this.changeRow(gameId, pauseEnded(until, now, remindAgain))) ? this.game(gameId) : undefined;
  }

  /** The side to move spends `days` of its leave (see leaveSpent); the game after, or undefined when it no longer could. */
  async spendLeave({ gameId, ...spend }: { readonly gameId: string } & LeaveSpending): Promise<GameRow | undefined> {
    return (await this.changeRow(gameId, leaveSpent(spend))) ? this.game(gameId) : undefined;
  }

  // ---- the seats' settings and the notifications' marks ----

  /** Change one seat's settings (and only the columns given). */
  async updatePlayer(id: string, side: Color, changes: PlayerChanges, now: number): Promise<void> {
    await this.changeRow(id, seatSettings(side, changes, now));
  }

  /** 410 Gone: stop webhooks to this URL (only if it is still the seat's URL). */
  async disableWebhook(id: string, side: Color, url: string, now: number): Promise<void> {
    await this.changeRow(id, webhookGone(side, url, now));
  }

  /** Record that the reminder for this ply went out; false if someone moved or it was already sent. */
  async markReminded(id: string, ply: number): Promise<boolean> {
    return this.changeRow(id, turnMarked(ply, 'reminderPly'));
  }

  /** Record that the last call for this ply went out; false if someone moved or it was already sent. */
  async markLastCall(id: string, ply: number): Promise<boolean> {
    return this.changeRow(id, turnMarked(ply, 'lastCallPly'));
  }

  /** Record that the waiting player was told `deadline` passed (timeout mode 'claim'); false if it is no longer the deadline or was told already. */
  async markClaimNotice(id: string, deadline: number): Promise<boolean> {
    return this.changeRow(id, claimNoticeMarked(deadline));
  }

  /** Give an unowned seat of the game to a player (and their name, if the seat has none); false when the seat is someone's already. */
  async claimSeat(gameId: string, side: Color, playerId: string, name?: string): Promise<boolean> {
    return this.changeRow(gameId, seatClaimed(side, playerId, name));
  }

  /** A seat's new token (its hash), in place of `oldHash` (and, `release`, no player's seat any more); false when the seat's token is another by now. */
  async renewSeatToken(gameId: string, side: Color, oldHash: string, newHash: string, release = false): Promise<boolean> {
    if (!(await this.changeRow(gameId, seatTokenRenewed(side, oldHash, newHash, release)))) return false;
    // Kept (the object's key-value storage, no table): the old link is then told it was renewed, not that it is no one's (tester 20 T6).
    await this.storage.put<RenewedToken>(`${RENEWED_TOKEN}${oldHash}`, { side, at: Date.now() });
    return true;
  }

  /** When the seat token with this hash was renewed (and whose seat it held); undefined when it never was a renewed one. */
  async renewedToken(tokenHash: string): Promise<RenewedToken | undefined> {
    return this.storage.get<RenewedToken>(`${RENEWED_TOKEN}${tokenHash}`);
  }
}

/** A seat token that was renewed: its seat, and when (ms). */
export interface RenewedToken {
  readonly side: Color;
  readonly at: number;
}
const RENEWED_TOKEN = 'renewed-token:';

/** What reading a game needs: its row and records (the object's own store inside it, RemoteGames outside). */
export type GameReads = Pick<GameStore, 'game' | 'moves' | 'move' | 'takebacks' | 'messages' | 'timesReached'>;
