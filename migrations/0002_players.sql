CREATE TABLE `challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`creator_id` text NOT NULL,
	`to_player_id` text,
	`variant` text NOT NULL,
	`options` text DEFAULT '{}' NOT NULL,
	`days_per_move` integer,
	`timeout_mode` text DEFAULT 'auto' NOT NULL,
	`color` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`game_id` text,
	`rematch_of` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `challenges_game_id_unique` ON `challenges` (`game_id`);--> statement-breakpoint
CREATE INDEX `challenges_open` ON `challenges` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `challenges_to` ON `challenges` (`to_player_id`,`status`);--> statement-breakpoint
CREATE TABLE `player_keys` (
	`key_hash` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `player_keys_player` ON `player_keys` (`player_id`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text,
	`email` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `players_email` ON `players` (`email`);--> statement-breakpoint
CREATE TABLE `sign_in_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `games` ADD `white_player_id` text REFERENCES players(id);--> statement-breakpoint
ALTER TABLE `games` ADD `black_player_id` text REFERENCES players(id);--> statement-breakpoint
CREATE INDEX `games_white_player` ON `games` (`white_player_id`,`status`);--> statement-breakpoint
CREATE INDEX `games_black_player` ON `games` (`black_player_id`,`status`);