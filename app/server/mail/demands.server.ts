import type { TFunction } from "i18next";
import type { MailMessage } from "./mailer.server";
import { mailLayout } from "./templates.server";

/** The common layout (templates.server.ts) with one button. */
const layout = (t: TFunction, to: string, subject: string, paragraphs: string[], action: { label: string; url: string }): MailMessage =>
  mailLayout(t, to, subject, { paragraphs, action });

/** The customer's notice of the operator's decision on a request (spec README "E-mail"), in the customer's language. */
export const demandMails = {
  approved(t: TFunction, to: string, m: { name: string; demand: string; url: string }) {
    return layout(t, to, t("demands.mail.approvedSubject"), [t("mail.greeting", { name: m.name }), t("demands.mail.approvedBody", { demand: m.demand })], {
      label: t("demands.mail.action"),
      url: m.url,
    });
  },
  rejected(t: TFunction, to: string, m: { name: string; demand: string; reason: string; url: string }) {
    return layout(t, to, t("demands.mail.rejectedSubject"), [t("mail.greeting", { name: m.name }), t("demands.mail.rejectedBody", { demand: m.demand }), t("demands.mail.reason", { reason: m.reason })], {
      label: t("demands.mail.action"),
      url: m.url,
    });
  },
};
