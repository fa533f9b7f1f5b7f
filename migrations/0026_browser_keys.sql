-- Which player keys were made for one browser's cookie (a sign-in link, the /me key form) and never
-- shown: "Sign out on this device" ends such a key. Added, false for every key already there: a
-- cookie set before this holds a key that may be a bot's or one written down, so signing out there
-- only forgets it, as before.
ALTER TABLE `player_keys` ADD `browser` integer DEFAULT false NOT NULL;
