ALTER TABLE `audit_log` ADD `impersonator_user_id` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;