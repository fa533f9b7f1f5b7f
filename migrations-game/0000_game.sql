CREATE TABLE `conditional_moves` (
	`game_id` text NOT NULL,
	`side` text NOT NULL,
	`ply` integer NOT NULL,
	`position` text NOT NULL,
	`lines` text NOT NULL,
	`updated_at` integer NOT NULL,
	`outcome` text,
	PRIMARY KEY(`game_id`, `side`)
);
--> statement-breakpoint
CREATE TABLE `game_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` text NOT NULL,
	`side` text NOT NULL,
	`ply` integer NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `game_messages_game` ON `game_messages` (`game_id`,`id`);--> statement-breakpoint
CREATE INDEX `game_messages_side` ON `game_messages` (`game_id`,`side`,`created_at`);--> statement-breakpoint
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
	`white_computer` integer,
	`black_computer` integer,
	`hints` integer DEFAULT false NOT NULL,
	`days_per_move` integer,
	`deadline` integer,
	`timeout_mode` text DEFAULT 'auto' NOT NULL,
	`draw_offer_by` text,
	`takeback_offer_by` text,
	`pause_offer_by` text,
	`pause_offer_days` integer,
	`paused_until` integer,
	`paused_by` text,
	`pause_left_ms` integer,
	`leave_days` integer DEFAULT 0 NOT NULL,
	`white_leave_left` integer DEFAULT 0 NOT NULL,
	`black_leave_left` integer DEFAULT 0 NOT NULL,
	`white_webhook_secret` text,
	`black_webhook_secret` text,
	`white_webhook_disabled_at` integer,
	`black_webhook_disabled_at` integer,
	`white_notify` text,
	`black_notify` text,
	`white_reminder_percent` integer DEFAULT 80 NOT NULL,
	`black_reminder_percent` integer DEFAULT 80 NOT NULL,
	`reminder_ply` integer,
	`link_origin` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	`white_player_id` text,
	`black_player_id` text,
	`white_shows_messages` integer DEFAULT false NOT NULL,
	`black_shows_messages` integer DEFAULT false NOT NULL,
	`rated` integer DEFAULT false NOT NULL,
	`ratings` text,
	`tournament_id` text,
	`push_subscribed` integer DEFAULT false NOT NULL,
	`revision` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `moves` (
	`game_id` text NOT NULL,
	`ply` integer NOT NULL,
	`side` text NOT NULL,
	`text` text NOT NULL,
	`position_after` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`game_id`, `ply`)
);
--> statement-breakpoint
CREATE INDEX `moves_game_position` ON `moves` (`game_id`,`position_after`);--> statement-breakpoint
CREATE TABLE `takebacks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` text NOT NULL,
	`side` text NOT NULL,
	`from_ply` integer NOT NULL,
	`to_ply` integer NOT NULL,
	`turns` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `takebacks_game` ON `takebacks` (`game_id`,`id`);