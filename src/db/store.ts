// The only module that talks to D1. Every write that must be all-or-nothing is
// one db.batch (D1 has no interactive transactions; a batch is atomic).
import { and, asc, count, eq, getTableColumns, gt, gte, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { sql } from 'drizzle-orm';
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
  type TakebackRow,
} from './schema.ts';
import { D1Store } from './d1-store.ts';

export type NewMoveRow = typeof moves.$inferInsert;
export type GameChanges = Partial<Omit<NewGameRow, 'id'>>;
export type NewMessageRow = Omit<MessageRow, 'id'>;
type Color = GameRow['sideToMove'];

/** A side's messages: at most `max` sent after `since` (epoch ms); checked by the write itself. */
interface MessageLimit {
  readonly since: number;
  readonly max: number;
}

/**
 * A turn's fresh period (`deadline`, and the same period as `pauseLeftMs`) on a game that may be
 * paused: the write itself picks by the row, so a pause that starts or ends meanwhile is kept.
 * Paused, the deadline stays null and the period starts when the pause ends.
 */
function withTurnClock(changes: GameChanges) {
  if (typeof changes.deadline !== 'number' || typeof changes.pauseLeftMs !== 'number') return changes;
  return {
    ...changes,
    deadline: sql`case when ${games.pausedUntil} is null then ${changes.deadline} end`,
    pauseLeftMs: sql`case when ${games.pausedUntil} is not null then ${changes.pauseLeftMs} end`,
  };
}

/** D1 binds at most 100 parameters per statement; a move row takes 6. */
const MOVE_ROWS_PER_INSERT = 16;

export class GameStore extends D1Store {
  async moves(gameId: string, afterPly = 0): Promise<MoveRow[]> {
    return this.db
      .select()
      .from(moves)
      .where(and(eq(moves.gameId, gameId), gt(moves.ply, afterPly)))
      .orderBy(asc(moves.ply))
      .all();
  }

  async move(gameId: string, ply: number): Promise<MoveRow | undefined> {
    return this.db
      .select()
      .from(moves)
      .where(and(eq(moves.gameId, gameId), eq(moves.ply, ply)))
      .get();
  }

  /**
   * The game row, and how many messages its side to move sent after `since`: a turn with a
   * message needs both (the rate limit), and they cost one read together.
   */
  async gameWithRecentMessages(id: string, since: number): Promise<{ row: GameRow; recentMessages: number } | undefined> {
    // Drizzle writes a column without its table here: the outer row's columns are named in full.
    const outer = (column: typeof games.id | typeof games.sideToMove) => sql`${games}.${sql.identifier(column.name)}`;
    const recent = sql<number>`(select count(*) from ${gameMessages} where ${gameMessages.gameId} = ${outer(games.id)} and ${gameMessages.side} = ${outer(games.sideToMove)} and ${gameMessages.createdAt} > ${since})`;
    const found = await this.db
      .select({ ...getTableColumns(games), recentMessages: recent })
      .from(games)
      .where(eq(games.id, id))
      .get();
    if (!found) return undefined;
    const { recentMessages, ...row } = found;
    return { row, recentMessages };
  }

  /** How many stored turns led to this position (for threefold repetition). */
  async timesReached(gameId: string, position: string): Promise<number> {
    const row = await this.db
      .select({ n: count() })
      .from(moves)
      .where(and(eq(moves.gameId, gameId), eq(moves.positionAfter, position)))
      .get();
    return row?.n ?? 0;
  }

  /** A new game with the turns it already has (import), in one batch. */
  async createGame(game: NewGameRow, turns: readonly NewMoveRow[] = []): Promise<void> {
    const statements: [ReturnType<typeof this.insertGame>, ...ReturnType<typeof this.insertMoves>[]] = [this.insertGame(game)];
    for (let i = 0; i < turns.length; i += MOVE_ROWS_PER_INSERT) statements.push(this.insertMoves(turns.slice(i, i + MOVE_ROWS_PER_INSERT)));
    await this.db.batch(statements);
  }
  private insertGame(game: NewGameRow) {
    return this.db.insert(games).values(game);
  }
  private insertMoves(rows: NewMoveRow[]) {
    return this.db.insert(moves).values(rows);
  }

