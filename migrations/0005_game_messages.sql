CREATE TABLE `game_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` text NOT NULL,
	`side` text NOT NULL,
	`ply` integer NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `game_messages_game` ON `game_messages` (`game_id`,`id`);--> statement-breakpoint
CREATE INDEX `game_messages_side` ON `game_messages` (`game_id`,`side`,`created_at`);--> statement-breakpoint
ALTER TABLE `games` ADD `white_shows_messages` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `black_shows_messages` integer DEFAULT false NOT NULL;