CREATE TABLE `invitations` (
	`game_id` text NOT NULL,
	`side` text NOT NULL,
	`token` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `side`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
