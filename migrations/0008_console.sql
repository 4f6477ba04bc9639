ALTER TABLE `council_applications` ADD `reject_reason` text;--> statement-breakpoint
ALTER TABLE `companies` ADD `created_at` text;--> statement-breakpoint
ALTER TABLE `companies` ADD `decided_by` integer;--> statement-breakpoint
ALTER TABLE `companies` ADD `decided_at` text;--> statement-breakpoint
ALTER TABLE `companies` ADD `reject_reason` text;--> statement-breakpoint
CREATE INDEX `companies_queue_idx` ON `companies` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `companies_queue_title_idx` ON `companies` (`status`,`name`);--> statement-breakpoint
ALTER TABLE `expertises` ADD `created_at` text;--> statement-breakpoint
ALTER TABLE `expertises` ADD `decided_by` integer;--> statement-breakpoint
ALTER TABLE `expertises` ADD `decided_at` text;--> statement-breakpoint
ALTER TABLE `expertises` ADD `reject_reason` text;--> statement-breakpoint
CREATE INDEX `expertises_queue_idx` ON `expertises` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `expertises_queue_title_idx` ON `expertises` (`status`,`name`);--> statement-breakpoint
ALTER TABLE `options` ADD `created_at` text;--> statement-breakpoint
ALTER TABLE `options` ADD `decided_by` integer;--> statement-breakpoint
ALTER TABLE `options` ADD `decided_at` text;--> statement-breakpoint
ALTER TABLE `options` ADD `reject_reason` text;--> statement-breakpoint
CREATE INDEX `options_queue_idx` ON `options` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `options_queue_title_idx` ON `options` (`status`,`name`);--> statement-breakpoint
CREATE INDEX `user_expertises_expertise_idx` ON `user_expertises` (`expertise_id`);--> statement-breakpoint
CREATE INDEX `workareas_option_idx` ON `workareas` (`option_id`);--> statement-breakpoint
CREATE INDEX `works_company_idx` ON `works` (`company_id`);--> statement-breakpoint
-- The age of a proposal in the operators' queue (issue 15): stamped on insert by the database, whichever
-- code inserts it (SQLite cannot add a column with a non-constant default). Older rows get the migration's time.
UPDATE `companies` SET `created_at` = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `created_at` IS NULL;
--> statement-breakpoint
UPDATE `options` SET `created_at` = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `created_at` IS NULL;
--> statement-breakpoint
UPDATE `expertises` SET `created_at` = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `created_at` IS NULL;
--> statement-breakpoint
CREATE TRIGGER `companies_created_at` AFTER INSERT ON `companies` WHEN NEW.`created_at` IS NULL BEGIN UPDATE `companies` SET `created_at` = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `id` = NEW.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `options_created_at` AFTER INSERT ON `options` WHEN NEW.`created_at` IS NULL BEGIN UPDATE `options` SET `created_at` = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `id` = NEW.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `expertises_created_at` AFTER INSERT ON `expertises` WHEN NEW.`created_at` IS NULL BEGIN UPDATE `expertises` SET `created_at` = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `id` = NEW.`id`; END;
