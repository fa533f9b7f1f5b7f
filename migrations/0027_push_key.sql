-- drizzle-kit writes an added column's REFERENCES without its ON DELETE; the snapshot has it (cascade), and SQLite takes it here.
ALTER TABLE `push_subscriptions` ADD `key_hash` text REFERENCES player_keys(key_hash) ON DELETE cascade;
