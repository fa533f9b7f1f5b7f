// D1's tables: players, keys, challenges, notifications and the games' directory (each game's own
// records live in its Durable Object: src/db/game-schema.ts). This file is the single source:
// `npm run db:generate` turns changes here into SQL migrations under migrations/.
import { sql } from 'drizzle-orm';
import { COLORS } from '../engine/types.ts';
import { directoryColumns } from './game-columns.ts';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** A column holding a game's id: the row goes when the game does. */
function gameRef(name: string) {
  return text(name).references(() => games.id, { onDelete: 'cascade' });
}

/** A column holding a player's id: the row goes when the player does. */
function playerRef(name: string) {
  return text(name).references(() => players.id, { onDelete: 'cascade' });
}

/** When the side to move has used its reminder share of the turn (epoch ms), in SQL. */
export const REMIND_AT = `deadline - days_per_move * 864000 * (100 - CASE side_to_move WHEN 'white' THEN white_reminder_percent ELSE black_reminder_percent END)`;

/** Active timed games whose turn has had no reminder yet. A query must repeat these very
 * terms for SQLite to use the partial index built on them. (An active timed game has a deadline
 * except while paused, when it is left out.) */
export const REMINDER_PENDING = `status = 'active' AND days_per_move IS NOT NULL AND (reminder_ply IS NULL OR reminder_ply < ply)`;

export const games = sqliteTable(
  'games',
  {
    ...directoryColumns(),
    /** The player (players.id) on each side, when the game was created or accepted with a player key. */
    whitePlayerId: text('white_player_id').references(() => players.id),
    blackPlayerId: text('black_player_id').references(() => players.id),
  },
  (t) => [
    index('games_status_deadline').on(t.status, t.deadline),
    index('games_white_player').on(t.whitePlayerId, t.status),
    index('games_black_player').on(t.blackPlayerId, t.status),
    // The cron's two sweeps read only what is due, through these indexes, never every game.
    // Timeouts: active games of one timeout mode by deadline.
    index('games_sweep_timeout').on(t.status, t.timeoutMode, t.deadline),
    // Reminders: the moment the side to move reaches its reminder share, for the active
    // timed games whose turn has had no reminder yet (partial: the others are not in it).
    index('games_sweep_reminder').on(t.status, sql.raw(REMIND_AT)).where(sql.raw(REMINDER_PENDING)),
    // The sweep that finds computer replies gone missing.
    index('games_status_updated').on(t.status, t.updatedAt),
    // Pauses due to end.
    index('games_paused_until').on(t.status, t.pausedUntil),
  ],
);

/** A person (or bot) across games: no password, only keys. */
export const players = sqliteTable(
  'players',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    /** For sign-in links and notifications; never shown to anyone else. */
    email: text('email'),
    /** When the player opened the confirmation link mailed to `email`; null = not confirmed, and
     * then nothing but that link is mailed to it (issue 26). */
    emailConfirmedAt: integer('email_confirmed_at'),
    createdAt: integer('created_at').notNull(),
    /** The player's own webhook (challenges, game starts, their turns), signed with webhookSecret (whsec_..., kept in clear to sign). */
    webhook: text('webhook'),
    webhookSecret: text('webhook_secret'),
    /** Set when the receiver answered 410 Gone; setting the webhook again clears it. */
    webhookDisabledAt: integer('webhook_disabled_at'),
  },
  (t) => [index('players_email').on(t.email)],
);

/** A player's keys (one from sign-up, one per browser signed in, one per new key asked for): only SHA-256 hashes. */
export const playerKeys = sqliteTable(
  'player_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    playerId: playerRef('player_id').notNull(),
    createdAt: integer('created_at').notNull(),
    /** A key made for one browser's cookie and never shown (a sign-in link, the /me key form): signing
     * out there ends it. Other keys (shown once: a bot's, one written down) only end when the player ends them. */
    browser: integer('browser', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('player_keys_player').on(t.playerId)],
);

/** The hashes of keys that ended (signed out, or replaced by new ones): one sending such a key is told it ended, not that it never was a key (tester 18 Y6). */
export const endedKeys = sqliteTable('ended_keys', {
  keyHash: text('key_hash').primaryKey(),
  playerId: playerRef('player_id').notNull(),
  endedAt: integer('ended_at').notNull(),
});

