import { api } from "./api";

export type OutboxMail = { id: number; to: string; subject: string; html: string; text: string; created_at: string };

/** The local outbox (GET /dev/mail.json, newest first), only the mails sent to `to`. */
export async function mailsTo(to: string): Promise<OutboxMail[]> {
  const res = await api<OutboxMail[]>("/dev/mail.json");
  if (res.status !== 200) throw new Error(`outbox answered ${res.status}`);
  return res.body.filter((m) => m.to === to);
}

export async function lastMailTo(to: string): Promise<OutboxMail> {
  const [mail] = await mailsTo(to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The verification link's token, as a person would copy it from the mail text. */
export function verifyTokenFrom(mail: OutboxMail): string {
  const m = /\/email\/verify\?token=([^\s"&<]+)/.exec(mail.text);
  if (!m) throw new Error(`no verification link in: ${mail.text}`);
  return decodeURIComponent(m[1]!);
}

/**
 * Confirms `email` through the link of its latest verification mail, as its owner would, in the account's
 * session (`session`: its token; decision 0055: the link confirms only there); fails if it cannot.
 */
export async function verifyByMail(email: string, session: string): Promise<void> {
  const mail = (await mailsTo(email)).find((m) => /\/email\/verify\?token=/.test(m.text));
  if (!mail) throw new Error(`no verification mail to ${email}`);
  const res = await api("/api/email/verify", { json: { token: verifyTokenFrom(mail) }, token: session });
  if (res.status !== 200) throw new Error(`verification answered ${res.status}: ${res.text}`);
}

/** The token of the latest verification link mailed to `email`. */
export async function verificationTokenTo(email: string): Promise<string> {
  const mail = (await mailsTo(email)).find((m) => /\/email\/verify\?token=/.test(m.text));
  if (!mail) throw new Error(`no verification mail to ${email}`);
  return verifyTokenFrom(mail);
}

/** The 6-digit access code of a password-reset mail. */
export function resetCodeFrom(mail: OutboxMail): string {
  const m = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!m) throw new Error(`no 6-digit code in: ${mail.text}`);
  return m[1]!;
}

/**
 * Mails sent after the response (ctx.waitUntil, e.g. the password-reset code) reach the outbox a moment
 * later: polls until `to` has at least `n` of them (newest first), and fails if they never come.
 */
export async function waitForMails(to: string, n = 1): Promise<OutboxMail[]> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const mails = await mailsTo(to);
    if (mails.length >= n) return mails;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`fewer than ${n} mails to ${to} arrived`);
}
