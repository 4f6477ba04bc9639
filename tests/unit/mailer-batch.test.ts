import { afterEach, describe, expect, it, vi } from "vitest";
import { createResendMailer, MailError, RESEND_BATCH_MAX, type MailMessage } from "~/server/mail/mailer.server";
import type { AppEnv } from "~/server/env.server";

// The production mailer against a recorded fetch: which calls reach Resend, with what bodies.
const env = { MAIL_DRIVER: "resend", RESEND_API_KEY: "re_unit_key", RESEND_BASE_URL: "http://resend.test", MAIL_FROM: "Expert <noreply@example.ru>" } as unknown as AppEnv;
const message = (i: number): MailMessage => ({ to: `rater${i}@example.ru`, subject: `Subject ${i}`, html: `<p>${i}</p>`, text: `${i}` });

function recordFetch(answer: (body: unknown[]) => Response = (body) => Response.json({ data: body.map((_, i) => ({ id: `id-${i}` })) })) {
  const calls: { url: string; body: unknown[]; headers: Headers }[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as unknown[];
    calls.push({ url: String(input), body, headers: new Headers(init?.headers) });
    return answer(body);
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("sending several e-mails in one mailer call (Resend)", () => {
  it("sends every message of one act in one batch request, each from MAIL_FROM", async () => {
    const calls = recordFetch();
    await createResendMailer(env).sendMany([message(1), message(2), message(3)]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("http://resend.test/emails/batch");
    expect(calls[0]!.body).toEqual([1, 2, 3].map((i) => ({ from: env.MAIL_FROM, ...message(i) })));
  });

  it("splits more than Resend's 100 messages a request into several requests, and sends nothing for none", async () => {
    const calls = recordFetch();
    await createResendMailer(env).sendMany(Array.from({ length: RESEND_BATCH_MAX + 1 }, (_, i) => message(i)));
    expect(calls.map((c) => c.body.length)).toEqual([RESEND_BATCH_MAX, 1]);
    await createResendMailer(env).sendMany([]);
    expect(calls).toHaveLength(2);
  });

  it("surfaces a refused batch as a MailError, after trying it once more", async () => {
    const calls = recordFetch(() => Response.json({ statusCode: 422, name: "validation_error", message: "Invalid `to` field." }, { status: 422 }));
    await expect(createResendMailer(env).sendMany([message(1)])).rejects.toThrow(MailError);
    expect(calls).toHaveLength(2);
  });

  it("asks for permissive validation and goes on to the next batch when one request is refused, reporting it at the end", async () => {
    let n = 0;
    const calls = recordFetch((body) =>
      ++n <= 2 ? Response.json({ statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests" }, { status: 429 }) : Response.json({ data: body.map((_, i) => ({ id: `id-${i}` })), errors: [] }),
    );
    const send = createResendMailer(env).sendMany(Array.from({ length: RESEND_BATCH_MAX + 1 }, (_, i) => message(i)));
    await expect(send).rejects.toThrow(/100 messages: Too many requests/);
    // The first batch twice (refused, then refused again), the second once, sent.
    expect(calls.map((c) => c.body.length)).toEqual([RESEND_BATCH_MAX, RESEND_BATCH_MAX, 1]);
    expect(calls.every((c) => c.headers.get("x-batch-validation") === "permissive")).toBe(true);
    // The retry of a batch is the same request to Resend (one idempotency key); the next batch is another.
    const keys = calls.map((c) => c.headers.get("idempotency-key"));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("retries a refused request once and is done when the retry goes through", async () => {
    let n = 0;
    const calls = recordFetch((body) => (++n === 1 ? Response.json({ statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests" }, { status: 429 }) : Response.json({ data: body.map((_, i) => ({ id: `id-${i}` })), errors: [] })));
    await createResendMailer(env).sendMany([message(1), message(2)]);
    expect(calls).toHaveLength(2);
  });
});
