import type { TFunction } from "i18next";
import type { MailMessage } from "./mailer.server";
import { mailLayout } from "./templates.server";

/**
 * The e-mails of request management (spec README "E-mail": the operator's notices, the expert's notice of
 * being chosen or not), each built in its recipient's language.
 */
export const projectMails = {
  /** To every operator: a customer asks for the contract (the `payments` queue). */
  paymentRequested(t: TFunction, to: string, m: { name: string; demand: string; demandId: number; customer: string; customerEmail: string; url: string }): MailMessage {
    return mailLayout(t, to, t("projects.mail.paymentRequestedSubject", { demand: m.demand }), {
      paragraphs: [t("mail.greeting", { name: m.name }), t("projects.mail.paymentRequestedBody", { demand: m.demand, id: m.demandId, customer: m.customer, email: m.customerEmail }), t("projects.mail.paymentRequestedHint")],
      action: { label: t("projects.mail.paymentRequestedAction"), url: m.url },
    });
  },
  /** To the customer: the operator marked the contract signed. */
  paid(t: TFunction, to: string, m: { name: string; demand: string; url: string }): MailMessage {
    return mailLayout(t, to, t("projects.mail.paidSubject"), {
      paragraphs: [t("mail.greeting", { name: m.name }), t("projects.mail.paidBody", { demand: m.demand })],
      action: { label: t("projects.mail.paidAction"), url: m.url },
    });
  },
  /** To the customer: the operator turned the contract request down, with the reason; he may ask again. */
  paymentRejected(t: TFunction, to: string, m: { name: string; demand: string; reason: string; url: string }): MailMessage {
    return mailLayout(t, to, t("projects.mail.paymentRejectedSubject", { demand: m.demand }), {
      paragraphs: [t("mail.greeting", { name: m.name }), t("projects.mail.paymentRejectedBody", { demand: m.demand }), t("projects.mail.paymentRejectedReason", { reason: m.reason }), t("projects.mail.paymentRejectedHint")],
      action: { label: t("projects.mail.paidAction"), url: m.url },
    });
  },
  /** To an expert the customer chose. */
  chosen(t: TFunction, to: string, m: { name: string; demand: string; url: string }): MailMessage {
    return mailLayout(t, to, t("projects.mail.chosenSubject"), {
      paragraphs: [t("mail.greeting", { name: m.name }), t("projects.mail.chosenBody", { demand: m.demand }), t("projects.mail.chosenHint")],
      action: { label: t("projects.mail.action"), url: m.url },
    });
  },
  /** To an expert whose response was not chosen ('Выбран другой исполнитель'). */
  notChosen(t: TFunction, to: string, m: { name: string; demand: string; url: string }): MailMessage {
    return mailLayout(t, to, t("projects.mail.notChosenSubject"), {
      paragraphs: [t("mail.greeting", { name: m.name }), t("projects.mail.notChosenBody", { demand: m.demand }), t("projects.mail.notChosenHint")],
      action: { label: t("projects.mail.action"), url: m.url },
    });
  },
};
