import type { Context } from "hono";
import { CASE_LIMITS } from "~/domain/cases/limits";
import { DomainError } from "~/domain/errors";
import { EXPERIENCE_LIMITS } from "~/domain/experience/rules";
import { DEMAND_LIMITS, LIMITS, RESPOND_LIMITS } from "~/domain/limits";
import { PROFILE_LIMITS } from "~/domain/profile/limits";
import { formDataToObject } from "~/lib/form-data";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";

export type HonoEnv = {
  Bindings: Record<string, unknown> & { DB: D1Database };
  Variables: { ctx: AppContext; actor: Actor | null; authVia: "bearer" | "cookie" | null; requestId: string; nonce: string };
};

/**
 * Request body caps, in bytes, for every route: JSON, url-encoded forms and multipart without files. The
 * middleware refuses a larger declared body with 413 before reading it, and stops reading a chunked one
 * at the cap, so a route that takes no file never buffers more than this.
 */
export const BODY_LIMITS = { json: 1_000_000, multipart: 1_000_000 } as const;

/** The fields of an upload form, next to its files. */
const FORM_FIELDS = BODY_LIMITS.multipart;

/**
 * The routes that take files, API calls and page actions alike, each capped at its domain's largest files
 * plus the form's fields (the domain still checks each file's size and count). A page action may be posted
 * to its path or, by a fetcher (single fetch), to `<path>.data`.
 */
const UPLOAD_ROUTES: readonly { paths: readonly (string | RegExp)[]; max: number }[] = [
  // spec 1 §2: an expert registers with up to 5 resume files.
  { paths: ["/api/register", "/api/completeSocialReg", "/sign-up"], max: LIMITS.registrationFiles * LIMITS.fileBytes + FORM_FIELDS },
  { paths: ["/api/user/cases", "/profile/cases"], max: CASE_LIMITS.attachmentsMax * CASE_LIMITS.fileBytes + FORM_FIELDS },
  { paths: ["/api/user/profile/publications", "/profile/publications"], max: CASE_LIMITS.fileBytes + FORM_FIELDS },
  { paths: ["/api/user/resume", "/profile/resume"], max: CASE_LIMITS.fileBytes + FORM_FIELDS },
  { paths: ["/api/user/profile/expertises/confirm"], max: EXPERIENCE_LIMITS.confirmationFiles * EXPERIENCE_LIMITS.fileBytes + FORM_FIELDS },
  // The avatar: the profile save (API) and the profile page's photo form.
  { paths: ["/api/user/profile", "/profile/information"], max: PROFILE_LIMITS.avatarBytes + FORM_FIELDS },
  // spec 3 §5: a request carries up to 5 files, on creation and on edit (POST /api/demand/{id}).
  { paths: ["/api/demand", /^\/api\/demand\/\d+$/, "/request-add"], max: DEMAND_LIMITS.filesMax * DEMAND_LIMITS.fileBytes + FORM_FIELDS },
  // spec 3 §5: a response carries up to 5 files of 50 MB, through the API and the page's form (no script).
  { paths: ["/api/respond", /^\/response-request\/\d+$/], max: RESPOND_LIMITS.filesMax * RESPOND_LIMITS.fileBytes + FORM_FIELDS },
];

/** The body cap of one request: large only for multipart to a route that takes files. */
export function bodyLimit(method: string, pathname: string, contentType: string): number {
  if (!contentType.includes("multipart/form-data")) return BODY_LIMITS.json;
  if (method !== "POST") return BODY_LIMITS.multipart;
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  return UPLOAD_ROUTES.find((r) => r.paths.some((p) => (typeof p === "string" ? p === path : p.test(path))))?.max ?? BODY_LIMITS.multipart;
}

/**
 * The request with its body read through a counter: once more than `max` bytes have come, the body errors
 * for its reader and nothing past the limit is read. For bodies without a
 * Content-Length (chunked), whose size is known only while reading. `exceeded()` tells the caller why a
 * reader failed.
 */
export function limitBody(request: Request, max: number): { request: Request; exceeded: () => boolean } {
  if (!request.body) return { request, exceeded: () => false };
  const source = request.body.getReader();
  // A native stream: workerd reports a JS stream's error as an unhandled rejection when a native reader
  // (formData(), json()) consumes it, even though that reader's caller catches it.
  const { readable, writable } = new IdentityTransformStream();
  const sink = writable.getWriter();
  let seen = 0;
  let over = false;
  const stop = async (reason: unknown) => {
    await source.cancel(reason).catch(() => {});
    await sink.abort(reason).catch(() => {});
  };
  // Each write waits for the reader to take the chunk, so the client's body is read at the reader's pace.
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await source.read();
        if (done) return await sink.close();
        seen += value.byteLength;
        if (seen > max) {
          over = true;
          // Read no further, but leave the client's body to the runtime: cancelling it here could cut the
          // connection before the 413 reaches the client.
          source.releaseLock();
          return await sink.abort(new RangeError("payload too large"));
        }
        await sink.write(value);
      }
    } catch (e) {
      await stop(e);
    }
  })();
  return { request: new Request(request, { body: readable, duplex: "half" } as RequestInit), exceeded: () => over };
}

/** JSON, multipart or url-encoded body as a plain object; a body that cannot be read is a 400. */
export async function readBody(c: Context<HonoEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header("Content-Type") ?? "";
  try {
    if (type.includes("application/json")) {
      const json = await c.req.json();
      return json && typeof json === "object" && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
    }
    if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
      return formDataToObject(await c.req.raw.formData());
    }
    const text = await c.req.text();
    if (!text) return {};
    throw new Error("unsupported");
  } catch {
    throw new DomainError("validation", "errors.bad_body", { fields: { form: ["errors.bad_body"] } });
  }
}

export function query(c: Context<HonoEnv>): Record<string, string> {
  return c.req.query();
}

/** The spec README's error format, translated into the caller's language. */
export function errorBody(ctx: AppContext, e: DomainError) {
  const t = ctx.t;
  const message = t(e.code, { ...e.params, defaultValue: t("errors.unknown") });
  const body: Record<string, unknown> = { message, ...(e.extra ?? {}) };
  if (e.fields) {
    const errors: Record<string, string[]> = {};
    for (const [field, codes] of Object.entries(e.fields)) errors[field] = codes.map((code) => t(code, { ...e.params, defaultValue: t("validation.invalid") }));
    body.errors = errors;
    body.message = Object.values(errors)[0]?.[0] ?? message;
  } else if (e.kind === "validation") {
    // spec README: a 422 is `{message, errors}`, also when no single field is at fault.
    body.errors = {};
  }
  return body;
}

export function requireActorC(c: Context<HonoEnv>): Actor {
  const actor = c.get("actor");
  if (!actor) throw new DomainError("unauthorized", "errors.unauthorized");
  return actor;
}
