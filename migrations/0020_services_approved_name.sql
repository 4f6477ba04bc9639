ALTER TABLE `services` ADD `approved_name` text;--> statement-breakpoint
-- What others read of a service until now was its live name, and an active or hidden one's name is the last
-- one its status let others see: it starts as the approved name.
UPDATE `services` SET `approved_name` = `name` WHERE `status` IN ('active', 'not_active');
