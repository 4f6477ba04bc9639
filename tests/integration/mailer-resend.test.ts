import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import i18next from "i18next";
import { i18nConfig } from "~/i18n";
import ru from "~/locales/ru";
import ruServer from "~/locales/ru.server";
import { withServerTexts } from "~/locales/with-server-texts";
import { createMailer, createResendMailer, MailError } from "~/server/mail/mailer.server";
import { mailTemplates } from "~/server/mail/templates.server";
import { createDb } from "../../db/client";
import { uniqueEmail } from "../helpers/factories";

// The mail templates with the real Russian copy (app/server/i18n.server.ts would also pull in Remix).
const i18n = i18next.createInstance();
await i18n.init({ ...i18nConfig, lng: "ru", resources: { ru: { translation: withServerTexts(ru, ruServer) } }, initImmediate: false });
const t = i18n.getFixedT("ru");

/** The production configuration, pointed at the Resend stand-in of the global setup. */
const resendEnv = (overrides: Record<string, unknown> = {}) => parseEnv({ ...env, MAIL_DRIVER: "resend", ...overrides } as Parameters<typeof parseEnv>[0]);

type Recorded = { id: string; from: string; to: string | string[]; subject: string; html: string; text: string; headers: Record<string, string> };

async function receivedBy(to: string): Promise<Recorded[]> {
  const res = await fetch(`${env.RESEND_BASE_URL}/_sent?to=${encodeURIComponent(to)}`);
  return res.json();
}

describe("the Resend mailer", () => {
  it("sends from MAIL_FROM with the subject, HTML and text parts, authenticated with the API key", async () => {
    const to = uniqueEmail("resend");
    const message = mailTemplates.verifyEmail(t, to, "Анна", "http://localhost/email/verify?token=abc");
    await createResendMailer(resendEnv()).send(message);

    const received = await receivedBy(to);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe(env.MAIL_FROM);
    expect([mail.to].flat()).toEqual([to]);
    expect(mail.subject).toBe("Подтвердите e-mail");
    expect(mail.html).toContain("http://localhost/email/verify?token=abc");
    expect(mail.text).toContain("Здравствуйте, Анна!");
    expect(mail.text).toContain("http://localhost/email/verify?token=abc");
    expect(mail.headers.authorization).toBe(`Bearer ${env.RESEND_API_KEY}`);
    expect(mail.headers["content-type"]).toContain("application/json");
  });

  it("is the mailer chosen when MAIL_DRIVER is resend", async () => {
    const to = uniqueEmail("driver");
    const mailer = createMailer(resendEnv(), createDb(env.DB));
    await mailer.send({ to, subject: "Проверка", html: "<p>Проверка</p>", text: "Проверка" });
    expect(await receivedBy(to)).toHaveLength(1);
    // Nothing went to the local outbox.
    const outbox = await env.DB.prepare("select count(*) as n from mail_outbox where \"to\" = ?").bind(to).first<{ n: number }>();
    expect(outbox!.n).toBe(0);
  });

  it("sends the mails of one act in one batch call, each to its own recipient", async () => {
    const people = [uniqueEmail("batch-a"), uniqueEmail("batch-b"), uniqueEmail("batch-c")];
    await createResendMailer(resendEnv()).sendMany(people.map((to) => ({ to, subject: `Для ${to}`, html: "<p>x</p>", text: "x" })));
    for (const to of people) {
      const received = (await receivedBy(to)) as (Recorded & { batch: boolean })[];
      expect(received).toHaveLength(1);
      expect(received[0]!.subject).toBe(`Для ${to}`);
      expect(received[0]!.batch).toBe(true);
    }
  });

  it("sends the others when Resend refuses one address of a batch, and says which was refused", async () => {
    const good = uniqueEmail("batch-good");
    const send = createResendMailer(resendEnv()).sendMany([
      { to: good, subject: "Проверка", html: "<p>x</p>", text: "x" },
      { to: "rejected@example.ru", subject: "Проверка", html: "<p>x</p>", text: "x" },
    ]);
    await expect(send).rejects.toBeInstanceOf(MailError);
    await expect(send).rejects.toThrow(/rejected@example\.ru: .*The email address is not allowed/);
    expect(await receivedBy(good)).toHaveLength(1);
  });

  it("surfaces a refusal (422 from Resend) as a MailError carrying Resend's message", async () => {
    const to = "rejected@example.ru";
    const send = createResendMailer(resendEnv()).send({ to, subject: "Проверка", html: "<p>x</p>", text: "x" });
    await expect(send).rejects.toBeInstanceOf(MailError);
    await expect(send).rejects.toThrow(/The email address is not allowed/);
    expect(await receivedBy(to)).toEqual([]);
  });

  it("surfaces a wrong API key (401) as a MailError", async () => {
    const to = uniqueEmail("badkey");
    const send = createResendMailer(resendEnv({ RESEND_API_KEY: "re_wrong" })).send({ to, subject: "Проверка", html: "<p>x</p>", text: "x" });
    await expect(send).rejects.toBeInstanceOf(MailError);
    await expect(send).rejects.toThrow(/API key is invalid/);
    expect(await receivedBy(to)).toEqual([]);
  });

  it("refuses to start without an API key", () => {
    expect(() => createResendMailer(resendEnv({ RESEND_API_KEY: undefined }))).toThrow(MailError);
  });
});