  /**
   * Record a turn: the move row and the new game row in one atomic batch (one round trip). The
   * insert only happens while the game is still active at `expectedPly` (and the (game, ply) key
   * is unique besides), so of two racing submissions for the same ply exactly one lands.
   * `repetition`: the turn's position is not an ending on the board, so the batch itself counts
   * how often the game has now reached it (`earlier`: 1 when it is also the start position) and,
   * at the third time, applies `changes` (a draw by repetition). `plansFor`: the conditional
   * lines that side stored for the game as it was (`expectedPly`, `position`), read back by the
   * update itself (no extra round trip). Returns whether the turn landed, whether it ended the
   * game by repetition, the id of the message sent with it, and those lines (JSON) if any.
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
    readonly plansFor?: { readonly side: GameRow['sideToMove']; readonly position: string };
  }): Promise<{ committed: boolean; repeated: boolean; messageId?: number; plans?: string }> {
    const stillAt = and(eq(games.id, gameId), eq(games.ply, expectedPly), eq(games.status, 'active'));
    const createdAt = move.createdAt ?? Date.now();
    const insert = this.db
      .insert(moves)
      .select(
        sql`select ${move.gameId}, ${move.ply}, ${move.side}, ${move.text}, ${move.positionAfter}, ${createdAt} where exists (select 1 from ${games} where ${stillAt})`,
      );
    const plans = plansFor
      ? sql<
          string | null
        >`(select ${conditionalMoves.lines} from ${conditionalMoves} where ${and(eq(conditionalMoves.gameId, gameId), eq(conditionalMoves.side, plansFor.side), eq(conditionalMoves.ply, expectedPly), eq(conditionalMoves.position, plansFor.position))})`
      : sql<null>`null`;
    const update = this.db.update(games).set(withTurnClock(changes)).where(stillAt).returning({ plans });
    // A message sent with the move lands with it or not at all: same guard, same batch.
    const said = message ? [this.insertMessage(message, sql`exists (select 1 from ${games} where ${stillAt})`).returning({ id: gameMessages.id })] : [];
    const landed = (inserted: D1Result, rest: unknown[], updated: { plans: string | null }[]) => {
      const committed = inserted.meta.changes === 1 && updated.length === 1;
      const messageId = committed && message ? (rest[0] as { id: number }[])[0]?.id : undefined;
      return { committed, ...(messageId !== undefined ? { messageId } : {}), ...(updated[0]?.plans ? { plans: updated[0].plans } : {}) };
    };
    try {
      if (!repetition) {
        const [inserted, ...rest] = await this.db.batch([insert, ...said, update] as [typeof insert, ...BatchItem<'sqlite'>[]]);
        return { ...landed(inserted, rest, rest.at(-1) as { plans: string | null }[]), repeated: false };
      }
      // Whoever wrote this exact position at this ply, the count (this turn included) is the same.
      const reached = sql`(select count(*) from ${moves} where ${moves.gameId} = ${gameId} and ${moves.positionAfter} = ${move.positionAfter})`;
      const draw = this.db
        .update(games)
        .set(repetition.changes)
        .where(
          and(
            eq(games.id, gameId),
            eq(games.ply, move.ply),
            eq(games.position, move.positionAfter),
            eq(games.status, 'active'),
            sql`${reached} + ${repetition.earlier} >= 3`,
          ),
        )
        .returning({ id: games.id });
      const [inserted, ...rest] = await this.db.batch([insert, ...said, update, draw] as [typeof insert, ...BatchItem<'sqlite'>[]]);
      const result = landed(inserted, rest, rest.at(-2) as { plans: string | null }[]);
      const drawn = rest.at(-1) as unknown[];
      return { ...result, repeated: result.committed && drawn.length === 1 };
    } catch (e) {
      if (isUniqueViolation(e)) return { committed: false, repeated: false };
      throw e;
    }
  }

  /** An insert of a message that only happens where `when` (an SQL condition) holds. */
  private insertMessage(m: NewMessageRow, when: SQL) {
    return this.db.insert(gameMessages).select(sql`select null, ${m.gameId}, ${m.side}, ${m.ply}, ${m.text}, ${m.createdAt} where ${when}`);
  }

  /**
   * A message on its own, if the game exists and the side has sent fewer than `limit.max` since
   * `limit.since` (the count is in the insert itself, so racing sends cannot pass the limit).
   */
  async addMessage(m: NewMessageRow, limit: MessageLimit): Promise<MessageRow | undefined> {
    const recent = sql`(select count(*) from ${gameMessages} where ${gameMessages.gameId} = ${m.gameId} and ${gameMessages.side} = ${m.side} and ${gameMessages.createdAt} > ${limit.since})`;
    const rows = await this.insertMessage(m, sql`exists (select 1 from ${games} where ${eq(games.id, m.gameId)}) and ${recent} < ${limit.max}`)
      .returning()
      .all();
    return rows[0];
  }

