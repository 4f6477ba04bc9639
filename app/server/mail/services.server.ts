import type { TFunction } from "i18next";
import type { MailMessage } from "./mailer.server";

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The layout of app/server/mail/templates.server.ts: a heading, paragraphs, a button, and the text part. */
function layout(t: TFunction, to: string, subject: string, paragraphs: string[], action: { label: string; url: string }): MailMessage {
  const brand = t("brand.name");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1d1d1f;background:#f5f6f8;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-weight:700;font-size:18px;margin:0 0 24px">${escapeHtml(brand)}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(subject)}</h1>
${paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#3b5bdb;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#666">${escapeHtml(action.url)}</p>
<p style="font-size:13px;color:#666;margin-top:32px">${escapeHtml(t("mail.footer"))}</p>
</div></body></html>`;
  const text = [brand, "", subject, "", ...paragraphs, "", `${action.label}: ${action.url}`, "", t("mail.footer")].join("\n");
  return { to, subject, html, text };
}

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
  /** To a new employee: the registration link (spec 3 §3 'Invite user'). */
  employeeInvite(t: TFunction, to: string, m: { name: string; inviter: string; url: string }) {
    return layout(t, to, t("mail.invite.subject"), [t("mail.greeting", { name: m.name }), t("service.mail.inviteBody", { inviter: m.inviter }), t("mail.invite.hint")], {
      label: t("mail.invite.action"),
      url: m.url,
    });
  },
};
