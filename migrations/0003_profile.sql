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
