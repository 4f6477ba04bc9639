import type { TFunction } from "i18next";
import type { Lang } from "~/i18n";
import { getT } from "../texts.server";
import type { MailMessage } from "./mailer.server";
import { escapeHtml } from "./templates.server";

/** An item of a rating request: its title and, for a person without an account, its own /rate-user link. */
export type RateMailItem = { title: string; url: string | null };

/** One rating request (or its reminder) of one invitation: to whom, in the rater's language, and its links. */
export type RateMail = { kind: "request" | "reminder"; lang: Lang; to: string; asker: string; rater: string; items: RateMailItem[]; multiUrl: string | null };

const button = (label: string, url: string) =>
  `<a href="${escapeHtml(url)}" style="display:inline-block;background:#3b5bdb;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a>`;

/**
 * The rating request and its reminder (spec README "E-mail": recommendation and rating requests with
 * their link, a reminder), in the rater's language. The same layout as app/server/mail/templates.server.ts,
 * with one link per item when the rater has no account (docs/decisions/0016-recommendations.md).
 */
export const rateMails = {
  request(t: TFunction, to: string, m: { kind: "request" | "reminder"; asker: string; rater: string; items: RateMailItem[]; multiUrl: string | null }): MailMessage {
    const subject = m.kind === "reminder" ? t("recommend.mail.reminderSubject", { name: m.asker }) : t("recommend.mail.subject", { name: m.asker });
    const brand = t("brand.name");
    const intro = [t("mail.greeting", { name: m.rater }), m.kind === "reminder" ? t("recommend.mail.reminderBody", { name: m.asker }) : t("recommend.mail.body", { name: m.asker })];
    const action = t("recommend.mail.action");
    const itemsHtml = m.items
      .map((i) => `<li style="margin:0 0 12px;font-size:15px">${escapeHtml(i.title)}${i.url ? `<br><span style="display:inline-block;margin-top:8px">${button(action, i.url)}</span><br><span style="font-size:12px;color:#666">${escapeHtml(i.url)}</span>` : ""}</li>`)
      .join("\n");
    const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1d1d1f;background:#f5f6f8;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-weight:700;font-size:18px;margin:0 0 24px">${escapeHtml(brand)}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(subject)}</h1>
${intro.map((p) => `<p style="font-size:15px;line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
<ul style="padding-left:20px">${itemsHtml}</ul>
${m.multiUrl ? `<p style="margin:24px 0">${button(action, m.multiUrl)}</p><p style="font-size:13px;color:#666">${escapeHtml(m.multiUrl)}</p><p style="font-size:13px;color:#666">${escapeHtml(t("recommend.mail.signIn"))}</p>` : ""}
<p style="font-size:13px;color:#666">${escapeHtml(t("recommend.mail.lastCounts"))}</p>
<p style="font-size:13px;color:#666;margin-top:32px">${escapeHtml(t("mail.footer"))}</p>
</div></body></html>`;
    const text = [
      brand,
      "",
      subject,
      "",
      ...intro,
      "",
      ...m.items.flatMap((i) => (i.url ? [`— ${i.title}`, `  ${action}: ${i.url}`] : [`— ${i.title}`])),
      ...(m.multiUrl ? ["", `${action}: ${m.multiUrl}`, t("recommend.mail.signIn")] : []),
      "",
      t("recommend.mail.lastCounts"),
      "",
      t("mail.footer"),
    ].join("\n");
    return { to, subject, html, text };
  },
};

/** The messages of several invitations, each in its rater's language, for one `mailer.sendMany`. */
export const rateRequestMessages = (mails: readonly RateMail[]): MailMessage[] => mails.map((m) => rateMails.request(getT(m.lang), m.to, m));
