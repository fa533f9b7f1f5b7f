ALTER TABLE `games` ADD `white_computer` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `black_computer` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `hints` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `games_status_updated` ON `games` (`status`,`updated_at`);