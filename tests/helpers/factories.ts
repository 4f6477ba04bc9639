import { eq } from "drizzle-orm";
import { userRoles, users, type Role } from "../../db/schema/users";
import { hashPassword } from "~/server/password.server";
import { expect } from "vitest";
import { api } from "./api";
import { db } from "./db";

export const PASSWORD = "Secret_Pass1";

/** An address no other test uses. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 12)}@example.ru`;
}

// PBKDF2 at 100 000 iterations is deliberately slow: hash each password once per test file.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password)));
  return h;
};

export type TestUser = { id: number; email: string; password: string; name: string; lastName: string; phone: string };

/** A user written straight into D1 (verified unless told otherwise), with the given roles. */
export async function createUser(
  opts: { email?: string; password?: string; name?: string; lastName?: string; phone?: string; verified?: boolean; roles?: Role[] } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? PASSWORD;
  const name = opts.name ?? "Анна";
  const lastName = opts.lastName ?? "Смирнова";
  const phone = opts.phone ?? "+7 916 123-45-67";
  const [row] = await db()
    .insert(users)
    .values({ email, passwordHash: await hashOf(password), name, lastName, phone, emailVerifiedAt: opts.verified === false ? null : new Date().toISOString() })
    .returning({ id: users.id });
  const roles = opts.roles ?? ["customer"];
  if (roles.length) await db().insert(userRoles).values(roles.map((role) => ({ userId: row!.id, role })));
  return { id: row!.id, email, password, name, lastName, phone };
}

export async function createOperator(opts: Parameters<typeof createUser>[0] = {}) {
  return createUser({ name: "Ольга", lastName: "Кузнецова", ...opts, roles: ["customer", "admin"] });
}

/** Signs in through POST /api/login and returns the bearer token. */
export async function signIn(user: { email: string; password: string }): Promise<string> {
  const res = await api<{ token: string }>("/api/login", { json: { email: user.email, password: user.password } });
  if (res.status !== 200) throw new Error(`sign-in of ${user.email} failed: ${res.status} ${res.text}`);
  return res.body.token;
}

/** A signed-in user: the row and a bearer token. */
export async function createSignedInUser(opts: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(opts);
  return { ...user, token: await signIn(user) };
}

export async function userByEmail(email: string) {
  return db().query.users.findFirst({ where: eq(users.email, email) });
}

/** A customer's registration payload that passes every rule of spec 1 §5. */
export function customerPayload(overrides: Record<string, unknown> = {}) {
  return { name: "Иван", lastName: "Петров-Водкин", email: uniqueEmail("reg"), phone: "+7 (916) 123-45-67", password: PASSWORD, is_subscribe: "1", ...overrides };
}

/** A session of the operator acting as `target` (spec README: impersonation), through the operator's link. */
export async function impersonatedToken(target: { id: number }) {
  const operatorToken = await signIn(await createOperator());
  const link = await api(`/api/admin/users/${target.id}/impersonation-link`, { method: "POST", token: operatorToken });
  const hash = /\/impersonate\/\d+-(.+)$/.exec(link.body.url)![1]!;
  const res = await api("/api/impersonate", { json: { id: target.id, hash }, token: operatorToken });
  expect(res.status, res.text).toBe(200);
  return res.body.token as string;
}