/** Emailed sign-in links: one use, short expiry, only the hash stored. */
export const signInLinks = sqliteTable('sign_in_links', {
  tokenHash: text('token_hash').primaryKey(),
  playerId: playerRef('player_id').notNull(),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
});

/** Emailed links that confirm a player's address: one use, only the hash stored, for the address they were sent to. */
export const emailConfirmations = sqliteTable('email_confirmations', {
  tokenHash: text('token_hash').primaryKey(),
  playerId: playerRef('player_id').notNull(),
  email: text('email').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

/** Counters of limited actions per target and time window (mail sent to one address per hour):
 * what the ratelimits binding cannot do, as its periods are 10 or 60 seconds (docs/http.md). */
export const rateCounts = sqliteTable(
  'rate_counts',
  {
    key: text('key').notNull(),
    /** The window's start (epoch ms). */
    window: integer('window').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.window] })],
);

/** An offer of a game: open to anyone, or sent to one player. */
export const challenges = sqliteTable(
  'challenges',
  {
    id: text('id').primaryKey(),
    creatorId: playerRef('creator_id').notNull(),
    /** The one player it is for; null = open to anyone. */
    toPlayerId: playerRef('to_player_id'),
    variant: text('variant').notNull(),
    options: text('options').notNull().default('{}'),
    daysPerMove: integer('days_per_move'),
    timeoutMode: text('timeout_mode', { enum: ['auto', 'claim'] })
      .notNull()
      .default('auto'),
    /** Leave days each player of the game gets. */
    leaveDays: integer('leave_days').notNull().default(0),
    /** The creator's colour. */
    color: text('color', { enum: ['white', 'black', 'random'] }).notNull(),
    status: text('status', { enum: ['open', 'accepted', 'withdrawn', 'declined'] })
      .notNull()
      .default('open'),
    /** Set when accepted: the game it became (unique, so one challenge makes at most one game). */
    gameId: text('game_id').unique(),
    /** The finished game this is a rematch of. */
    rematchOf: text('rematch_of'),
    /** Whether the game it becomes is rated (default yes; `"rated": false` asks for a casual game). */
    rated: integer('rated', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [
    index('challenges_open').on(t.status, t.createdAt),
    index('challenges_to').on(t.toPlayerId, t.status),
    // A finished game's rematch offers, and the rematch game once one is accepted.
    index('challenges_rematch').on(t.rematchOf),
  ],
);

/**
 * Web Push subscriptions (the browser's PushSubscription): either a player's (all their games and
 * challenges) or one seat's (a game's side, from a seat link without a key). `owner` names which
 * ("player:<id>" or "seat:<game>:<side>") so one endpoint is stored once per owner.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    owner: text('owner').notNull(),
    playerId: playerRef('player_id'),
    gameId: gameRef('game_id'),
    side: text('side', { enum: COLORS }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (base64url, 65-byte uncompressed point) and 16-byte auth secret. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: integer('created_at').notNull(),
    /** A player's subscription: the hash of the key that made it, so it ends with that key (a leaked key's
     * subscription does not outlive it). Null for a seat's, and for a player's made before keys were noted. */
    keyHash: text('key_hash').references(() => playerKeys.keyHash, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_owner_endpoint').on(t.owner, t.endpoint),
    index('push_subscriptions_player').on(t.playerId),
    index('push_subscriptions_game').on(t.gameId, t.side),
  ],
);

/** A player's own notification choices (JSON, src/notify/recipients.ts); a seat's own choices win over them. */
export const playerNotify = sqliteTable('player_notify', {
  playerId: playerRef('player_id').primaryKey(),
  settings: text('settings').notNull(),
});

/**
 * Emails waiting for a digest, one row per address: the games that had news, and when the one
 * email goes (the first news of a quiet spell + the chosen interval). The cron sends due ones.
 */
export const emailDigests = sqliteTable(
  'email_digests',
  {
    address: text('address').primaryKey(),
    /** JSON list of game ids with news since the last digest, oldest first. */
    games: text('games').notNull(),
    dueAt: integer('due_at').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('email_digests_due').on(t.dueAt)],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A game's row in the directory: the summary of its row in its object (GameRow, src/db/game-schema.ts). */
export type DirectoryRow = typeof games.$inferSelect;
export type PlayerRow = typeof players.$inferSelect;
export type ChallengeRow = typeof challenges.$inferSelect;
export type { ConditionalRow, DeliveryRow, GameRow, MessageRow, MoveRow, NewGameRow, TakebackRow } from './game-schema.ts';
