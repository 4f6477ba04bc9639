ALTER TABLE `communities` ADD `institution_id` integer;--> statement-breakpoint
ALTER TABLE `communities` ADD `company_id` integer;--> statement-breakpoint
ALTER TABLE `communities` ADD `search_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `communities_tribe_idx` ON `communities` (`industry_id`,`option_id`);--> statement-breakpoint
CREATE INDEX `communities_option_idx` ON `communities` (`option_id`);--> statement-breakpoint
CREATE INDEX `communities_institution_idx` ON `communities` (`institution_id`);--> statement-breakpoint
CREATE INDEX `communities_company_idx` ON `communities` (`company_id`);--> statement-breakpoint
-- Rows written before search_text existed: searchable at once. SQLite's lower() folds ASCII letters only;
-- the seed and later edits write the full fold (app/domain/communities/search-text.ts).
UPDATE `communities` SET `search_text` = lower(`name`) || char(10) || lower(coalesce(`chat_name`, ''));
