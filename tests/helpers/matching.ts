import { demandFields } from "./demands";
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { api } from "./api";
import { count, rows } from "./db";
import { createSignedInUser } from "./factories";

/**
 * Matching (issue 13): each test gets its own industry and functions, so the experts other tests create
 * never fit its requests and counts stay exact within one test file's database.
 */
export async function freshTribe() {
  const tag = crypto.randomUUID().slice(0, 8);
  const [industry] = await rows<{ id: number }>("insert into industries (name, name_en, sort) values (?, ?, 999) returning id", `Отрасль ${tag}`, `Industry ${tag}`);
  const [main] = await rows<{ id: number }>("insert into options (name, name_en, status) values (?, ?, 'active') returning id", `Функция ${tag}`, `Function ${tag}`);
  const [sub] = await rows<{ id: number }>("insert into options (name, name_en, parent_id, status) values (?, ?, ?, 'active') returning id", `Подфункция ${tag}`, `Sub-function ${tag}`, main!.id);
  const [sub2] = await rows<{ id: number }>("insert into options (name, name_en, parent_id, status) values (?, ?, ?, 'active') returning id", `Подфункция 2 ${tag}`, `Sub-function 2 ${tag}`, main!.id);
  return { industry: industry!.id, option: main!.id, sub: sub!.id, sub2: sub2!.id };
}

export type Tribe = Awaited<ReturnType<typeof freshTribe>>;

const roleId = async (top: boolean) => (await rows<{ id: number }>("select id from work_roles where is_top = ? order by id limit 1", top ? 1 : 0))[0]!.id;

/** A signed-in expert whose profile lists `industries` and `options`, with a work in a top role when `top`. */
export async function createExpert(p: { industries: number[]; options: number[]; top?: boolean; work?: boolean; blocked?: boolean; verified?: boolean; locale?: "ru" | "en" }) {
  const u = await createSignedInUser({ roles: ["customer", "executor"], verified: p.verified });
  for (const id of p.industries) await env.DB.prepare("insert into user_industries (user_id, industry_id) values (?, ?)").bind(u.id, id).run();
  for (const id of p.options) await env.DB.prepare("insert into user_options (user_id, option_id) values (?, ?)").bind(u.id, id).run();
  if (p.top !== undefined || p.work) {
    const [w] = await rows<{ id: number }>("insert into works (user_id, company_id, work_start) values (?, 1, '2015-01-01') returning id", u.id);
    await env.DB.prepare("insert into workareas (work_id, user_id, industry_id, option_id, role_id, work_years) values (?, ?, ?, ?, ?, 5)")
      .bind(w!.id, u.id, p.industries[0] ?? 1, p.options[0] ?? 1, await roleId(!!p.top))
      .run();
  }
  if (p.blocked) await env.DB.prepare("update users set blocked_at = ?, blocked_reason = 'test' where id = ?").bind(new Date().toISOString(), u.id).run();
  if (p.locale) await env.DB.prepare("update users set locale = ? where id = ?").bind(p.locale, u.id).run();
  return u;
}

/**
 * `n` experts fitting `tribe`, written straight into D1 in a few batches (no sign-in: they are only
 * invited). Their e-mails start with `prefix`.
 */
export async function bulkExperts(n: number, tribe: Tribe, prefix = `bulk-${crypto.randomUUID().slice(0, 8)}`) {
  const stmts = [];
  for (let i = 0; i < n; i++) {
    stmts.push(env.DB.prepare("insert into users (email, name, last_name, email_verified_at) values (?, 'Эксперт', 'Массовый', ?)").bind(`${prefix}-${i}@example.ru`, new Date().toISOString()));
  }
  for (let at = 0; at < stmts.length; at += 100) await env.DB.batch(stmts.slice(at, at + 100));
  const like = `${prefix}-%`;
  await env.DB.batch([
    env.DB.prepare("insert into user_industries (user_id, industry_id) select id, ? from users where email like ?").bind(tribe.industry, like),
    env.DB.prepare("insert into user_options (user_id, option_id) select id, ? from users where email like ?").bind(tribe.sub, like),
  ]);
  return prefix;
}

/** The request form (POST /api/demand) of `tribe`'s industry and function. */
export function tribeForm(tribe: Tribe, over: Record<string, unknown> = {}) {
  return demandFields(tribe, over);
}

/** A new request of the customer, in moderation (the default setting). */
export async function createTribeDemand(token: string, tribe: Tribe, over: Record<string, unknown> = {}) {
  const res = await api("/api/demand", { token, form: tribeForm(tribe, over) });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

export async function approve(demandId: number, operatorToken: string) {
  const res = await api("/api/admin/moderation", { token: operatorToken, json: { kind: "demands", id: demandId, decision: "approve" } });
  expect(res.status, res.text).toBe(200);
  return res;
}

/** The experts invited to a request (user ids, ascending). */
export async function invitedIds(demandId: number): Promise<number[]> {
  return (await rows<{ user_id: number }>("select user_id from responds where demand_id = ? and status = 'invite' order by user_id", demandId)).map((r) => r.user_id);
}

/** Polls the outbox until `n` mails whose address starts with `prefix` have arrived (they are sent after the answer). */
export async function waitForMailCount(prefix: string, n: number) {
  let got = 0;
  for (let attempt = 0; attempt < 400; attempt++) {
    got = await count("select count(*) as n from mail_outbox where \"to\" like ?", `${prefix}%`);
    if (got >= n) return got;
    await new Promise((r) => setTimeout(r, 25));
  }
  return got;
}
