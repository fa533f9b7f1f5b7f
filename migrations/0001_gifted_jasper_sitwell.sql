CREATE TABLE `deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` text NOT NULL,
	`side` text NOT NULL,
	`event` text NOT NULL,
	`channel` text NOT NULL,
	`message_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`status` text NOT NULL,
	`http_status` integer,
	`error` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `deliveries_game_side` ON `deliveries` (`game_id`,`side`,`id`);--> statement-breakpoint
CREATE INDEX `deliveries_message` ON `deliveries` (`message_id`);--> statement-breakpoint
ALTER TABLE `games` ADD `white_webhook_secret` text;--> statement-breakpoint
ALTER TABLE `games` ADD `black_webhook_secret` text;--> statement-breakpoint
ALTER TABLE `games` ADD `white_webhook_disabled_at` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `black_webhook_disabled_at` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `white_notify` text;--> statement-breakpoint
ALTER TABLE `games` ADD `black_notify` text;--> statement-breakpoint
ALTER TABLE `games` ADD `white_reminder_percent` integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `black_reminder_percent` integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `reminder_ply` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `link_origin` text;