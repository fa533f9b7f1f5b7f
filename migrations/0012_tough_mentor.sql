CREATE TABLE `email_confirmations` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `inbound_mail` (
	`game_id` text NOT NULL,
	`side` text NOT NULL,
	`message_id` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `side`, `message_id`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `rate_counts` (
	`key` text NOT NULL,
	`window` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`key`, `window`)
);
--> statement-breakpoint
ALTER TABLE `players` ADD `email_confirmed_at` integer;