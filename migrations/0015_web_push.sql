CREATE TABLE `email_digests` (
	`address` text PRIMARY KEY NOT NULL,
	`games` text NOT NULL,
	`due_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_digests_due` ON `email_digests` (`due_at`);--> statement-breakpoint
CREATE TABLE `last_calls` (
	`game_id` text PRIMARY KEY NOT NULL,
	`ply` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `player_notify` (
	`player_id` text PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner` text NOT NULL,
	`player_id` text,
	`game_id` text,
	`side` text,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_owner_endpoint` ON `push_subscriptions` (`owner`,`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_player` ON `push_subscriptions` (`player_id`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_game` ON `push_subscriptions` (`game_id`,`side`);