-- An address's owner may ask for no more mail from Subspace at all (src/db/schema-addresses.ts,
-- blocked_at; the unsubscribe page). Added, nullable: no address is blocked until its owner asks.
ALTER TABLE `mail_addresses` ADD `blocked_at` integer;