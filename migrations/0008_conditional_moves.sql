CREATE TABLE `conditional_moves` (
	`game_id` text NOT NULL,
	`side` text NOT NULL,
	`ply` integer NOT NULL,
	`position` text NOT NULL,
	`lines` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `side`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
