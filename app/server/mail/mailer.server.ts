import { Resend } from "resend";
import type { Db } from "../../../db/client";
import { mailOutbox } from "../../../db/schema/platform";
import type { AppEnv } from "../env.server";

export type MailMessage = { to: string; subject: string; html: string; text: string };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export class MailError extends Error {}

/** Development and tests: every e-mail is kept in D1 and shown at /dev/mail. */
export function createOutboxMailer(db: Db): Mailer {
  return {
    async send(message) {
      await db.insert(mailOutbox).values(message);
    },
  };
}

/** Production: Resend. `RESEND_BASE_URL` lets the tests point it at a local stand-in. */
export function createResendMailer(env: AppEnv): Mailer {
  if (!env.RESEND_API_KEY) throw new MailError("RESEND_API_KEY is not set");
  const client = new Resend(env.RESEND_API_KEY, env.RESEND_BASE_URL ? { baseUrl: env.RESEND_BASE_URL } : undefined);
  return {
    async send(message) {
      const { error } = await client.emails.send({ from: env.MAIL_FROM, ...message });
      if (error) throw new MailError(`Resend refused the message: ${error.message}`);
    },
  };
}

export function createMailer(env: AppEnv, db: Db): Mailer {
  return env.MAIL_DRIVER === "resend" ? createResendMailer(env) : createOutboxMailer(db);
}
