// One game's storage inside its Durable Object (src/worker/game-object.ts): its row and records in
// the object's SQLite (src/db/game-schema.ts) through drizzle's durable-sqlite driver. Every read
// is local (no round trip) and every guarded write is one synchronous transaction, so two racing
// requests cannot both pass a guard (the object also runs them one at a time between awaits).
// After each change of the game's row, the row goes to the directory (D1, src/db/directory.ts):
// the one D1 round trip of a change, made after the request's answer inside the object (issue 28).
import { and, asc, count, eq, gt } from 'drizzle-orm';
import { drizzle, type DrizzleSqliteDODatabase } from 'drizzle-orm/durable-sqlite';
import { migrate } from 'drizzle-orm/durable-sqlite/migrator';
import { GameQueries } from './game-queries.ts';
import type { Color } from '../engine/types.ts';
import type { Directory } from './directory.ts';
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

/** A side's messages: at most `max` sent after `since` (epoch ms); checked by the write itself. */
interface MessageLimit {
  readonly since: number;
  readonly max: number;
}

/** A seat's own settings, as the notification settings change them. */
export type PlayerChanges = {
  name?: string | null;
  email?: string | null;
  webhook?: string | null;
  webhookSecret?: string | null;
  webhookDisabledAt?: number | null;
  notify?: string | null;
  reminderPercent?: number;
};

const SEAT_COLUMNS = {
  white: {
    name: 'whiteName',
    email: 'whiteEmail',
    webhook: 'whiteWebhook',
    webhookSecret: 'whiteWebhookSecret',
    webhookDisabledAt: 'whiteWebhookDisabledAt',
    notify: 'whiteNotify',
    reminderPercent: 'whiteReminderPercent',
  },
  black: {
    name: 'blackName',
    email: 'blackEmail',
    webhook: 'blackWebhook',
    webhookSecret: 'blackWebhookSecret',
    webhookDisabledAt: 'blackWebhookDisabledAt',
    notify: 'blackNotify',
    reminderPercent: 'blackReminderPercent',
  },
} as const satisfies Record<Color, Record<keyof PlayerChanges, keyof GameRow>>;

/**
 * A turn's fresh period (`deadline`, and the same period as `pauseLeftMs`) on a game that may be
 * paused: paused, the deadline stays null and the period starts when the pause ends.
 */
function withTurnClock(row: GameRow, changes: GameChanges): GameChanges {
  if (typeof changes.deadline !== 'number' || typeof changes.pauseLeftMs !== 'number') return changes;
  return row.pausedUntil === null ? { ...changes, pauseLeftMs: null } : { ...changes, deadline: null };
}

