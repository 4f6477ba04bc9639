-- One account of each provider per user (decision 0057). A sign-in by a confirmed address could link a
-- second account of the same provider before: the earliest link of each stays.
DELETE FROM `social_accounts` WHERE EXISTS (SELECT 1 FROM `social_accounts` `s` WHERE `s`.`user_id` = `social_accounts`.`user_id` AND `s`.`provider` = `social_accounts`.`provider` AND (`s`.`created_at` < `social_accounts`.`created_at` OR (`s`.`created_at` = `social_accounts`.`created_at` AND `s`.`provider_user_id` < `social_accounts`.`provider_user_id`)));--> statement-breakpoint
DROP INDEX `social_accounts_user_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `social_accounts_user_provider_uq` ON `social_accounts` (`user_id`,`provider`);
