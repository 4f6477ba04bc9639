CREATE TABLE `demand_files` (
	`demand_id` integer NOT NULL,
	`file_id` integer NOT NULL,
	PRIMARY KEY(`demand_id`, `file_id`)
);
--> statement-breakpoint
CREATE INDEX `demand_files_file_idx` ON `demand_files` (`file_id`);--> statement-breakpoint
CREATE TABLE `demand_industries` (
	`demand_id` integer NOT NULL,
	`industry_id` integer NOT NULL,
	PRIMARY KEY(`demand_id`, `industry_id`)
);
--> statement-breakpoint
CREATE INDEX `demand_industries_industry_idx` ON `demand_industries` (`industry_id`);--> statement-breakpoint
CREATE TABLE `demand_options` (
	`demand_id` integer NOT NULL,
	`option_id` integer NOT NULL,
	PRIMARY KEY(`demand_id`, `option_id`)
);
--> statement-breakpoint
CREATE INDEX `demand_options_option_idx` ON `demand_options` (`option_id`);--> statement-breakpoint
CREATE TABLE `demand_sub_options` (
	`demand_id` integer NOT NULL,
	`option_id` integer NOT NULL,
	PRIMARY KEY(`demand_id`, `option_id`)
);
--> statement-breakpoint
CREATE TABLE `demands` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`service_type_id` integer NOT NULL,
	`duration_id` integer,
	`budget` integer NOT NULL,
	`expert_type` text NOT NULL,
	`need_team` integer DEFAULT false NOT NULL,
	`execution_period` text NOT NULL,
	`status` text DEFAULT 'moderation' NOT NULL,
	`reject_reason` text,
	`search_started_at` text,
	`search_finish` text,
	`is_paid` integer DEFAULT false NOT NULL,
	`deleted_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `demands_user_status_idx` ON `demands` (`user_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `demands_status_finish_idx` ON `demands` (`status`,`search_finish`);--> statement-breakpoint
-- The pages cache while data_version is unchanged (decision 0021): every write to the request tables moves it.
CREATE TRIGGER `data_version_demands_ins` AFTER INSERT ON `demands` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_demands_upd` AFTER UPDATE ON `demands` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_demands_del` AFTER DELETE ON `demands` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_demand_industries_ins` AFTER INSERT ON `demand_industries` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_demand_industries_upd` AFTER UPDATE ON `demand_industries` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_demand_industries_del` AFTER DELETE ON `demand_industries` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_demand_options_ins` AFTER INSERT ON `demand_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_demand_options_upd` AFTER UPDATE ON `demand_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_demand_options_del` AFTER DELETE ON `demand_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_demand_sub_options_ins` AFTER INSERT ON `demand_sub_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_demand_sub_options_upd` AFTER UPDATE ON `demand_sub_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_demand_sub_options_del` AFTER DELETE ON `demand_sub_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_demand_files_ins` AFTER INSERT ON `demand_files` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_demand_files_upd` AFTER UPDATE ON `demand_files` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_demand_files_del` AFTER DELETE ON `demand_files` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
