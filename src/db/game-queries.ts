// The SQL of one game's storage on a move's path, built by drizzle once and run many times
// (prepared queries): building a select of the game's 58 columns, or a turn's update, took more CPU
// than running it (issue 28's profile of a move, docs/scaling.md). GameStore (game-store.ts) keeps
// the guards and transactions; this module only the queries.
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { DrizzleSqliteDODatabase } from 'drizzle-orm/durable-sqlite';
import { conditionalMoves, gameMessages, games, moves, takebacks, type GameChanges, type NewMessageRow, type NewMoveRow } from './game-schema.ts';

type PreparedWrite = { run(values: Record<string, unknown>): void; get(values: Record<string, unknown>): unknown };

/** The reads of one game's row and records, each built into SQL once per object. */
function preparedReads(db: DrizzleSqliteDODatabase) {
  const id = sql.placeholder('id');
  const ply = sql.placeholder('ply');
  return {
    row: db.select().from(games).where(eq(games.id, id)).prepare(),
    movesAfter: db
      .select()
      .from(moves)
      .where(and(eq(moves.gameId, id), gt(moves.ply, ply)))
      .orderBy(asc(moves.ply))
      .prepare(),
    move: db
      .select()
      .from(moves)
      .where(and(eq(moves.gameId, id), eq(moves.ply, ply)))
      .prepare(),
    reached: db
      .select({ n: count() })
      .from(moves)
      .where(and(eq(moves.gameId, id), eq(moves.positionAfter, sql.placeholder('position'))))
      .prepare(),
    recentMessages: db
      .select({ n: count() })
      .from(gameMessages)
      .where(and(eq(gameMessages.gameId, id), eq(gameMessages.side, sql.placeholder('side')), gt(gameMessages.createdAt, sql.placeholder('since'))))
      .prepare(),
    plans: db
      .select({ lines: conditionalMoves.lines })
      .from(conditionalMoves)
      .where(
        and(
          eq(conditionalMoves.gameId, id),
          eq(conditionalMoves.side, sql.placeholder('side')),
          eq(conditionalMoves.ply, ply),
          eq(conditionalMoves.position, sql.placeholder('position')),
        ),
      )
      .prepare(),
    messages: db.select().from(gameMessages).where(eq(gameMessages.gameId, id)).orderBy(asc(gameMessages.id)).prepare(),
    takebacks: db.select().from(takebacks).where(eq(takebacks.gameId, id)).orderBy(asc(takebacks.id)).prepare(),
  };
}

/** The columns given a value (drizzle leaves out undefined ones too, so a prepared write keyed by them writes the same). */
const given = (values: object): Record<string, unknown> => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

export class GameQueries {
  /** The reads a turn makes (and the other reads of one game's records). */
  readonly reads: ReturnType<typeof preparedReads>;
  /** Prepared writes, one per table and set of columns written (a turn writes the same few columns each time). */
  private readonly writes = new Map<string, PreparedWrite>();

  constructor(private readonly db: DrizzleSqliteDODatabase) {
    this.reads = preparedReads(db);
  }

  /** Apply `changes` to the game's row (with a new revision). */
  update(id: string, changes: GameChanges): void {
    const values = given(changes);
    this.prepared('update games', values, (set) =>
      this.db
        .update(games)
        .set({ ...set, revision: sql`${games.revision} + 1` })
        .where(eq(games.id, sql.placeholder('id')))
        .prepare(),
    ).run({ ...values, id });
  }

  /** A move row, and a message row (answering its id), each inserted by a prepared write. */
  insertMove(move: NewMoveRow): void {
    const values = given(move);
    this.prepared('insert moves', values, (row) =>
      this.db
        .insert(moves)
        .values(row as unknown as NewMoveRow)
        .prepare(),
    ).run(values);
  }

  insertMessage(message: NewMessageRow): number | undefined {
    const values = given(message);
    const inserted = this.prepared('insert messages', values, (row) =>
      this.db
        .insert(gameMessages)
        .values(row as unknown as NewMessageRow)
        .returning({ id: gameMessages.id })
        .prepare(),
    ).get(values) as { id: number } | undefined;
    return inserted?.id;
  }

  /** The write named `kind` for these columns, built (by `build`, given a placeholder per column) the first time. */
  private prepared<Q extends PreparedWrite>(
    kind: string,
    values: Record<string, unknown>,
    build: (placeholders: Record<string, ReturnType<typeof sql.placeholder>>) => Q,
  ): Q {
    const columns = Object.keys(values).sort();
    const key = `${kind}:${columns.join(',')}`;
    let query = this.writes.get(key);
    if (!query) this.writes.set(key, (query = build(Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)])))));
    return query as Q;
  }
}
