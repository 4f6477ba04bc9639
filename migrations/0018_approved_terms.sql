ALTER TABLE `demands` ADD `approved_name` text;--> statement-breakpoint
ALTER TABLE `demands` ADD `approved_budget` integer;--> statement-breakpoint
ALTER TABLE `demands` ADD `approved_service_type_id` integer;