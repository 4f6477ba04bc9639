import { expect } from "vitest";
import { api } from "./api";
import { rows } from "./db";

/** Reference ids a valid request names: two industries, a function with one of its sub-functions. */
export async function demandReference() {
  const [i1, i2] = await rows<{ id: number }>("select id from industries order by id limit 2");
  const [sub] = await rows<{ id: number; parent_id: number }>(
    "select id, parent_id from options where parent_id is not null and status = 'active' order by id limit 1",
  );
  return { industry: i1!.id, industry2: i2!.id, option: sub!.parent_id, sub: sub!.id };
}

/** The form of a request that passes every rule of spec 3 §5 (multipart fields of POST /api/demand), in `ref`'s industry and function. */
export function demandFields(ref: { industry: number; option: number; sub: number }, over: Record<string, unknown> = {}) {
  return {
    name: "Финансовая модель для ритейлера",
    service_type_id: 1,
    duration_id: 3,
    expert_type: "ordinary",
    description: "Нужна модель денежных потоков на пять лет",
    industries: [ref.industry],
    options: [ref.option],
    sub_options: [ref.sub],
    budget: "30000",
    execution_period: "01.06.2028",
    need_team: "0",
    ...over,
  };
}

/** The same in the first industry and function of the reference data. */
export async function demandForm(over: Record<string, unknown> = {}) {
  return demandFields(await demandReference(), over);
}

/** A new request of the customer (`token`), in moderation (the default setting). */
export async function createDemand(token: string, over: Record<string, unknown> = {}) {
  const res = await api("/api/demand", { token, form: await demandForm(over) });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; status: string };
}

/** A request approved by the operator (`operatorToken`): `searching`, and matching has run. */
export async function searchingDemand(token: string, operatorToken: string, over: Record<string, unknown> = {}) {
  const d = await createDemand(token, over);
  const res = await api("/api/admin/moderation", { token: operatorToken, json: { kind: "demands", id: d.id, decision: "approve" } });
  expect(res.status, res.text).toBe(200);
  return d.id;
}
