import type { Context } from "hono";
import { DomainError } from "~/domain/errors";
import { formDataToObject } from "~/lib/form-data";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";

export type HonoEnv = {
  Bindings: Record<string, unknown> & { DB: D1Database };
  Variables: { ctx: AppContext; actor: Actor | null; authVia: "bearer" | "cookie" | null; requestId: string; nonce: string };
};

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
  }
  return body;
}

export function requireActorC(c: Context<HonoEnv>): Actor {
  const actor = c.get("actor");
  if (!actor) throw new DomainError("unauthorized", "errors.unauthorized");
  return actor;
}
