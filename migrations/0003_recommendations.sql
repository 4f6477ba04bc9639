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