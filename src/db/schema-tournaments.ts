// Tournaments (issue 30): round robins and Swiss events among players, their entrants, and their
// boards round by round (each board an ordinary game, or a bye). Directory data, in D1.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { players } from './schema.ts';

export const TOURNAMENT_FORMATS = ['round-robin', 'swiss'] as const;

export const tournaments = sqliteTable(
  'tournaments',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    variant: text('variant').notNull(),
    /** Variant options as JSON, after the engine filled in defaults. */
    options: text('options').notNull().default('{}'),
    daysPerMove: integer('days_per_move').notNull(),
    timeoutMode: text('timeout_mode', { enum: ['auto', 'claim'] })
      .notNull()
      .default('auto'),
    leaveDays: integer('leave_days').notNull().default(0),
    format: text('format', { enum: TOURNAMENT_FORMATS }).notNull(),
    /** Round robin: each pair meets twice, colours swapped. */
    double: integer('double', { mode: 'boolean' }).notNull().default(false),
    /** Swiss: how many rounds; round robin: null (the players decide). */
    rounds: integer('rounds'),
    maxPlayers: integer('max_players').notNull(),
    rated: integer('rated', { mode: 'boolean' }).notNull().default(true),
    creatorId: text('creator_id')
      .notNull()
      .references(() => players.id),
    status: text('status', { enum: ['open', 'running', 'finished'] })
      .notNull()
      .default('open'),
    /** When the cron starts it (epoch ms); null: the creator starts it. */
    startsAt: integer('starts_at'),
    /** The last round paired (0 before the start); Swiss pairs the next when every game of this one has ended. */
    round: integer('round').notNull().default(0),
    winnerId: text('winner_id'),
    /**
     * The origin of the request that made it (PUBLIC_URL when set then): the links of what the cron
     * or a game's end makes for it without a request of its own (games, mails, the finish notice).
     * Null for tournaments made before it was kept.
     */
    linkOrigin: text('link_origin'),
    createdAt: integer('created_at').notNull(),
    startedAt: integer('started_at'),
    finishedAt: integer('finished_at'),
  },
  (t) => [index('tournaments_status').on(t.status, t.createdAt), index('tournaments_starts').on(t.status, t.startsAt)],
);

export const tournamentPlayers = sqliteTable(
  'tournament_players',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** Their rating at the start (the seed order); null before. */
    seedRating: integer('seed_rating'),
    joinedAt: integer('joined_at').notNull(),
    /** Withdrawn after the start: the games left are lost, the games played stand. */
    withdrawnAt: integer('withdrawn_at'),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.playerId] }), index('tournament_players_player').on(t.playerId)],
);

/** A board of a round: a game between two entrants, or a bye (`blackId` and `gameId` null). */
export const tournamentGames = sqliteTable(
  'tournament_games',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    board: integer('board').notNull(),
    whiteId: text('white_id').notNull(),
    blackId: text('black_id'),
    /** The game (games.id, unique); null for a bye. */
    gameId: text('game_id').unique(),
    /** '1-0' | '0-1' | '1/2-1/2' once the game has ended; null while it is played (and for a bye). */
    result: text('result', { enum: ['1-0', '0-1', '1/2-1/2'] }),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.round, t.board] })],
);

export type TournamentRow = typeof tournaments.$inferSelect;
export type TournamentPlayerRow = typeof tournamentPlayers.$inferSelect;
export type TournamentGameRow = typeof tournamentGames.$inferSelect;
