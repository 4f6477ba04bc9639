ALTER TABLE `services` ADD `approved_name` text;--> statement-breakpoint
-- An active service's name is the last one its status let others see: it starts as the approved name. So does
-- a hidden one's that an operator approved (hiding keeps the name; one hidden while waiting or after a
-- rejection has no approval row). Any other row has none: others see a dash until an operator approves it.
UPDATE `services` SET `approved_name` = `name` WHERE `status` = 'active'
  OR (`status` = 'not_active' AND EXISTS (SELECT 1 FROM `audit_log` a WHERE a.`action` = 'service.approved' AND a.`target_type` = 'service' AND a.`target_id` = CAST(`services`.`id` AS TEXT)));
