CREATE TABLE `client_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `client_events_name_idx` ON `client_events` (`name`);--> statement-breakpoint
CREATE TABLE `client_storage` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `contact_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`user_id` integer,
	`status` text DEFAULT 'new' NOT NULL,
	`ip` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_requests_status_idx` ON `contact_requests` (`status`);--> statement-breakpoint
CREATE TABLE `landing_competence_cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`icon_name` text NOT NULL,
	`name` text NOT NULL,
	`name_en` text NOT NULL,
	`chips` text NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `landing_expert_cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`audience` text NOT NULL,
	`expert_name` text NOT NULL,
	`expert_name_en` text NOT NULL,
	`expert_position` text NOT NULL,
	`expert_position_en` text NOT NULL,
	`description` text NOT NULL,
	`description_en` text NOT NULL,
	`photo` text NOT NULL,
	`chips` text NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `landing_task_cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`audience` text NOT NULL,
	`task` text NOT NULL,
	`task_en` text NOT NULL,
	`solution` text NOT NULL,
	`solution_en` text NOT NULL,
	`name` text NOT NULL,
	`name_en` text NOT NULL,
	`description` text NOT NULL,
	`description_en` text NOT NULL,
	`period` text NOT NULL,
	`period_en` text NOT NULL,
	`payment` text NOT NULL,
	`payment_en` text NOT NULL,
	`photo` text NOT NULL,
	`chips` text NOT NULL,
	`position` integer NOT NULL
);
