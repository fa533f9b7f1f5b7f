CREATE TABLE `takebacks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` text NOT NULL,
	`side` text NOT NULL,
	`from_ply` integer NOT NULL,
	`to_ply` integer NOT NULL,
	`turns` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `takebacks_game` ON `takebacks` (`game_id`,`id`);--> statement-breakpoint
ALTER TABLE `games` ADD `takeback_offer_by` text;