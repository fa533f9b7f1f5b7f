-- The hashes of player keys that ended (signed out on a device, or ended by "sign out everywhere
-- else" or a new key): a request with one is told the key ended, not that it is no player key.
-- Keys that ended before this are not here.
CREATE TABLE `ended_keys` (
	`key_hash` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`ended_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
