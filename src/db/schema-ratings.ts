// Ratings (issue 30): each player's Glicko-2 rating per variant, and the ledger of what each rated
// game changed (one row per game and player: a game is rated once). Directory data, in D1.
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { players } from './schema.ts';

/** A player's rating in one variant; no row = never rated there (1500, RD 350, volatility 0.06). */
export const playerRatings = sqliteTable(
  'player_ratings',
  {
    playerId: text('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    rating: real('rating').notNull(),
    /** The RD as of `ratedAt`; it grows by one Glicko-2 idle step per 7 days since (computed on reading). */
    rd: real('rd').notNull(),
    volatility: real('volatility').notNull(),
    /** Rated games (also the row's version: a write only lands on the count it read). */
    games: integer('games').notNull(),
    wins: integer('wins').notNull(),
    draws: integer('draws').notNull(),
    losses: integer('losses').notNull(),
    /** When the last rated game in this variant ended (epoch ms). */
    ratedAt: integer('rated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.variant] }), index('player_ratings_board').on(t.variant, t.rating)],
);

/** What one rated game did to one player's rating: the game is rated once (the key), and the profile lists these. */
export const ratingChanges = sqliteTable(
  'rating_changes',
  {
    gameId: text('game_id').notNull(),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    /** 1 win, 0.5 draw, 0 loss. */
    score: real('score').notNull(),
    /** The rating and RD before (after the idle periods), and after. */
    before: real('before').notNull(),
    rdBefore: real('rd_before').notNull(),
    after: real('after').notNull(),
    rdAfter: real('rd_after').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.playerId] }), index('rating_changes_player').on(t.playerId, t.at)],
);

export type PlayerRatingRow = typeof playerRatings.$inferSelect;
export type RatingChangeRow = typeof ratingChanges.$inferSelect;