export class GameStore {
  private readonly db: DrizzleSqliteDODatabase;
  /** The reads and writes on a move's path, prepared (src/db/game-queries.ts). */
  private readonly queries: GameQueries;
  /** Whether a browser's push subscription hears this game, as the directory last answered (D1's triggers keep it there). */
  heard: boolean | undefined;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly directory: Directory,
  ) {
    this.db = drizzle(storage);
    this.queries = new GameQueries(this.db);
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

  /**
   * The row changed: its copy goes to the directory, after the answer when the object takes it
   * (`later`: a list may lag the change by that write, never lose it), else now. A failed write
   * is retried by the object's alarm.
   */
  private async published(id: string): Promise<void> {
    const write = (this.publishing = this.writeDirectory(id));
    if (this.later) this.later(write);
    else await write;
  }

  private async writeDirectory(id: string): Promise<void> {
    try {
      await this.republish(id);
    } catch (e) {
      // The change stands (it is the game's); the directory's copy is written again soon (the object's alarm).
      console.error(`game ${id}: the directory could not be written (tried again shortly):`, e);
      await this.whenUnpublished?.();
    }
  }

  /** Where a change's directory write goes to be done after the answer (the object's after-answer work); unset: awaited. */
  later?: (write: Promise<void>) => void;
  private publishing: Promise<void> = Promise.resolve();

  /** Resolves once the directory write of the last change is done (or failed, to be retried): what it answered about pushes is then known. */
  directoryWritten(): Promise<void> {
    return this.publishing;
  }

  /** Told when a directory write failed: the object sets its alarm, which writes the row again. */
  whenUnpublished?: () => Promise<void>;

  /** What the directory answered about push subscriptions, kept here too (no new revision: it is D1's to say). */
  private hears(id: string, row: GameRow, heard: boolean | undefined): void {
    if (heard === undefined) return;
    this.heard = heard;
    if (row.pushSubscribed !== heard) this.db.update(games).set({ pushSubscribed: heard }).where(eq(games.id, id)).run();
  }

  /** Write the row to the directory again (after a failed write, or a copy from D1); throws when D1 fails again. */
  async republish(id: string): Promise<void> {
    const row = this.row(id);
    if (row) this.hears(id, row, await this.directory.put(row));
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
    // A new game is in the directory before its answer (the creator's lists show it at once).
    await this.writeDirectory(game.id);
    // A new row's flag is set by D1's triggers after the insert, which its own answer does not show.
    const row = this.row(game.id);
    if (row) this.hears(game.id, row, await this.directory.pushSubscribed(game.id));
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
    await this.published(gameId);
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
  async addMessage(m: NewMessageRow, limit: MessageLimit): Promise<MessageRow | undefined> {
    return this.storage.transactionSync(() => {
      if (!this.row(m.gameId) || this.recentMessages(m.gameId, m.side, limit.since) >= limit.max) return undefined;
      return this.db.insert(gameMessages).values(m).returning().get();
    });
  }

  async messages(gameId: string): Promise<MessageRow[]> {
    return this.queries.reads.messages.all({ id: gameId });
  }

  /** A player's consent to show the messages to spectators (not tied to a ply: it changes no play). */
  async setShowsMessages(gameId: string, side: Color, shows: boolean): Promise<void> {
    this.update(gameId, side === 'white' ? { whiteShowsMessages: shows } : { blackShowsMessages: shows });
    await this.published(gameId);
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
    if (landed) await this.published(gameId);
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
    await this.published(gameId);
  }

  /** Change a game only if nobody moved or ended it since it was read (nor, when given, changed its deadline or pause offer). */
  async updateGameIf(
    gameId: string,
    expected: { ply: number; status?: GameRow['status']; deadline?: number; pauseOffer?: { readonly by: Color | null; readonly days: number | null } },
    changes: GameChanges,
  ): Promise<boolean> {
    const row = this.row(gameId);
    const offer = expected.pauseOffer;
    if (
      !row ||
      row.ply !== expected.ply ||
      row.status !== (expected.status ?? 'active') ||
      (expected.deadline !== undefined && row.deadline !== expected.deadline) ||
      (offer && (row.pauseOfferBy !== offer.by || row.pauseOfferDays !== offer.days))
    )
      return false;
    this.update(gameId, changes);
    await this.published(gameId);
    return true;
  }

  /**
   * End the pause that was to end at `until`: the side to move gets back the time it had left,
   * counted from the end of the pause. Only while that very pause still runs. Returns the resumed
   * game, or undefined when something else resumed or ended it first.
   */
  async resumePause(gameId: string, until: number, now: number): Promise<GameRow | undefined> {
    const row = this.row(gameId);
    if (row?.status !== 'active' || row.pausedUntil !== until) return undefined;
    this.update(gameId, { deadline: until + (row.pauseLeftMs ?? 0), pausedUntil: null, pausedBy: null, pauseLeftMs: null, updatedAt: now });
    await this.published(gameId);
    return this.game(gameId);
  }

  /**
   * The side to move spends `days` of its leave: `addMs` more on its deadline, only while the leave
   * is there, the game still at `ply` with that deadline and not paused.
   */
  async spendLeave({
    gameId,
    side,
    days,
    addMs,
    expected,
    now,
  }: {
    readonly gameId: string;
    readonly side: Color;
    readonly days: number;
    readonly addMs: number;
    readonly expected: { readonly ply: number; readonly deadline: number };
    readonly now: number;
  }): Promise<GameRow | undefined> {
    const row = this.row(gameId);
    const left = row && (side === 'white' ? row.whiteLeaveLeft : row.blackLeaveLeft);
    if (
      row?.status !== 'active' ||
      row.ply !== expected.ply ||
      row.sideToMove !== side ||
      row.deadline !== expected.deadline ||
      row.pausedUntil !== null ||
      left === undefined ||
      left < days
    )
      return undefined;
    this.update(gameId, { deadline: expected.deadline + addMs, [side === 'white' ? 'whiteLeaveLeft' : 'blackLeaveLeft']: left - days, updatedAt: now });
    await this.published(gameId);
    return this.game(gameId);
  }

  // ---- the seats' settings and the notifications' marks ----

  /** Change one seat's settings (and only the columns given). */
  async updatePlayer(id: string, side: Color, changes: PlayerChanges, now: number): Promise<void> {
    const set: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(changes)) if (value !== undefined) set[SEAT_COLUMNS[side][key as keyof PlayerChanges]] = value;
    if (!Object.keys(set).length || !this.row(id)) return;
    this.update(id, { ...set, updatedAt: now });
    await this.published(id);
  }

  /** 410 Gone: stop webhooks to this URL (only if it is still the seat's URL). */
  async disableWebhook(id: string, side: Color, url: string, now: number): Promise<void> {
    const row = this.row(id);
    if (!row || (side === 'white' ? row.whiteWebhook : row.blackWebhook) !== url) return;
    this.update(id, side === 'white' ? { whiteWebhookDisabledAt: now } : { blackWebhookDisabledAt: now });
    await this.published(id);
  }

  /** Record that the reminder for this ply went out; false if someone moved or it was already sent. */
  async markReminded(id: string, ply: number): Promise<boolean> {
    return this.markTurn(id, ply, 'reminderPly');
  }

  /** Record that the last call for this ply went out; false if someone moved or it was already sent. */
  async markLastCall(id: string, ply: number): Promise<boolean> {
    return this.markTurn(id, ply, 'lastCallPly');
  }

  /** A once-per-turn mark set for `ply`, only while the game is still active there and the mark is not set for it yet. */
  private async markTurn(id: string, ply: number, mark: 'reminderPly' | 'lastCallPly'): Promise<boolean> {
    const row = this.row(id);
    if (!row || row.ply !== ply || row.status !== 'active') return false;
    const marked = row[mark];
    if (marked !== null && marked >= ply) return false;
    this.update(id, { [mark]: ply });
    await this.published(id);
    return true;
  }

  /** Give an unowned seat of the game to a player (and their name, if the seat has none); false when the seat is someone's already. */
  async claimSeat(gameId: string, side: Color, playerId: string, name?: string): Promise<boolean> {
    const row = this.row(gameId);
    if (!row || (side === 'white' ? row.whitePlayerId : row.blackPlayerId) !== null) return false;
    const named = name && !(side === 'white' ? row.whiteName : row.blackName);
    const changes: GameChanges = side === 'white' ? { whitePlayerId: playerId } : { blackPlayerId: playerId };
    if (named) Object.assign(changes, side === 'white' ? { whiteName: name } : { blackName: name });
    this.update(gameId, changes);
    await this.published(gameId);
    return true;
  }
}

/** What reading a game needs: its row and records (the object's own store inside it, RemoteGames outside). */
export type GameReads = Pick<GameStore, 'game' | 'moves' | 'move' | 'takebacks' | 'messages' | 'timesReached'>;
