CREATE TABLE `ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rated_user_id` integer NOT NULL,
	`type` text NOT NULL,
	`subject_key` text NOT NULL,
	`industry_id` integer,
	`option_id` integer,
	`expertise_id` integer,
	`service_id` integer,
	`work_role_id` integer,
	`company_id` integer,
	`rater_key` text NOT NULL,
	`rater_user_id` integer,
	`rater_email` text,
	`rating` integer NOT NULL,
	`comment` text,
	`rate_request_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ratings_user_subject_rater_unique` ON `ratings` (`rated_user_id`,`subject_key`,`rater_key`);--> statement-breakpoint
CREATE INDEX `ratings_rated_user_idx` ON `ratings` (`rated_user_id`,`type`);