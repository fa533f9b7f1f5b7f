CREATE TABLE `analyses` (
	`game_id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`positions` integer NOT NULL,
	`evaluated` integer NOT NULL,
	`requested_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `analysis_plies` (
	`game_id` text NOT NULL,
	`ply` integer NOT NULL,
	`cp` integer,
	`mate` integer,
	`over` text,
	`best` text,
	`depth` integer NOT NULL,
	`nodes` integer NOT NULL,
	`judgement` text,
	PRIMARY KEY(`game_id`, `ply`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `game_notes` (
	`game_id` text NOT NULL,
	`side` text NOT NULL,
	`variations` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `side`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
