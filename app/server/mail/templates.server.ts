import type { TFunction } from "i18next";
import type { MailMessage } from "./mailer.server";

/** Text as HTML: every e-mail escapes what users typed (names, titles) before it reaches the markup. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * One layout for every e-mail: a heading, paragraphs (line breaks kept), an optional code and button, and
 * the same as plain text. Every area's mails (services, requests, decisions) compose theirs with it.
 */
export function mailLayout(t: TFunction, to: string, subject: string, parts: { paragraphs: string[]; action?: { label: string; url: string }; code?: string }): MailMessage {
  const brand = t("brand.name");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1d1d1f;background:#f5f6f8;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-weight:700;font-size:18px;margin:0 0 24px">${escapeHtml(brand)}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(subject)}</h1>
${parts.paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;white-space:pre-line">${escapeHtml(p)}</p>`).join("\n")}
${parts.code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:24px 0">${escapeHtml(parts.code)}</p>` : ""}
${parts.action ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#3b5bdb;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p><p style="font-size:13px;color:#666">${escapeHtml(parts.action.url)}</p>` : ""}
<p style="font-size:13px;color:#666;margin-top:32px">${escapeHtml(t("mail.footer"))}</p>
</div></body></html>`;
  const text = [brand, "", subject, "", ...parts.paragraphs, ...(parts.code ? ["", parts.code] : []), ...(parts.action ? ["", `${parts.action.label}: ${parts.action.url}`] : []), "", t("mail.footer")].join("\n");
  return { to, subject, html, text };
}

export const mailTemplates = {
  verifyEmail(t: TFunction, to: string, name: string, url: string) {
    return mailLayout(t, to, t("mail.verify.subject"), {
      paragraphs: [t("mail.greeting", { name }), t("mail.verify.body"), t("mail.verify.expires")],
      action: { label: t("mail.verify.action"), url },
    });
  },
  resetCode(t: TFunction, to: string, code: string) {
    return mailLayout(t, to, t("mail.reset.subject"), {
      paragraphs: [t("mail.reset.body"), t("mail.reset.expires")],
      code,
    });
  },
  passwordChanged(t: TFunction, to: string, name: string) {
    return mailLayout(t, to, t("mail.passwordChanged.subject"), { paragraphs: [t("mail.greeting", { name }), t("mail.passwordChanged.body")] });
  },
  /** To the OLD address when the account's e-mail changes (issue 10): the owner learns of a takeover. */
  emailChanged(t: TFunction, to: string, name: string, newEmail: string) {
    return mailLayout(t, to, t("mail.emailChanged.subject"), { paragraphs: [t("mail.greeting", { name }), t("mail.emailChanged.body", { email: newEmail })] });
  },
  contactRequest(t: TFunction, to: string, r: { name: string; phone: string; url: string }) {
    return mailLayout(t, to, t("mail.contact.subject"), {
      paragraphs: [t("mail.contact.body", { name: r.name, phone: r.phone })],
      action: { label: t("mail.contact.action"), url: r.url },
    });
  },
  invitation(t: TFunction, to: string, r: { name: string; inviter: string; company: string | null; url: string }) {
    return mailLayout(t, to, t("mail.invite.subject"), {
      paragraphs: [t("mail.greeting", { name: r.name }), r.company ? t("mail.invite.bodyCompany", { inviter: r.inviter, company: r.company }) : t("mail.invite.body", { inviter: r.inviter }), t("mail.invite.hint")],
      action: { label: t("mail.invite.action"), url: r.url },
    });
  },
  welcome(t: TFunction, to: string, name: string, url: string) {
    return mailLayout(t, to, t("mail.welcome.subject"), {
      paragraphs: [t("mail.greeting", { name }), t("mail.welcome.body")],
      action: { label: t("mail.welcome.action"), url },
    });
  },
  /** The resume was read: the proposal waits on the profile page (spec 2 §4 step 3, app/domain/cases). */
  resumeProcessed(t: TFunction, to: string, name: string, url: string) {
    return mailLayout(t, to, t("cases.mail.subject"), {
      paragraphs: [t("mail.greeting", { name }), t("cases.mail.body"), t("cases.mail.confirm")],
      action: { label: t("cases.mail.action"), url },
    });
  },
  /** An operator decided on what the user proposed or applied for (issue 15): the decision and its reason. */
  moderationDecision(
    t: TFunction,
    to: string,
    m: { name: string; subject: string; decision: "approve" | "reject" | "merge"; reason?: string | null; mergedInto?: string | null; note?: string | null; texts?: "proposal" | "council"; url: string },
  ) {
    const texts = m.texts === "council" ? "admin.mail.council" : "admin.mail";
    const paragraphs = [t("mail.greeting", { name: m.name }), t(`${texts}.body_${m.decision}`, { subject: m.subject, target: m.mergedInto ?? "" })];
    if (m.decision === "reject" && m.reason) paragraphs.push(t("admin.mail.reason", { reason: m.reason }));
    if (m.note) paragraphs.push(t(m.note));
    return mailLayout(t, to, t(`${texts}.subject_${m.decision}`), { paragraphs, action: { label: t("admin.mail.action"), url: m.url } });
  },
};
