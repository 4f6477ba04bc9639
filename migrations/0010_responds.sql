CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_key_unique` ON `uploads` (`key`);--> statement-breakpoint
CREATE INDEX `uploads_user_idx` ON `uploads` (`user_id`);--> statement-breakpoint
CREATE INDEX `uploads_created_idx` ON `uploads` (`created_at`);--> statement-breakpoint
CREATE TABLE `respond_cases` (
	`respond_id` integer NOT NULL,
	`case_id` integer NOT NULL,
	PRIMARY KEY(`respond_id`, `case_id`)
);
--> statement-breakpoint
CREATE TABLE `respond_companies` (
	`respond_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	PRIMARY KEY(`respond_id`, `company_id`)
);
--> statement-breakpoint
CREATE TABLE `respond_expertises` (
	`respond_id` integer NOT NULL,
	`expertise_id` integer NOT NULL,
	PRIMARY KEY(`respond_id`, `expertise_id`)
);
--> statement-breakpoint
CREATE TABLE `respond_files` (
	`respond_id` integer NOT NULL,
	`file_id` integer NOT NULL,
	PRIMARY KEY(`respond_id`, `file_id`)
);
--> statement-breakpoint
CREATE INDEX `respond_files_file_idx` ON `respond_files` (`file_id`);--> statement-breakpoint
CREATE TABLE `respond_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`respond_id` integer NOT NULL,
	`type` text NOT NULL,
	`user_id` integer,
	`invite_id` integer
);
--> statement-breakpoint
CREATE INDEX `respond_members_respond_idx` ON `respond_members` (`respond_id`);--> statement-breakpoint
CREATE INDEX `respond_members_user_idx` ON `respond_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `respond_options` (
	`respond_id` integer NOT NULL,
	`option_id` integer NOT NULL,
	PRIMARY KEY(`respond_id`, `option_id`)
);
--> statement-breakpoint
CREATE TABLE `respond_services` (
	`respond_id` integer NOT NULL,
	`service_id` integer NOT NULL,
	PRIMARY KEY(`respond_id`, `service_id`)
);
--> statement-breakpoint
CREATE INDEX `respond_services_service_idx` ON `respond_services` (`service_id`);--> statement-breakpoint
CREATE TABLE `responds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`demand_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`is_new` integer DEFAULT false NOT NULL,
	`invited_at` text,
	`responded_at` text,
	`salary` integer,
	`tax_id` integer,
	`description` text,
	`viewed_at` text,
	`is_favorite` integer DEFAULT false NOT NULL,
	`reject_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `responds_demand_user_unique` ON `responds` (`demand_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `responds_user_status_idx` ON `responds` (`user_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `responds_demand_status_idx` ON `responds` (`demand_id`,`status`);--> statement-breakpoint
CREATE INDEX `responds_status_idx` ON `responds` (`status`,`id`);--> statement-breakpoint
ALTER TABLE `demands` ADD `payment_requested_at` text;--> statement-breakpoint
ALTER TABLE `demands` ADD `paid_at` text;--> statement-breakpoint
ALTER TABLE `demands` ADD `started_at` text;--> statement-breakpoint
ALTER TABLE `demands` ADD `completed_at` text;--> statement-breakpoint
ALTER TABLE `work_roles` ADD `is_top` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `ratings` ADD `demand_id` integer;--> statement-breakpoint
ALTER TABLE `ratings` ADD `respond_id` integer;--> statement-breakpoint
CREATE INDEX `ratings_demand_idx` ON `ratings` (`demand_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `blocked_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `blocked_reason` text;--> statement-breakpoint
CREATE INDEX `user_industries_industry_idx` ON `user_industries` (`industry_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `user_options_option_idx` ON `user_options` (`option_id`,`user_id`);--> statement-breakpoint
CREATE TRIGGER `data_version_responds_ins` AFTER INSERT ON `responds` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_responds_upd` AFTER UPDATE ON `responds` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_responds_del` AFTER DELETE ON `responds` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_cases_ins` AFTER INSERT ON `respond_cases` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_cases_upd` AFTER UPDATE ON `respond_cases` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_cases_del` AFTER DELETE ON `respond_cases` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_expertises_ins` AFTER INSERT ON `respond_expertises` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_expertises_upd` AFTER UPDATE ON `respond_expertises` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_expertises_del` AFTER DELETE ON `respond_expertises` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_options_ins` AFTER INSERT ON `respond_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_options_upd` AFTER UPDATE ON `respond_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_options_del` AFTER DELETE ON `respond_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_services_ins` AFTER INSERT ON `respond_services` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_services_upd` AFTER UPDATE ON `respond_services` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_services_del` AFTER DELETE ON `respond_services` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_members_ins` AFTER INSERT ON `respond_members` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_members_upd` AFTER UPDATE ON `respond_members` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_members_del` AFTER DELETE ON `respond_members` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_companies_ins` AFTER INSERT ON `respond_companies` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_companies_upd` AFTER UPDATE ON `respond_companies` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_companies_del` AFTER DELETE ON `respond_companies` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_files_ins` AFTER INSERT ON `respond_files` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_files_upd` AFTER UPDATE ON `respond_files` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `data_version_respond_files_del` AFTER DELETE ON `respond_files` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
-- Databases seeded before this migration: the top-management roles of db/seed/reference-data.ts.
UPDATE `work_roles` SET `is_top` = 1 WHERE `id` IN (1, 3, 4, 5, 6, 7, 8, 13, 14);
