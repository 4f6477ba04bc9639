import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { mustVerifyFirst } from "~/domain/auth/policy.server";
import { DomainError } from "~/domain/errors";
import { requireOperator } from "~/domain/policy.server";
import { idOrNotFound } from "~/domain/validation";
import { formDataToObject } from "~/lib/form-data";
import { readCookie, serializeCookie, sessionCookieNames, type Actor } from "~/server/session.server";
import { logout } from "~/domain/auth/auth.server";
import "./load-context";

/**
 * The route guard: guests go to sign-in, unverified users to /verify (spec 1 §2) unless the auth policy
 * lets them browse the page. It only chooses where to send a user: the acts themselves are refused by
 * the services (decision 0025), so a page and the API cannot disagree.
 */
export function requireUser(context: AppLoadContext, request: Request): Actor {
  const actor = context.actor;
  const url = new URL(request.url);
  if (!actor) throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (mustVerifyFirst(actor, url.pathname)) throw redirect("/verify");
  return actor;
}

/**
 * A console list read whose query comes from the address: a hand-edited address with a bad page or an
 * overlong filter shows the first page unfiltered instead of an error page.
 */
export async function readOrFirstPage<T>(read: (query: Record<string, string>) => Promise<T>, query: Record<string, string>): Promise<T> {
  try {
    return await read(query);
  } catch (e) {
    if (e instanceof DomainError && e.kind === "validation") return await read({});
    throw e;
  }
}

/** The console's pages: the shared operator policy; a refusal is the plain 403 page. */
export function requireAdmin(context: AppLoadContext, request: Request): Actor {
  const actor = requireUser(context, request);
  try {
    return requireOperator(actor);
  } catch (e) {
    if (e instanceof DomainError) throw new Response("Forbidden", { status: 403 });
    throw e;
  }
}

export type ActionErrors = { message: string; errors: Record<string, string[]>; userExistError?: boolean; uploads_gone?: string[] };

/** A DomainError as the page shows it: field messages and a banner message in the user's language. */
export function pageError(context: AppLoadContext, e: DomainError): { body: ActionErrors; init: ResponseInit } {
  const t = context.ctx.t;
  const errors: Record<string, string[]> = {};
  for (const [field, codes] of Object.entries(e.fields ?? {})) errors[field] = codes.map((c) => t(c, { ...e.params, defaultValue: t("validation.invalid") }));
  const message = Object.values(errors)[0]?.[0] ?? t(e.code, { ...e.params, defaultValue: t("errors.unknown") });
  const headers = new Headers();
  if (e.retryAfter) headers.set("Retry-After", String(e.retryAfter));
  // The uploads a refusal named as never claimable (decision 0058): the form's upload field marks them.
  const gone = Array.isArray(e.extra?.uploads_gone) ? { uploads_gone: e.extra.uploads_gone as string[] } : {};
  return { body: { message, errors, ...(e.extra?.userExistError ? { userExistError: true } : {}), ...gone }, init: { status: e.status, headers } };
}

/**
 * Runs a domain call from a page action; a DomainError becomes `{ok: false, body, init}` for `data()`.
 * Write `fn` with `await` on its domain call (`async () => await saveX(…)`): an async arrow that returns a
 * rejected promise leaves it without a handler for a tick, and workerd reports each refused form as an
 * unhandled rejection (found by tests/integration/security.test.ts).
 */
export async function runAction<T>(context: AppLoadContext, fn: () => Promise<T>): Promise<{ ok: true; value: T } | ({ ok: false } & ReturnType<typeof pageError>)> {
  try {
    return { ok: true, value: await fn() };
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return { ok: false, ...pageError(context, e) };
  }
}

/**
 * A page's path or query id: a malformed one (`/service-add/abc`) is the 404 page, like an unknown one.
 * The API's `idOrNotFound` throws the DomainError its JSON answer needs; a page's loader must throw a
 * Response, or Remix renders its error page with 500.
 */
export function pageId(raw: unknown): number {
  try {
    return idOrNotFound(raw);
  } catch {
    throw new Response("Not Found", { status: 404 });
  }
}

/**
 * A page's read whose refusal is the page's error: not found (another user's or a deleted item), forbidden,
 * each with its status and message instead of Remix's 500.
 */
export async function pageRead<T>(context: AppLoadContext, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const { body, init } = pageError(context, e);
    throw new Response(body.message, init);
  }
}

export async function formObject(request: Request) {
  try {
    return formDataToObject(await request.formData());
  } catch {
    throw new DomainError("validation", "errors.bad_body", { fields: { form: ["errors.bad_body"] } });
  }
}

export function sessionCookie(context: AppLoadContext, token: string | null) {
  return serializeCookie(context.ctx, sessionCookieNames(context.ctx).session, token);
}

export function prevSessionCookie(context: AppLoadContext, token: string | null) {
  return serializeCookie(context.ctx, sessionCookieNames(context.ctx).prev, token, 60 * 60 * 8);
}

/**
 * A sign-in that gives this browser a new session (a password, a provider's return): the session it had
 * (another tab's sign-in, an impersonation) is replaced, so it ends, with the operator's session kept aside
 * and the impersonation's end audited; the browser forgets its token, which must not stay valid behind.
 */
export async function endReplacedSession(context: AppLoadContext, request: Request, headers: Headers) {
  if (!context.actor) return;
  await logout(context.ctx, context.actor, readCookie(request, sessionCookieNames(context.ctx).prev));
  headers.append("Set-Cookie", prevSessionCookie(context, null));
}

