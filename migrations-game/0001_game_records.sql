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
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `deliveries_game` ON `deliveries` (`game_id`,`id`);--> statement-breakpoint
CREATE TABLE `inbound_mail` (
	`game_id` text NOT NULL,
	`side` text NOT NULL,
	`message_id` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `side`, `message_id`)
);
--> statement-breakpoint
CREATE TABLE `invitations` (
	`game_id` text NOT NULL,
	`side` text NOT NULL,
	`token` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `side`)
);
--> statement-breakpoint
ALTER TABLE `games` ADD `last_call_ply` integer;