ALTER TABLE `social_accounts` ADD `proven` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A link of an account that is verified now is its proven owner's (decision 0054): kept when the address is
-- later changed and reclaimed. Links of an account never proven stay 0, as they go when the address is reclaimed.
UPDATE `social_accounts` SET `proven` = 1 WHERE `user_id` IN (SELECT `id` FROM `users` WHERE `email_verified_at` IS NOT NULL);
