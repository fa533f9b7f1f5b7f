ALTER TABLE `games` ADD `push_subscribed` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit does not know triggers): games.push_subscribed is true while a push
-- subscription can hear about the game (its seat's, or a player's on either side), so a move reads
-- the subscriptions only for such a game (issue 29). First the games that have some already.
UPDATE `games` SET `push_subscribed` = 1 WHERE EXISTS (
	SELECT 1 FROM `push_subscriptions` s WHERE s.`game_id` = `games`.`id` OR s.`player_id` IN (`games`.`white_player_id`, `games`.`black_player_id`)
);
--> statement-breakpoint
-- A new subscription: its seat's game, or every game of its player.
CREATE TRIGGER `push_subscribed_on_subscribe` AFTER INSERT ON `push_subscriptions` BEGIN
	UPDATE `games` SET `push_subscribed` = 1
	WHERE `push_subscribed` = 0 AND (`id` = NEW.`game_id` OR `white_player_id` = NEW.`player_id` OR `black_player_id` = NEW.`player_id`);
END;
--> statement-breakpoint
-- A subscription gone (unsubscribed, 404/410 from the push service, its player or game deleted): those games look again.
CREATE TRIGGER `push_subscribed_on_unsubscribe` AFTER DELETE ON `push_subscriptions` BEGIN
	UPDATE `games` SET `push_subscribed` = EXISTS (
		SELECT 1 FROM `push_subscriptions` s WHERE s.`game_id` = `games`.`id` OR s.`player_id` IN (`games`.`white_player_id`, `games`.`black_player_id`)
	)
	WHERE `push_subscribed` = 1 AND (`id` = OLD.`game_id` OR `white_player_id` = OLD.`player_id` OR `black_player_id` = OLD.`player_id`);
END;
--> statement-breakpoint
-- A new game of a player who subscribed.
CREATE TRIGGER `push_subscribed_on_new_game` AFTER INSERT ON `games`
WHEN NEW.`white_player_id` IS NOT NULL OR NEW.`black_player_id` IS NOT NULL BEGIN
	UPDATE `games` SET `push_subscribed` = 1
	WHERE `id` = NEW.`id` AND EXISTS (SELECT 1 FROM `push_subscriptions` s WHERE s.`player_id` IN (NEW.`white_player_id`, NEW.`black_player_id`));
END;
--> statement-breakpoint
-- A seat taken by a player ("Add this game to my games", an accepted invitation) or left.
CREATE TRIGGER `push_subscribed_on_seat` AFTER UPDATE OF `white_player_id`, `black_player_id` ON `games`
WHEN NEW.`white_player_id` IS NOT OLD.`white_player_id` OR NEW.`black_player_id` IS NOT OLD.`black_player_id` BEGIN
	UPDATE `games` SET `push_subscribed` = EXISTS (
		SELECT 1 FROM `push_subscriptions` s WHERE s.`game_id` = NEW.`id` OR s.`player_id` IN (NEW.`white_player_id`, NEW.`black_player_id`)
	)
	WHERE `id` = NEW.`id`;
END;
