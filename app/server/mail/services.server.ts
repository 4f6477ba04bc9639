import type { TFunction } from "i18next";
import type { MailMessage } from "./mailer.server";
import { mailLayout } from "./templates.server";

/** The common layout (templates.server.ts) with one button. */
const layout = (t: TFunction, to: string, subject: string, paragraphs: string[], action: { label: string; url: string }): MailMessage =>
  mailLayout(t, to, subject, { paragraphs, action });

/** The services' e-mails (spec 3 §4, README 'Document 3 details'), in the addressee's language. */
export const serviceMails = {
  /** To the owner: a team member refused (or left) the service. */
  memberRefused(t: TFunction, to: string, m: { owner: string; member: string; service: string; url: string }) {
    return layout(t, to, t("service.mail.refusedSubject"), [t("mail.greeting", { name: m.owner }), t("service.mail.refusedBody", { member: m.member, service: m.service })], {
      label: t("service.mail.action"),
      url: m.url,
    });
  },
  /** To the owner: the operator rejected the service, with the reason. */
  rejected(t: TFunction, to: string, m: { owner: string; service: string; reason: string; url: string }) {
    return layout(
      t,
      to,
      t("service.mail.rejectedSubject"),
      [t("mail.greeting", { name: m.owner }), t("service.mail.rejectedBody", { service: m.service, reason: m.reason }), t("service.mail.rejectedHint")],
      { label: t("service.mail.action"), url: m.url },
    );
  },
  /** To a new employee of a service's team or of a response's: the registration link (spec 3 §3 'Invite user'). */
  employeeInvite(t: TFunction, to: string, m: { name: string; inviter: string; url: string; to_team_of?: "service" | "respond" }) {
    const body = m.to_team_of === "respond" ? "responds.mail.teamInviteBody" : "service.mail.inviteBody";
    return layout(t, to, t("mail.invite.subject"), [t("mail.greeting", { name: m.name }), t(body, { inviter: m.inviter }), t("mail.invite.hint")], {
      label: t("mail.invite.action"),
      url: m.url,
    });
  },
};
