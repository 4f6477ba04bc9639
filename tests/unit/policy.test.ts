import { describe, expect, it } from "vitest";
import { requireMayImpersonate } from "~/domain/admin/policy.server";
import { mayBrowseUnverified, mustVerifyFirst } from "~/domain/auth/policy.server";
import { DomainError } from "~/domain/errors";
import { isOperator, requireActor, requireOperator, requireOwnSession, requireVerifiedEmail } from "~/domain/policy.server";
import { requireOwnRow } from "~/domain/profile/policy.server";
import type { Actor } from "~/server/session.server";

// issue 11, decision 0025: the shared rules and each area's own, refused and allowed.

const actor = (over: { roles?: Actor["user"]["roles"]; isVerified?: boolean; impersonated?: boolean; id?: number } = {}): Actor => ({
  sessionId: "s1",
  impersonator: over.impersonated ? { id: 99, name: "Ольга Кузнецова" } : null,
  user: { id: over.id ?? 42, email: "a@b.ru", name: "Анна", lastName: "Смирнова", patronymic: null, phone: null, photoFileId: null, isVerified: over.isVerified ?? true, roles: over.roles ?? ["customer"] },
});
const operator = () => actor({ roles: ["customer", "admin"] });

/** The DomainError a call throws, as {kind, code}; fails when it throws nothing or something else. */
function refusal(call: () => unknown) {
  try {
    call();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return { kind: (e as DomainError).kind, code: (e as DomainError).code };
  }
  throw new Error("the call was allowed");
}

describe("requireActor", () => {
  it("returns the signed-in actor and refuses a guest as unauthorized", () => {
    const a = actor();
    expect(requireActor(a)).toBe(a);
    expect(refusal(() => requireActor(null))).toEqual({ kind: "unauthorized", code: "errors.unauthorized" });
    expect(refusal(() => requireActor(undefined)).kind).toBe("unauthorized");
  });
});

describe("requireOperator and isOperator", () => {
  it("allow an operator's own session only", () => {
    const op = operator();
    expect(requireOperator(op)).toBe(op);
    expect(isOperator(op)).toBe(true);
  });

  it("refuse an operator's impersonated session even when the user it shows is an operator, a user, and a guest", () => {
    const impersonatedOperator = actor({ roles: ["customer", "admin"], impersonated: true });
    for (const a of [impersonatedOperator, actor(), actor({ roles: ["customer", "executor"] })]) {
      expect(refusal(() => requireOperator(a))).toEqual({ kind: "forbidden", code: "errors.forbidden" });
      expect(isOperator(a)).toBe(false);
    }
    expect(refusal(() => requireOperator(null)).kind).toBe("unauthorized");
    expect(isOperator(null)).toBe(false);
  });
});

describe("requireVerifiedEmail", () => {
  it("allows a verified user and refuses an unverified one with the area's own text", () => {
    const a = actor();
    expect(requireVerifiedEmail(a, "invite.not_verified")).toBe(a);
    expect(refusal(() => requireVerifiedEmail(actor({ isVerified: false }), "invite.not_verified"))).toEqual({ kind: "forbidden", code: "invite.not_verified" });
    expect(refusal(() => requireVerifiedEmail(actor({ isVerified: false }))).code).toBe("errors.not_verified");
    expect(refusal(() => requireVerifiedEmail(null)).kind).toBe("unauthorized");
  });
});

describe("requireOwnSession", () => {
  it("allows the user's own session and refuses an impersonated one", () => {
    const a = actor();
    expect(requireOwnSession(a)).toBe(a);
    expect(refusal(() => requireOwnSession(actor({ impersonated: true })))).toEqual({ kind: "forbidden", code: "auth.impersonation_forbidden" });
    expect(refusal(() => requireOwnSession(null)).kind).toBe("unauthorized");
  });
});

describe("the auth area: which pages an unverified user may browse (spec 1 §2)", () => {
  it("lets him open his profile and the request page (and below them), and sends him to /verify elsewhere", () => {
    for (const path of ["/profile/information", "/profile/information/step"]) expect(mayBrowseUnverified(path), path).toBe(true);
    for (const path of ["/profile/settings", "/invite/expert", "/admin", "/request-add", "/profile/informationx"]) expect(mayBrowseUnverified(path), path).toBe(false);
    expect(mustVerifyFirst(actor({ isVerified: false }), "/invite/expert")).toBe(true);
    expect(mustVerifyFirst(actor({ isVerified: false }), "/profile/information")).toBe(false);
    expect(mustVerifyFirst(actor(), "/invite/expert")).toBe(false);
  });
});

describe("the admin area: who may open a user's session", () => {
  it("an operator's own session, for another user who is no operator; never himself, never an impersonated session", () => {
    const user = { id: 7, isOperator: false };
    expect(requireMayImpersonate(operator(), user).user.id).toBe(42);
    expect(refusal(() => requireMayImpersonate(operator(), { id: 42, isOperator: true }))).toEqual({ kind: "validation", code: "impersonate.self" });
    expect(refusal(() => requireMayImpersonate(operator(), { id: 7, isOperator: true }))).toEqual({ kind: "forbidden", code: "impersonate.operator" });
    expect(refusal(() => requireMayImpersonate(actor({ roles: ["customer", "admin"], impersonated: true }), user)).kind).toBe("forbidden");
    expect(refusal(() => requireMayImpersonate(actor(), user)).kind).toBe("forbidden");
  });
});

describe("the profile area: a row is changed by its owner", () => {
  it("returns the own row, refuses someone else's (403) and a missing one (404)", () => {
    const row = { id: 1, userId: 42 };
    expect(requireOwnRow(actor(), row)).toBe(row);
    expect(refusal(() => requireOwnRow(actor({ id: 43 }), row)).kind).toBe("forbidden");
    expect(refusal(() => requireOwnRow(actor(), null)).kind).toBe("not_found");
    expect(refusal(() => requireOwnRow(actor(), undefined)).kind).toBe("not_found");
  });
});