  async messages(gameId: string): Promise<MessageRow[]> {
    return this.db.select().from(gameMessages).where(eq(gameMessages.gameId, gameId)).orderBy(asc(gameMessages.id)).all();
  }

  /** A player's consent to show the messages to spectators (not tied to a ply: it changes no play). */
  async setShowsMessages(gameId: string, side: MessageRow['side'], shows: boolean): Promise<void> {
    await this.db
      .update(games)
      .set(side === 'white' ? { whiteShowsMessages: shows } : { blackShowsMessages: shows })
      .where(eq(games.id, gameId));
  }

  /**
   * Take turns back, in one batch: record the move rows after `toPly` in takebacks (read by the
   * write itself), delete them, and put the game back on the position after `toPly`. Only while
   * the game is still active at `expected.ply` (and, when `expected.offerBy` is given, that
   * player's offer still stands): a move, a resignation or another answer that landed first wins
   * and this changes nothing. Returns whether it landed.
   */
  async commitTakeback(
    gameId: string,
    expected: { readonly ply: number; readonly offerBy?: GameRow['sideToMove'] },
    take: { readonly side: GameRow['sideToMove']; readonly toPly: number; readonly at: number },
    changes: GameChanges,
  ): Promise<boolean> {
    const guard = and(
      eq(games.id, gameId),
      eq(games.ply, expected.ply),
      eq(games.status, 'active'),
      ...(expected.offerBy ? [eq(games.takebackOfferBy, expected.offerBy)] : []),
    );
    const stillThere = sql`exists (select 1 from ${games} where ${guard})`;
    const undone = sql`(select json_group_array(json_object('ply', ply, 'side', side, 'text', text, 'at', created_at)) from (select * from ${moves} where ${moves.gameId} = ${gameId} and ${moves.ply} > ${take.toPly} order by ${moves.ply}))`;
    const record = this.db
      .insert(takebacks)
      .select(sql`select null, ${gameId}, ${take.side}, ${expected.ply}, ${take.toPly}, ${undone}, ${take.at} where ${stillThere}`);
    const remove = this.db.delete(moves).where(and(eq(moves.gameId, gameId), gt(moves.ply, take.toPly), stillThere));
    // The position after the turn that is now the last (the start when none is left), from the rows themselves.
    const position = sql`coalesce((select ${moves.positionAfter} from ${moves} where ${moves.gameId} = ${gameId} and ${moves.ply} = ${take.toPly}), ${games.startPosition})`;
    const update = this.db
      .update(games)
      .set({ ...withTurnClock(changes), ply: take.toPly, position })
      .where(guard);
    const [, , updated] = await this.db.batch([record, remove, update]);
    return updated.meta.changes === 1;
  }

  async takebacks(gameId: string): Promise<TakebackRow[]> {
    return this.db.select().from(takebacks).where(eq(takebacks.gameId, gameId)).orderBy(asc(takebacks.id)).all();
  }

  /** A side's conditional lines (whether they still apply is for the caller to judge by ply and position). */
  async conditionalLines(gameId: string, side: ConditionalRow['side']): Promise<ConditionalRow | undefined> {
    return this.db
      .select()
      .from(conditionalMoves)
      .where(and(eq(conditionalMoves.gameId, gameId), eq(conditionalMoves.side, side)))
      .get();
  }

  /**
   * Store a side's lines for the game at `row.ply` and `row.position`, replacing what the side had,
   * only while the game is still active there with the other side to move (checked by the write
   * itself). Returns whether they were stored.
   */
  async putConditionalLines(row: Omit<ConditionalRow, 'outcome'>): Promise<boolean> {
    const stillThere = and(
      eq(games.id, row.gameId),
      eq(games.ply, row.ply),
      eq(games.position, row.position),
      eq(games.status, 'active'),
      sql`${games.sideToMove} <> ${row.side}`,
    );
    const result = await this.db.run(
      // The note of what became of the earlier lines stays while the game stands where it was told.
      sql`insert into ${conditionalMoves} (game_id, side, ply, position, lines, updated_at) select ${row.gameId}, ${row.side}, ${row.ply}, ${row.position}, ${row.lines}, ${row.updatedAt} where exists (select 1 from ${games} where ${stillThere})
        on conflict (game_id, side) do update set ply = excluded.ply, position = excluded.position, lines = excluded.lines, updated_at = excluded.updated_at,
        outcome = case when ${conditionalMoves}.ply = excluded.ply and ${conditionalMoves}.position = excluded.position then ${conditionalMoves}.outcome end`,
    );
    return result.meta.changes === 1;
  }

