CREATE TABLE `data_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);

-- Every write to the data the pages show moves data_version on, in the same statement (decision 0021).
-- Left out, with the reason, in app/server/page-cache.server.ts (UNVERSIONED_TABLES); a test checks the list.
--> statement-breakpoint
INSERT INTO `data_version` (`id`, `version`) VALUES (1, 1);
--> statement-breakpoint
CREATE TRIGGER `data_version_case_attachments_ins` AFTER INSERT ON `case_attachments` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_case_attachments_upd` AFTER UPDATE ON `case_attachments` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_case_attachments_del` AFTER DELETE ON `case_attachments` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_cases_ins` AFTER INSERT ON `cases` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_cases_upd` AFTER UPDATE ON `cases` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_cases_del` AFTER DELETE ON `cases` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_communities_ins` AFTER INSERT ON `communities` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_communities_upd` AFTER UPDATE ON `communities` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_communities_del` AFTER DELETE ON `communities` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_companies_ins` AFTER INSERT ON `companies` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_companies_upd` AFTER UPDATE ON `companies` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_companies_del` AFTER DELETE ON `companies` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_confirmation_files_ins` AFTER INSERT ON `confirmation_files` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_confirmation_files_upd` AFTER UPDATE ON `confirmation_files` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_confirmation_files_del` AFTER DELETE ON `confirmation_files` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_contact_requests_ins` AFTER INSERT ON `contact_requests` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_contact_requests_upd` AFTER UPDATE ON `contact_requests` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_contact_requests_del` AFTER DELETE ON `contact_requests` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_council_applications_ins` AFTER INSERT ON `council_applications` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_council_applications_upd` AFTER UPDATE ON `council_applications` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_council_applications_del` AFTER DELETE ON `council_applications` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_durations_ins` AFTER INSERT ON `durations` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_durations_upd` AFTER UPDATE ON `durations` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_durations_del` AFTER DELETE ON `durations` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_expertise_confirmations_ins` AFTER INSERT ON `expertise_confirmations` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_expertise_confirmations_upd` AFTER UPDATE ON `expertise_confirmations` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_expertise_confirmations_del` AFTER DELETE ON `expertise_confirmations` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_expertises_ins` AFTER INSERT ON `expertises` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_expertises_upd` AFTER UPDATE ON `expertises` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_expertises_del` AFTER DELETE ON `expertises` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_faq_groups_ins` AFTER INSERT ON `faq_groups` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_faq_groups_upd` AFTER UPDATE ON `faq_groups` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_faq_groups_del` AFTER DELETE ON `faq_groups` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_faq_questions_ins` AFTER INSERT ON `faq_questions` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_faq_questions_upd` AFTER UPDATE ON `faq_questions` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_faq_questions_del` AFTER DELETE ON `faq_questions` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_files_ins` AFTER INSERT ON `files` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_files_upd` AFTER UPDATE ON `files` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_files_del` AFTER DELETE ON `files` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_industries_ins` AFTER INSERT ON `industries` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_industries_upd` AFTER UPDATE ON `industries` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_industries_del` AFTER DELETE ON `industries` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_institutions_ins` AFTER INSERT ON `institutions` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_institutions_upd` AFTER UPDATE ON `institutions` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_institutions_del` AFTER DELETE ON `institutions` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_invites_ins` AFTER INSERT ON `invites` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_invites_upd` AFTER UPDATE ON `invites` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_invites_del` AFTER DELETE ON `invites` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_landing_competence_cards_ins` AFTER INSERT ON `landing_competence_cards` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_landing_competence_cards_upd` AFTER UPDATE ON `landing_competence_cards` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_landing_competence_cards_del` AFTER DELETE ON `landing_competence_cards` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_landing_expert_cards_ins` AFTER INSERT ON `landing_expert_cards` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_landing_expert_cards_upd` AFTER UPDATE ON `landing_expert_cards` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_landing_expert_cards_del` AFTER DELETE ON `landing_expert_cards` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_landing_task_cards_ins` AFTER INSERT ON `landing_task_cards` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_landing_task_cards_upd` AFTER UPDATE ON `landing_task_cards` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_landing_task_cards_del` AFTER DELETE ON `landing_task_cards` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_options_ins` AFTER INSERT ON `options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_options_upd` AFTER UPDATE ON `options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_options_del` AFTER DELETE ON `options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_publications_ins` AFTER INSERT ON `publications` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_publications_upd` AFTER UPDATE ON `publications` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_publications_del` AFTER DELETE ON `publications` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_rate_invitations_ins` AFTER INSERT ON `rate_invitations` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_rate_invitations_upd` AFTER UPDATE ON `rate_invitations` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_rate_invitations_del` AFTER DELETE ON `rate_invitations` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_rate_requests_ins` AFTER INSERT ON `rate_requests` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_rate_requests_upd` AFTER UPDATE ON `rate_requests` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_rate_requests_del` AFTER DELETE ON `rate_requests` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_ratings_ins` AFTER INSERT ON `ratings` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_ratings_upd` AFTER UPDATE ON `ratings` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_ratings_del` AFTER DELETE ON `ratings` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_resume_states_ins` AFTER INSERT ON `resume_states` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_resume_states_upd` AFTER UPDATE ON `resume_states` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_resume_states_del` AFTER DELETE ON `resume_states` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_types_ins` AFTER INSERT ON `service_types` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_types_upd` AFTER UPDATE ON `service_types` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_service_types_del` AFTER DELETE ON `service_types` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_settings_ins` AFTER INSERT ON `settings` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_settings_upd` AFTER UPDATE ON `settings` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_settings_del` AFTER DELETE ON `settings` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_social_accounts_ins` AFTER INSERT ON `social_accounts` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_social_accounts_upd` AFTER UPDATE ON `social_accounts` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_social_accounts_del` AFTER DELETE ON `social_accounts` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_taxes_ins` AFTER INSERT ON `taxes` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_taxes_upd` AFTER UPDATE ON `taxes` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_taxes_del` AFTER DELETE ON `taxes` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_tokens_ins` AFTER INSERT ON `tokens` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_tokens_upd` AFTER UPDATE ON `tokens` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_tokens_del` AFTER DELETE ON `tokens` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_expertises_ins` AFTER INSERT ON `user_expertises` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_expertises_upd` AFTER UPDATE ON `user_expertises` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_expertises_del` AFTER DELETE ON `user_expertises` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_industries_ins` AFTER INSERT ON `user_industries` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_industries_upd` AFTER UPDATE ON `user_industries` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_industries_del` AFTER DELETE ON `user_industries` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_industry_options_ins` AFTER INSERT ON `user_industry_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_industry_options_upd` AFTER UPDATE ON `user_industry_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_industry_options_del` AFTER DELETE ON `user_industry_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_institutions_ins` AFTER INSERT ON `user_institutions` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_institutions_upd` AFTER UPDATE ON `user_institutions` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_institutions_del` AFTER DELETE ON `user_institutions` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_options_ins` AFTER INSERT ON `user_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_options_upd` AFTER UPDATE ON `user_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_options_del` AFTER DELETE ON `user_options` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_roles_ins` AFTER INSERT ON `user_roles` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_roles_upd` AFTER UPDATE ON `user_roles` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_roles_del` AFTER DELETE ON `user_roles` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_socials_ins` AFTER INSERT ON `user_socials` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_socials_upd` AFTER UPDATE ON `user_socials` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_user_socials_del` AFTER DELETE ON `user_socials` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_users_ins` AFTER INSERT ON `users` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_users_upd` AFTER UPDATE ON `users` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_users_del` AFTER DELETE ON `users` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_work_roles_ins` AFTER INSERT ON `work_roles` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_work_roles_upd` AFTER UPDATE ON `work_roles` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_work_roles_del` AFTER DELETE ON `work_roles` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_work_types_ins` AFTER INSERT ON `work_types` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_work_types_upd` AFTER UPDATE ON `work_types` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_work_types_del` AFTER DELETE ON `work_types` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_workareas_ins` AFTER INSERT ON `workareas` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_workareas_upd` AFTER UPDATE ON `workareas` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_workareas_del` AFTER DELETE ON `workareas` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_works_ins` AFTER INSERT ON `works` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_works_upd` AFTER UPDATE ON `works` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `data_version_works_del` AFTER DELETE ON `works` BEGIN UPDATE `data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
