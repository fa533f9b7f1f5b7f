// The tables in each game's own Durable Object (src/worker/game-object.ts), SQLite through
// drizzle's durable-sqlite driver: the game's row and everything that belongs to that one game.
// `npm run db:generate` writes their migrations to migrations-game/ (drizzle.game.config.ts) and
// the module the object applies them from (src/db/game-migrations.gen.ts). D1 keeps the directory
// (src/db/schema.ts): players, challenges, and a summary of each game's row for lists (issue 28).
// The tables keep the game_id column, so a game's records read the same here as they did in D1.
import { sql, type BuildColumns } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, type SQLiteColumnBuilderBase, type SQLiteTableExtraConfigValue } from 'drizzle-orm/sqlite-core';
import { COLORS } from '../engine/types.ts';
import { gameColumns } from './game-columns.ts';

/** The game (one row): the same columns as its directory row in D1. */
export const games = sqliteTable('games', gameColumns());

/** The first columns of a record one side of the game adds to, in order (takebacks, messages). */
function sideOfGameRecord() {
  return {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: text('game_id').notNull(),
    side: text('side', { enum: COLORS }).notNull(),
  };
}

/**
 * A record the players of a game add to: the shared columns, then `columns`, read back by
 * game in order (index `<name>_game`), plus any `more` indexes.
 */
function gameRecordTable<N extends string, C extends Record<string, SQLiteColumnBuilderBase>>(
  name: N,
  columns: C,
  more: (t: BuildColumns<N, ReturnType<typeof sideOfGameRecord> & C, 'sqlite'>) => SQLiteTableExtraConfigValue[] = () => [],
) {
  return sqliteTable(name, { ...sideOfGameRecord(), ...columns }, (t) => [index(`${name}_game`).on(t.gameId, t.id), ...more(t)]);
}

/**
 * The game's records. `prefix`: 'legacy_' names the same tables as D1 kept them from before the
 * objects (migration 0018), read once by the copy into the object (src/db/directory.ts).
 */
