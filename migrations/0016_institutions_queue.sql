ALTER TABLE `institutions` ADD `created_at` text;--> statement-breakpoint
ALTER TABLE `institutions` ADD `decided_by` integer;--> statement-breakpoint
ALTER TABLE `institutions` ADD `decided_at` text;--> statement-breakpoint
ALTER TABLE `institutions` ADD `reject_reason` text;--> statement-breakpoint
CREATE INDEX `institutions_queue_idx` ON `institutions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `institutions_queue_title_idx` ON `institutions` (`status`,`name`);--> statement-breakpoint
UPDATE `institutions` SET `created_at` = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `created_at` IS NULL;--> statement-breakpoint
CREATE TRIGGER `institutions_created_at` AFTER INSERT ON `institutions` WHEN NEW.`created_at` IS NULL BEGIN UPDATE `institutions` SET `created_at` = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `id` = NEW.`id`; END;