  /**
   * Replace the lines a side stored for `fromPly` by `next` (the lines left after the opponent's
   * turn, for the game after it, with the note of what became of them), or drop them (`next`
   * undefined). Lines stored meanwhile for another ply stay.
   */
  async moveConditionalLines(
    gameId: string,
    side: ConditionalRow['side'],
    fromPly: number,
    next?: Pick<ConditionalRow, 'ply' | 'position' | 'lines' | 'updatedAt' | 'outcome'>,
  ): Promise<void> {
    const where = and(eq(conditionalMoves.gameId, gameId), eq(conditionalMoves.side, side), eq(conditionalMoves.ply, fromPly));
    if (next) await this.db.update(conditionalMoves).set(next).where(where);
    else await this.db.delete(conditionalMoves).where(where);
  }

  /** Drop every conditional line of a game, or of one side. */
  async clearConditionalLines(gameId: string, side?: ConditionalRow['side']): Promise<void> {
    await this.db.delete(conditionalMoves).where(and(eq(conditionalMoves.gameId, gameId), ...(side ? [eq(conditionalMoves.side, side)] : [])));
  }

  /** What rating the game did (JSON, see GameRatings in service/ratings.ts), kept with the game once it is rated. */
  async setRatings(gameId: string, ratings: string): Promise<void> {
    await this.db.update(games).set({ ratings }).where(eq(games.id, gameId));
  }

  /** Change a game only if nobody moved or ended it since it was read (nor, when given, changed its deadline or pause offer). */
  async updateGameIf(
    gameId: string,
    expected: { ply: number; status?: GameRow['status']; deadline?: number; pauseOffer?: { readonly by: Color | null; readonly days: number | null } },
    changes: GameChanges,
  ): Promise<boolean> {
    const offer = expected.pauseOffer;
    const result = await this.db
      .update(games)
      .set(changes)
      .where(
        and(
          eq(games.id, gameId),
          eq(games.ply, expected.ply),
          eq(games.status, expected.status ?? 'active'),
          ...(expected.deadline !== undefined ? [eq(games.deadline, expected.deadline)] : []),
          ...(offer
            ? [
                offer.by === null ? isNull(games.pauseOfferBy) : eq(games.pauseOfferBy, offer.by),
                offer.days === null ? isNull(games.pauseOfferDays) : eq(games.pauseOfferDays, offer.days),
              ]
            : []),
        ),
      );
    return result.meta.changes === 1;
  }

  /**
   * End the pause that was to end at `until`: the side to move gets back the time it had left,
   * counted from the end of the pause (not from whenever this runs). Only while that very pause
   * still runs, so of the cron and a request touching the game at once exactly one resumes it.
   * Returns the resumed game, or undefined when someone else resumed or ended it first.
   */
  async resumePause(gameId: string, until: number, now: number): Promise<GameRow | undefined> {
    const rows = await this.db
      .update(games)
      .set({
        deadline: sql`${games.pausedUntil} + coalesce(${games.pauseLeftMs}, 0)`,
        pausedUntil: null,
        pausedBy: null,
        pauseLeftMs: null,
        updatedAt: now,
      })
      .where(and(eq(games.id, gameId), eq(games.status, 'active'), eq(games.pausedUntil, until)))
      .returning()
      .all();
    return rows[0];
  }

  /** Active games whose pause ends at or before `now`. */
  async pausesEnded(now: number, limit: number): Promise<GameRow[]> {
    return this.activeGames(limit, isNotNull(games.pausedUntil), lte(games.pausedUntil, now));
  }

  /**
   * The side to move spends `days` of its leave: `addMs` more on its deadline, in one write that
   * checks the leave is there, the game still at `ply` with that deadline and not paused.
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
    const leave = side === 'white' ? games.whiteLeaveLeft : games.blackLeaveLeft;
    const rows = await this.db
      .update(games)
      .set({ deadline: expected.deadline + addMs, [side === 'white' ? 'whiteLeaveLeft' : 'blackLeaveLeft']: sql`${leave} - ${days}`, updatedAt: now })
      .where(
        and(
          eq(games.id, gameId),
          eq(games.status, 'active'),
          eq(games.ply, expected.ply),
          eq(games.sideToMove, side),
          eq(games.deadline, expected.deadline),
          isNull(games.pausedUntil),
          gte(leave, days),
        ),
      )
      .returning()
      .all();
    return rows[0];
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

function isUniqueViolation(e: unknown): boolean {
  for (let cur: unknown = e; cur instanceof Error; cur = cur.cause) if (/UNIQUE constraint failed|SQLITE_CONSTRAINT/i.test(cur.message)) return true;
  return false;
}
