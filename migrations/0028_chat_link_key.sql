-- drizzle-kit writes an added column's REFERENCES without its ON DELETE; the snapshot has them, and SQLite takes them here.
ALTER TABLE `chat_link_codes` ADD `key_hash` text REFERENCES player_keys(key_hash) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `chat_links` ADD `key_hash` text REFERENCES player_keys(key_hash) ON DELETE set null;
