import type { TFunction } from "i18next";
import type { MailMessage } from "./mailer.server";
import { mailLayout } from "./templates.server";

/** The invitation of an expert whose profile fits a request (spec README "Matching": invited experts get an e-mail). */
export const matchingMails = {
  invitation(t: TFunction, to: string, m: { name: string; demand: string; url: string }): MailMessage {
    return mailLayout(t, to, t("expertProjects.mail.inviteSubject"), {
      paragraphs: [t("mail.greeting", { name: m.name }), t("expertProjects.mail.inviteBody", { demand: m.demand }), t("expertProjects.mail.inviteHint")],
      action: { label: t("expertProjects.mail.inviteAction"), url: m.url },
    });
  },
};
