CREATE TABLE `player_ratings` (
	`player_id` text NOT NULL,
	`variant` text NOT NULL,
	`rating` real NOT NULL,
	`rd` real NOT NULL,
	`volatility` real NOT NULL,
	`games` integer NOT NULL,
	`wins` integer NOT NULL,
	`draws` integer NOT NULL,
	`losses` integer NOT NULL,
	`rated_at` integer NOT NULL,
	PRIMARY KEY(`player_id`, `variant`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `player_ratings_board` ON `player_ratings` (`variant`,`rating`);--> statement-breakpoint
CREATE TABLE `rating_changes` (
	`game_id` text NOT NULL,
	`player_id` text NOT NULL,
	`variant` text NOT NULL,
	`score` real NOT NULL,
	`before` real NOT NULL,
	`rd_before` real NOT NULL,
	`after` real NOT NULL,
	`rd_after` real NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `player_id`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rating_changes_player` ON `rating_changes` (`player_id`,`at`);--> statement-breakpoint
CREATE TABLE `tournament_games` (
	`tournament_id` text NOT NULL,
	`round` integer NOT NULL,
	`board` integer NOT NULL,
	`white_id` text NOT NULL,
	`black_id` text,
	`game_id` text,
	`result` text,
	PRIMARY KEY(`tournament_id`, `round`, `board`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tournament_games_game_id_unique` ON `tournament_games` (`game_id`);--> statement-breakpoint
CREATE TABLE `tournament_players` (
	`tournament_id` text NOT NULL,
	`player_id` text NOT NULL,
	`seed_rating` integer,
	`joined_at` integer NOT NULL,
	`withdrawn_at` integer,
	PRIMARY KEY(`tournament_id`, `player_id`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tournament_players_player` ON `tournament_players` (`player_id`);--> statement-breakpoint
CREATE TABLE `tournaments` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`variant` text NOT NULL,
	`options` text DEFAULT '{}' NOT NULL,
	`days_per_move` integer NOT NULL,
	`timeout_mode` text DEFAULT 'auto' NOT NULL,
	`leave_days` integer DEFAULT 0 NOT NULL,
	`format` text NOT NULL,
	`double` integer DEFAULT false NOT NULL,
	`rounds` integer,
	`max_players` integer NOT NULL,
	`rated` integer DEFAULT true NOT NULL,
	`creator_id` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`starts_at` integer,
	`round` integer DEFAULT 0 NOT NULL,
	`winner_id` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`creator_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tournaments_status` ON `tournaments` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `tournaments_starts` ON `tournaments` (`status`,`starts_at`);--> statement-breakpoint
ALTER TABLE `challenges` ADD `rated` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `rated` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `ratings` text;--> statement-breakpoint
ALTER TABLE `games` ADD `tournament_id` text;