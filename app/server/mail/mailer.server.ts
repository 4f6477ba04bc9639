import { Resend } from "resend";
import type { Db } from "../../../db/client";
import { mailOutbox } from "../../../db/schema/platform";
import type { AppEnv } from "../env.server";

export type MailMessage = { to: string; subject: string; html: string; text: string };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Several messages of one act (e.g. the rating requests of one dialog) in one call: one D1 batch for
   * the outbox, one Resend batch request per 100 messages. Nothing is sent for an empty list.
   */
  sendMany(messages: readonly MailMessage[]): Promise<void>;
}

/** Resend takes at most this many messages in one batch request (resend.com/docs, "Batch sending"). */
export const RESEND_BATCH_MAX = 100;

/** The pause before a refused batch request is tried again (Resend's default limit: 2 requests a second). */
const RESEND_RETRY_MS = 1_000;

export class MailError extends Error {}

/** Development and tests: every e-mail is kept in D1 and shown at /dev/mail. */
export function createOutboxMailer(db: Db): Mailer {
  return {
    async send(message) {
      await db.insert(mailOutbox).values(message);
    },
    async sendMany(messages) {
      // One statement a row (a multi-row insert would pass D1's 100 bound parameters at 25 mails).
      const [first, ...rest] = messages.map((m) => db.insert(mailOutbox).values(m));
      if (first) await db.batch([first, ...rest]);
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
    async sendMany(messages) {
      // One refused address (or one refused request) must not cost the other recipients their mail: each
      // batch is permissive (the valid messages go, the refused ones are listed), a refused request is
      // tried once more after a pause (Resend limits the requests a second), and the next batch goes
      // either way. What failed is reported at the end, to the caller's log.
      const failed: string[] = [];
      for (let at = 0; at < messages.length; at += RESEND_BATCH_MAX) {
        const chunk = messages.slice(at, at + RESEND_BATCH_MAX);
        // The retry carries the first try's key: a request that went through but whose answer was lost is not sent twice.
        const idempotencyKey = crypto.randomUUID();
        const post = () => client.batch.send(chunk.map((m) => ({ from: env.MAIL_FROM, ...m })), { batchValidation: "permissive", idempotencyKey });
        let answer = await post();
        if (answer.error) {
          await new Promise((r) => setTimeout(r, RESEND_RETRY_MS));
          answer = await post();
        }
        if (answer.error) failed.push(`${chunk.length} messages: ${answer.error.message}`);
        else for (const e of answer.data?.errors ?? []) failed.push(`${chunk[e.index]?.to ?? `#${at + e.index}`}: ${e.message}`);
      }
      if (failed.length) throw new MailError(`Resend refused some messages (the others went): ${failed.join("; ")}`);
    },
  };
}

export function createMailer(env: AppEnv, db: Db): Mailer {
  return env.MAIL_DRIVER === "resend" ? createResendMailer(env) : createOutboxMailer(db);
}
