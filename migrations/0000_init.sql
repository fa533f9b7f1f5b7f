CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`variant` text NOT NULL,
	`options` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`result` text DEFAULT '*' NOT NULL,
	`reason` text,
	`start_position` text NOT NULL,
	`position` text NOT NULL,
	`ply` integer DEFAULT 0 NOT NULL,
	`side_to_move` text NOT NULL,
	`white_name` text,
	`white_email` text,
	`white_webhook` text,
	`white_token_hash` text NOT NULL,
	`black_name` text,
	`black_email` text,
	`black_webhook` text,
	`black_token_hash` text NOT NULL,
	`days_per_move` integer,
	`deadline` integer,
	`timeout_mode` text DEFAULT 'auto' NOT NULL,
	`draw_offer_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `games_status_deadline` ON `games` (`status`,`deadline`);--> statement-breakpoint
CREATE TABLE `moves` (
	`game_id` text NOT NULL,
	`ply` integer NOT NULL,
	`side` text NOT NULL,
	`text` text NOT NULL,
	`position_after` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`game_id`, `ply`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `moves_game_position` ON `moves` (`game_id`,`position_after`);