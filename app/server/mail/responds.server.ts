import type { TFunction } from "i18next";
import type { MailMessage } from "./mailer.server";
import { mailLayout } from "./templates.server";

/** The mails of responses (spec README "E-mail", "Responses"), each in its recipient's language. */
export const respondMails = {
  /** The customer: a response to his request is there to see (sent, or approved by an operator). */
  newRespond(t: TFunction, to: string, m: { name: string; demand: string; expert: string; url: string }) {
    return mailLayout(t, to, t("responds.mail.newSubject"), { paragraphs: [t("mail.greeting", { name: m.name }), t("responds.mail.newBody", { demand: m.demand, expert: m.expert })], action: { label: t("responds.mail.newAction"), url: m.url } });
  },
  /** The expert: an operator rejected the response, with the reason. */
  rejected(t: TFunction, to: string, m: { name: string; demand: string; reason: string; url: string }): MailMessage {
    return mailLayout(t, to, t("responds.mail.rejectedSubject"), {
      paragraphs: [t("mail.greeting", { name: m.name }), t("responds.mail.rejectedBody", { demand: m.demand }), t("responds.mail.reason", { reason: m.reason })],
      action: { label: t("responds.mail.rejectedAction"), url: m.url },
    });
  },
};
