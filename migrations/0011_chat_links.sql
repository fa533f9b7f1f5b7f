CREATE TABLE `chat_link_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`platform` text NOT NULL,
	`external_id` text,
	`label` text,
	`player_id` text,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `chat_links` (
	`platform` text NOT NULL,
	`external_id` text NOT NULL,
	`player_id` text NOT NULL,
	`label` text,
	`notify` integer DEFAULT true NOT NULL,
	`current_game` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`platform`, `external_id`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_links_player` ON `chat_links` (`player_id`);--> statement-breakpoint
CREATE TABLE `chat_updates` (
	`platform` text NOT NULL,
	`update_id` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`platform`, `update_id`)
);
--> statement-breakpoint
CREATE INDEX `chat_updates_at` ON `chat_updates` (`at`);