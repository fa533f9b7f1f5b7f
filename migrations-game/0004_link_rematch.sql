ALTER TABLE `games` ADD `rematch_offer_by` text;--> statement-breakpoint
ALTER TABLE `games` ADD `rematch_game_id` text;