-- Issue 28: the rest of what belongs to one game moves into its Durable Object: the delivery log,
-- reply-to-play mail ids and the opponent's invitation link (src/db/game-schema.ts). D1 keeps
-- them under legacy_ names until each game's object has copied its own (on its next touch, or by
-- `npm run migrate:games`). The last call's mark becomes a column of the game's row, as the
-- reminder's is, so the directory row says it too.
ALTER TABLE `games` ADD `last_call_ply` integer;--> statement-breakpoint
UPDATE `games` SET `last_call_ply` = (SELECT `ply` FROM `last_calls` WHERE `last_calls`.`game_id` = `games`.`id`);--> statement-breakpoint
DROP TABLE `last_calls`;--> statement-breakpoint
ALTER TABLE `deliveries` RENAME TO `legacy_deliveries`;--> statement-breakpoint
ALTER TABLE `inbound_mail` RENAME TO `legacy_inbound_mail`;--> statement-breakpoint
ALTER TABLE `invitations` RENAME TO `legacy_invitations`;
