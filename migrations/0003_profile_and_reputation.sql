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
CREATE TABLE `confirmation_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`confirmation_id` integer NOT NULL,
	`file_id` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `confirmation_files_confirmation_idx` ON `confirmation_files` (`confirmation_id`);--> statement-breakpoint
CREATE TABLE `expertise_confirmations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`expertise_id` integer NOT NULL,
	`confirm_type` text NOT NULL,
	`user_institution_id` integer,
	`description` text,
	`link` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `expertise_confirmations_user_idx` ON `expertise_confirmations` (`user_id`,`expertise_id`);--> statement-breakpoint
CREATE TABLE `user_expertises` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`expertise_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_expertises_unique` ON `user_expertises` (`user_id`,`expertise_id`);--> statement-breakpoint
CREATE TABLE `user_institutions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`institution_id` integer NOT NULL,
	`study_finish` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `user_institutions_user_idx` ON `user_institutions` (`user_id`);--> statement-breakpoint
CREATE TABLE `workareas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`work_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`industry_id` integer NOT NULL,
	`option_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	`work_years` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `workareas_work_idx` ON `workareas` (`work_id`);--> statement-breakpoint
CREATE INDEX `workareas_user_idx` ON `workareas` (`user_id`);--> statement-breakpoint
CREATE TABLE `works` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`work_start` text NOT NULL,
	`work_finish` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `works_user_idx` ON `works` (`user_id`);--> statement-breakpoint
CREATE TABLE `council_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`industry_id` integer NOT NULL,
	`option_id` integer NOT NULL,
	`status` text DEFAULT 'moderation' NOT NULL,
	`decided_by` integer,
	`decided_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `council_applications_user_pair_unique` ON `council_applications` (`user_id`,`industry_id`,`option_id`);--> statement-breakpoint
CREATE INDEX `council_applications_status_idx` ON `council_applications` (`status`);--> statement-breakpoint
CREATE TABLE `user_industry_options` (
	`user_id` integer NOT NULL,
	`industry_id` integer NOT NULL,
	`option_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `industry_id`, `option_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_socials` (
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`link` text NOT NULL,
	PRIMARY KEY(`user_id`, `name`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `rate_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`rater_user_id` integer,
	`rater_email` text,
	`rater_name` text,
	`rater_last_name` text,
	`rater_patronymic` text,
	`is_viewed` integer DEFAULT false NOT NULL,
	`declined_at` text,
	`remind_available_at` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_invitations_user_idx` ON `rate_invitations` (`user_id`);--> statement-breakpoint
CREATE INDEX `rate_invitations_rater_idx` ON `rate_invitations` (`rater_user_id`);--> statement-breakpoint
CREATE INDEX `rate_invitations_email_idx` ON `rate_invitations` (`rater_email`);--> statement-breakpoint
CREATE TABLE `rate_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invitation_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`subject_key` text NOT NULL,
	`industry_id` integer,
	`option_id` integer,
	`expertise_id` integer,
	`service_id` integer,
	`work_role_id` integer,
	`company_id` integer,
	`status` text DEFAULT 'sent' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`invitation_id`) REFERENCES `rate_invitations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rate_requests_user_idx` ON `rate_requests` (`user_id`,`type`,`status`);--> statement-breakpoint
CREATE INDEX `rate_requests_invitation_idx` ON `rate_requests` (`invitation_id`);