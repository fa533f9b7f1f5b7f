// Post-game analysis and the players' private notes (analysis board variations): both belong
// to one game and are read and written only through src/db/analysis-store.ts, so they can move
// with the game's other records (into the game's own Durable Object, issue 28) by changing that
// store alone.
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { games } from './schema.ts';
import { COLORS } from '../engine/types.ts';

const gameRef = (name: string) => text(name).references(() => games.id, { onDelete: 'cascade' });

export const ANALYSIS_STATUSES = ['queued', 'running', 'done'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** A game's analysis: asked for once, run by the computer queue a piece at a time. */
export const analyses = sqliteTable('analyses', {
  gameId: gameRef('game_id').primaryKey(),
  status: text('status', { enum: ANALYSIS_STATUSES }).notNull(),
  /** Positions to evaluate: the start and one after each ply (the game's ply + 1). */
  positions: integer('positions').notNull(),
  /** Positions evaluated so far (0..positions): the next piece starts here. */
  evaluated: integer('evaluated').notNull(),
  requestedAt: integer('requested_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
  finishedAt: integer('finished_at'),
});

/**
 * One evaluated position: ply 0 is the start, ply n the position after the n-th turn. The
 * evaluation is from White's side: `cp`, or `mate` (White's turns to it; negative: Black's), or
 * `over` (the game ended here on the board). `best`: the computer's turn in this position.
 * `judgement`: of the turn that led here (ply >= 1), from the drop in its mover's chances.
 */
export const analysisPlies = sqliteTable(
  'analysis_plies',
  {
    gameId: gameRef('game_id').notNull(),
    ply: integer('ply').notNull(),
    cp: integer('cp'),
    mate: integer('mate'),
    over: text('over', { enum: ['1-0', '0-1', '1/2-1/2'] }),
    best: text('best'),
    depth: integer('depth').notNull(),
    nodes: integer('nodes').notNull(),
    judgement: text('judgement', { enum: ['inaccuracy', 'mistake', 'blunder'] }),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.ply] })],
);

/** A player's analysis board of one game: named variations with private notes, kept per seat. */
export const gameNotes = sqliteTable(
  'game_notes',
  {
    gameId: gameRef('game_id').notNull(),
    side: text('side', { enum: COLORS }).notNull(),
    /** JSON: Variation[] (service/notes.ts), turns in canonical text. */
    variations: text('variations').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.side] })],
);

export type AnalysisRow = typeof analyses.$inferSelect;
export type AnalysisPlyRow = typeof analysisPlies.$inferSelect;
export type GameNotesRow = typeof gameNotes.$inferSelect;
