// The chat bots' tables (Discord, Telegram): which Discord user or Telegram chat acts for which
// player, the one-time codes that tie them, and the updates already handled (platforms retry).
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { playerKeys, players } from './schema.ts';

export const CHAT_PLATFORMS = ['discord', 'telegram'] as const;
export type ChatPlatform = (typeof CHAT_PLATFORMS)[number];
/** Where a handled update came from: a chat platform, or Slack (its signed slash commands, each acted on once). */
export const UPDATE_SOURCES = [...CHAT_PLATFORMS, 'slack'] as const;
export type UpdateSource = (typeof UPDATE_SOURCES)[number];

/** A Discord user or a Telegram chat tied to a player: commands from it act as that player. */
export const chatLinks = sqliteTable(
  'chat_links',
  {
    platform: text('platform', { enum: CHAT_PLATFORMS }).notNull(),
    /** Discord: the user's snowflake id; Telegram: the chat id. */
    externalId: text('external_id').notNull(),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The name the platform gave (shown on /me), never used to decide anything. */
    label: text('label'),
    /** Turn notifications to this chat or user: the player's choice on /me. */
    notify: integer('notify', { mode: 'boolean' }).notNull().default(true),
    /** The game a bare turn goes to (the last one played or shown here). */
    currentGame: text('current_game'),
    createdAt: integer('created_at').notNull(),
    /** The hash of the player key that tied it (the /me cookie's). Ending the other keys ("Sign out everywhere
     * else", a new key) unlinks the chats they tied; a key signed out on its own device leaves its chats (null here). */
    keyHash: text('key_hash').references(() => playerKeys.keyHash, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.platform, t.externalId] }), index('chat_links_player').on(t.playerId)],
);

/**
 * One-time codes that tie a chat to a player, only their SHA-256 hash stored. Discord: made by
 * `/subspace link` for a user (externalId set), confirmed on /me by the signed-in player.
 * Telegram: made on /me for a player (playerId set), used by `/start <code>` in a chat.
 */
export const chatLinkCodes = sqliteTable('chat_link_codes', {
  codeHash: text('code_hash').primaryKey(),
  platform: text('platform', { enum: CHAT_PLATFORMS }).notNull(),
  externalId: text('external_id'),
  label: text('label'),
  playerId: text('player_id').references(() => players.id, { onDelete: 'cascade' }),
  expiresAt: integer('expires_at').notNull(),
  /** Telegram: the hash of the player key that asked for the code; the code ends with that key. */
  keyHash: text('key_hash').references(() => playerKeys.keyHash, { onDelete: 'cascade' }),
});

/** Updates and interactions already handled: a retried or replayed one changes nothing. */
export const chatUpdates = sqliteTable(
  'chat_updates',
  {
    platform: text('platform', { enum: UPDATE_SOURCES }).notNull(),
    updateId: text('update_id').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.updateId] }), index('chat_updates_at').on(t.at)],
);

export type ChatLinkRow = typeof chatLinks.$inferSelect;
