-- The open offers in the games' directory (src/db/game-columns.ts, DIRECTORY_COLUMNS), so /me and
-- GET /api/me/games show the ones waiting for an answer. Added, nullable: a row not written since
-- reads as no offer until its game next changes.
ALTER TABLE `games` ADD `draw_offer_by` text;--> statement-breakpoint
ALTER TABLE `games` ADD `takeback_offer_by` text;--> statement-breakpoint
ALTER TABLE `games` ADD `pause_offer_by` text;--> statement-breakpoint
ALTER TABLE `games` ADD `pause_offer_days` integer;