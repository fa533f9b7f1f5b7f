-- Issue 28: each game's moves, takebacks, plans and messages live in its own Durable Object
-- (src/db/game-schema.ts). The old tables are kept under legacy_ names until `npm run
-- migrate:games` has copied every game into its object (the object also copies a game the first
-- time it is touched); D1 keeps the games table as the directory, with a revision so a late copy
-- of a game's row never overwrites a newer one.
ALTER TABLE `conditional_moves` RENAME TO `legacy_conditional_moves`;--> statement-breakpoint
ALTER TABLE `game_messages` RENAME TO `legacy_game_messages`;--> statement-breakpoint
ALTER TABLE `moves` RENAME TO `legacy_moves`;--> statement-breakpoint
ALTER TABLE `takebacks` RENAME TO `legacy_takebacks`;--> statement-breakpoint
ALTER TABLE `games` ADD `revision` integer DEFAULT 0 NOT NULL;
