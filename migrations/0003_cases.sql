CREATE TABLE `case_attachments` (
	`case_id` integer NOT NULL,
	`file_id` integer NOT NULL,
	PRIMARY KEY(`case_id`, `file_id`)
);
--> statement-breakpoint
CREATE INDEX `case_attachments_file_idx` ON `case_attachments` (`file_id`);--> statement-breakpoint
CREATE TABLE `cases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`task` text NOT NULL,
	`solution` text NOT NULL,
	`results` text NOT NULL,
	`links` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cases_user_idx` ON `cases` (`user_id`);--> statement-breakpoint
CREATE TABLE `publications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`link` text,
	`file_id` integer,
	`description` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `publications_user_idx` ON `publications` (`user_id`);--> statement-breakpoint
CREATE TABLE `resume_states` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`choice` integer,
	`processed` integer,
	`file_id` integer,
	`proposal` text,
	`processed_at` text,
	`confirmed_at` text,
	`acknowledged_at` text
);
--> statement-breakpoint
CREATE TABLE `user_expertises_cases_placeholder` (
	`user_id` integer NOT NULL,
	`expertise_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `expertise_id`)
);
