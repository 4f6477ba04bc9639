CREATE TABLE `service_companies` (
	`service_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	PRIMARY KEY(`service_id`, `company_id`),
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `service_expertises` (
	`service_id` integer NOT NULL,
	`expertise_id` integer NOT NULL,
	PRIMARY KEY(`service_id`, `expertise_id`),
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `service_industries` (
	`service_id` integer NOT NULL,
	`industry_id` integer NOT NULL,
	PRIMARY KEY(`service_id`, `industry_id`),
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `service_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_id` integer NOT NULL,
	`type` text NOT NULL,
	`user_id` integer,
	`invite_id` integer,
	`need_approve` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `service_members_user_unique` ON `service_members` (`service_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `service_members_invite_unique` ON `service_members` (`service_id`,`invite_id`);--> statement-breakpoint
CREATE INDEX `service_members_user_idx` ON `service_members` (`user_id`);--> statement-breakpoint
CREATE INDEX `service_members_invite_idx` ON `service_members` (`invite_id`);--> statement-breakpoint
CREATE TABLE `service_options` (
	`service_id` integer NOT NULL,
	`option_id` integer NOT NULL,
	PRIMARY KEY(`service_id`, `option_id`),
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `service_specializations` (
	`service_id` integer NOT NULL,
	`industry_id` integer NOT NULL,
	`option_id` integer NOT NULL,
	PRIMARY KEY(`service_id`, `industry_id`, `option_id`),
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `services` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`format` text NOT NULL,
	`performer_type` text NOT NULL,
	`service_type_id` integer NOT NULL,
	`description` text NOT NULL,
	`maturity` text,
	`budget` integer,
	`income` integer,
	`hours` integer,
	`workload_format` text DEFAULT 'per_week' NOT NULL,
	`pay_format` text,
	`status` text DEFAULT 'moderation' NOT NULL,
	`reject_reason` text,
	`deleted_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `services_user_idx` ON `services` (`user_id`,`deleted_at`,`updated_at`);--> statement-breakpoint
CREATE INDEX `services_status_idx` ON `services` (`status`,`updated_at`);--> statement-breakpoint
ALTER TABLE `invites` ADD `kind` text DEFAULT 'expert' NOT NULL;--> statement-breakpoint
ALTER TABLE `invites` ADD `direction_years` integer;--> statement-breakpoint
ALTER TABLE `invites` ADD `projects` integer;--> statement-breakpoint
CREATE INDEX `ratings_service_idx` ON `ratings` (`service_id`);
-- Every write to the services' tables moves data_version on (decision 0021, migration 0004).
--> statement-breakpoint
CREATE TRIGGER `data_version_services_ins` AFTER INSERT ON `services` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_services_upd` AFTER UPDATE ON `services` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_services_del` AFTER DELETE ON `services` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_industries_ins` AFTER INSERT ON `service_industries` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_industries_upd` AFTER UPDATE ON `service_industries` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_industries_del` AFTER DELETE ON `service_industries` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_options_ins` AFTER INSERT ON `service_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_options_upd` AFTER UPDATE ON `service_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_options_del` AFTER DELETE ON `service_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_expertises_ins` AFTER INSERT ON `service_expertises` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_expertises_upd` AFTER UPDATE ON `service_expertises` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_expertises_del` AFTER DELETE ON `service_expertises` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_specializations_ins` AFTER INSERT ON `service_specializations` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_specializations_upd` AFTER UPDATE ON `service_specializations` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_specializations_del` AFTER DELETE ON `service_specializations` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_companies_ins` AFTER INSERT ON `service_companies` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_companies_upd` AFTER UPDATE ON `service_companies` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_companies_del` AFTER DELETE ON `service_companies` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_members_ins` AFTER INSERT ON `service_members` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_members_upd` AFTER UPDATE ON `service_members` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_members_del` AFTER DELETE ON `service_members` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
