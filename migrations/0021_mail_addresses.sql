CREATE TABLE `mail_addresses` (
	`email` text PRIMARY KEY NOT NULL,
	`confirmed_at` integer,
	`asked_at` integer
);
