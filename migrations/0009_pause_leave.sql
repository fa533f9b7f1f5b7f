ALTER TABLE `challenges` ADD `leave_days` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `pause_offer_by` text;--> statement-breakpoint
ALTER TABLE `games` ADD `pause_offer_days` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `paused_until` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `paused_by` text;--> statement-breakpoint
ALTER TABLE `games` ADD `pause_left_ms` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `leave_days` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `white_leave_left` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `black_leave_left` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `games_paused_until` ON `games` (`status`,`paused_until`);