-- Issue 28: D1's games table becomes the directory's summary of each game (src/db/game-columns.ts,
-- DIRECTORY_COLUMNS): no seat's token hash, webhook or secret, no offers, leave or start position;
-- the game's object holds its whole row. The games not yet copied into their objects keep their
-- whole rows in legacy_games (written by hand: drizzle-kit knows no CREATE TABLE ... AS) until
-- their objects copy them; the migrate run that finds nothing left drops it with the other
-- legacy_ tables.
CREATE TABLE `legacy_games` AS SELECT * FROM `games` WHERE `revision` = 0;--> statement-breakpoint
CREATE UNIQUE INDEX `legacy_games_id` ON `legacy_games` (`id`);--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `start_position`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `white_webhook`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `white_token_hash`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `black_webhook`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `black_token_hash`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `hints`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `draw_offer_by`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `takeback_offer_by`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `pause_offer_by`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `pause_offer_days`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `paused_by`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `pause_left_ms`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `leave_days`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `white_leave_left`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `black_leave_left`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `white_webhook_secret`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `black_webhook_secret`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `white_webhook_disabled_at`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `black_webhook_disabled_at`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `white_notify`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `black_notify`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `white_shows_messages`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `black_shows_messages`;