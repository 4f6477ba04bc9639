import { eq, sql } from "drizzle-orm";
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

/** An address on a Yandex mail domain: a Yandex ID's own mailbox, the only Yandex address the product takes as proven (decision 0069). */
export function yandexEmail(prefix = "user"): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 12)}@yandex.ru`;
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

// ---------------------------------------------------------------------------------------------------
// Services (issue 12): payloads that pass every rule of spec 3 §5, and services made through the API.

/** A service submit payload (spec 3 §3) that passes every rule; `format` picks the company or individual fields. */
export function servicePayload(format: "individual" | "company" = "individual", overrides: Record<string, unknown> = {}) {
  const common = {
    name: format === "company" ? "Финансовый due diligence командой" : "Финансовая модель компании",
    format,
    description: "Строим финансовую модель и готовим компанию к сделке.",
    type: 1,
    industries: [1, 2],
    options: [100],
    specializations: [{ industry_id: 1, option_id: 100 }],
    companies: [1],
  };
  const byFormat = format === "company" ? { users: [], budget: 150000, performer_type: "company" } : { income: 200000, pay_format: "per_month", hours: 20, workload_format: "per_week" };
  return { ...common, ...byFormat, ...overrides };
}

/** A service created by `owner` through POST /api/service (in moderation unless told to be `active`). */
export async function createServiceFor(owner: { id: number; token: string }, format: "individual" | "company" = "individual", overrides: Record<string, unknown> = {}, status?: "active" | "not_active" | "rejected") {
  const res = await api("/api/service", { json: servicePayload(format, overrides), token: owner.token });
  expect(res.status, res.text).toBe(201);
  if (status) await setServiceStatus(res.body.id, status);
  return res.body as { id: number; name: string; status: string; [k: string]: unknown };
}

/** Moves a service straight in D1 (what an operator's decision or the owner's hide would do): approved, its name is. */
export async function setServiceStatus(id: number, status: "active" | "moderation" | "not_active" | "rejected") {
  await db().run(sql`update services set status = ${status}, approved_name = case when ${status} = 'active' then name else approved_name end where id = ${id}`);
}

/**
 * What a response may name beside cases and services (app/domain/responds/choices.server.ts): competences
 * on the profile, functions of the profile, approved companies of the person's works.
 */
export async function giveRespondChoices(userId: number, held: { expertises?: number[]; options?: number[]; companies?: number[] }) {
  await giveExpertises(userId, held.expertises ?? []);
  for (const id of held.options ?? []) await db().run(sql`insert or ignore into user_options (user_id, option_id) values (${userId}, ${id})`);
  for (const id of held.companies ?? []) await db().run(sql`insert into works (user_id, company_id, work_start) values (${userId}, ${id}, '2015-01-01')`);
}

/** Gives a user competences of the reference tree (their profile's `user_expertises`). */
export async function giveExpertises(userId: number, expertiseIds: number[]) {
  for (const id of expertiseIds) await db().run(sql`insert or ignore into user_expertises (user_id, expertise_id) values (${userId}, ${id})`);
}