export function gameRecordTables(prefix: '' | 'legacy_' = '') {
  const moves = sqliteTable(
    `${prefix}moves`,
    {
      gameId: text('game_id').notNull(),
      ply: integer('ply').notNull(),
      side: text('side', { enum: COLORS }).notNull(),
      /** Canonical turn text, with +/# suffix. */
      text: text('text').notNull(),
      positionAfter: text('position_after').notNull(),
      createdAt: integer('created_at').notNull().default(sql`(unixepoch() * 1000)`),
    },
    // One row per (game, ply): two submissions for the same ply cannot both land.
    (t) => [primaryKey({ columns: [t.gameId, t.ply] }), index(`${prefix}moves_game_position`).on(t.gameId, t.positionAfter)],
  );

  /** Turns taken back by agreement: the move rows are deleted (the game replays from what is left), their record kept here. The side asked for it (and is to move after it). */
  const takebacks = gameRecordTable(`${prefix}takebacks`, {
    /** The ply the game was at, and the ply it went back to. */
    fromPly: integer('from_ply').notNull(),
    toPly: integer('to_ply').notNull(),
    /** The turns taken back, as JSON [{ply, side, text, at}] (epoch ms), read from the move rows by the write itself. */
    turns: text('turns').notNull(),
    createdAt: integer('created_at').notNull(),
  });

  /**
   * A player's conditional moves (lichess's "forecast"): lines that start with the opponent's
   * next turn, then the player's answer, and so on; private to the player. They apply while the
   * game is at `ply` and `position`; any other change of the game leaves them behind.
   */
  const conditionalMoves = sqliteTable(
    `${prefix}conditional_moves`,
    {
      gameId: text('game_id').notNull(),
      side: text('side', { enum: COLORS }).notNull(),
      /** The game's ply and position the lines start from (the opponent is to move there). */
      ply: integer('ply').notNull(),
      position: text('position').notNull(),
      /** The lines as JSON string[][], canonical turn texts: [opponent's turn, answer, ...]. */
      lines: text('lines').notNull(),
      updatedAt: integer('updated_at').notNull(),
      /** What became of the lines stored for the opponent's last turn, told to the player while the
       * game stands here: JSON {after, answer?, dropped} (see PlanOutcome in service/conditional.ts). */
      outcome: text('outcome'),
    },
    (t) => [primaryKey({ columns: [t.gameId, t.side] })],
  );

  /** Short messages between the players of a game, sent on their own or with a move. */
  const gameMessages = gameRecordTable(
    `${prefix}game_messages`,
    {
      /** The game's ply when it was sent; with a move, that move's ply. */
      ply: integer('ply').notNull(),
      text: text('text').notNull(),
      createdAt: integer('created_at').notNull(),
    },
    // The rate limit's count of one side's recent messages.
    (t) => [index(`${prefix}game_messages_side`).on(t.gameId, t.side, t.createdAt)],
  );

  /** The delivery log of the game's notifications: one row per attempt (and one when a message went dead). */
  const deliveries = gameRecordTable(`${prefix}deliveries`, {
    event: text('event').notNull(),
    channel: text('channel', { enum: ['webhook', 'email', 'push'] }).notNull(),
    /** The queue message id = webhook-id, stable across retries. */
    messageId: text('message_id').notNull(),
    attempt: integer('attempt').notNull(),
    /** delivered | retrying | disabled | skipped | dead | failed | digest */
    status: text('status').notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
    at: integer('at').notNull(),
  });

  /** Reply-to-play mail already handled, per seat: each Message-ID is played at most once. */
  const inboundMail = sqliteTable(
    `${prefix}inbound_mail`,
    {
      gameId: text('game_id').notNull(),
      side: text('side', { enum: COLORS }).notNull(),
      messageId: text('message_id').notNull(),
      at: integer('at').notNull(),
    },
    (t) => [primaryKey({ columns: [t.gameId, t.side, t.messageId] })],
  );

  /**
   * The opponent's link of a game a signed-in player started, kept (the token in clear) so the
   * creator's game page can show it again until the opponent has opened it; then the row goes.
   */
  const invitations = sqliteTable(
    `${prefix}invitations`,
    {
      gameId: text('game_id').notNull(),
      side: text('side', { enum: COLORS }).notNull(),
      token: text('token').notNull(),
      createdAt: integer('created_at').notNull(),
    },
    (t) => [primaryKey({ columns: [t.gameId, t.side] })],
  );
  return { moves, takebacks, conditionalMoves, gameMessages, deliveries, inboundMail, invitations };
}

export const { moves, takebacks, conditionalMoves, gameMessages, deliveries, inboundMail, invitations } = gameRecordTables();

export type GameRow = typeof games.$inferSelect;
export type NewGameRow = typeof games.$inferInsert;
/** What a write changes in a game's row (its id and revision are the store's). */
export type GameChanges = Partial<Omit<NewGameRow, 'id' | 'revision'>>;
export type MoveRow = typeof moves.$inferSelect;
export type MessageRow = typeof gameMessages.$inferSelect;
export type NewMessageRow = Omit<MessageRow, 'id'>;
export type TakebackRow = typeof takebacks.$inferSelect;
export type ConditionalRow = typeof conditionalMoves.$inferSelect;
export type NewMoveRow = typeof moves.$inferInsert;
export type DeliveryRow = typeof deliveries.$inferSelect;
export type NewDeliveryRow = Omit<typeof deliveries.$inferInsert, 'id'>;
export type InboundMailRow = typeof inboundMail.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;

/** What a game holds besides its row: every record, as a copy from D1 (src/db/directory.ts) brings it. */
export interface GameRecords {
  readonly moves: readonly NewMoveRow[];
  readonly takebacks?: readonly Omit<TakebackRow, 'id'>[];
  readonly conditional?: readonly ConditionalRow[];
  readonly messages?: readonly Omit<MessageRow, 'id'>[];
  readonly deliveries?: readonly NewDeliveryRow[];
  readonly inboundMail?: readonly InboundMailRow[];
  readonly invitations?: readonly InvitationRow[];
}
