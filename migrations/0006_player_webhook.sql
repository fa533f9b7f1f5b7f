ALTER TABLE `players` ADD `webhook` text;--> statement-breakpoint
ALTER TABLE `players` ADD `webhook_secret` text;--> statement-breakpoint
ALTER TABLE `players` ADD `webhook_disabled_at` integer;