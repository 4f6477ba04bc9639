import { env } from "cloudflare:test";
import { rows } from "./db";

/**
 * Responses written straight into D1 (one row per request and expert, db/schema/responds.ts), with their
 * parts: the tests of request management run before the respond API exists on their branch.
 */
export type RespondRow = { id: number; demandId: number; userId: number };

export async function insertRespond(
  demandId: number,
  userId: number,
  opts: {
    status?: "invite" | "declined" | "moderation" | "sent" | "active" | "rejected" | "completed";
    salary?: number;
    taxId?: number;
    description?: string;
    viewed?: boolean;
    serviceIds?: number[];
    companyIds?: number[];
    expertiseIds?: number[];
    optionIds?: number[];
    members?: number[];
  } = {},
): Promise<RespondRow> {
  const status = opts.status ?? "sent";
  const now = new Date().toISOString();
  const [row] = await rows<{ id: number }>(
    `insert into responds (demand_id, user_id, status, responded_at, salary, tax_id, description, viewed_at)
     values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    demandId,
    userId,
    status,
    status === "invite" ? null : now,
    opts.salary ?? 100_000,
    opts.taxId ?? 1,
    opts.description ?? "Сделаю модель за три недели, опыт в ритейле десять лет",
    opts.viewed ? now : null,
  );
  const id = row!.id;
  const stmts: D1PreparedStatement[] = [];
  for (const s of opts.serviceIds ?? []) stmts.push(env.DB.prepare("insert into respond_services (respond_id, service_id) values (?, ?)").bind(id, s));
  for (const c of opts.companyIds ?? []) stmts.push(env.DB.prepare("insert into respond_companies (respond_id, company_id) values (?, ?)").bind(id, c));
  for (const e of opts.expertiseIds ?? []) stmts.push(env.DB.prepare("insert into respond_expertises (respond_id, expertise_id) values (?, ?)").bind(id, e));
  for (const o of opts.optionIds ?? []) stmts.push(env.DB.prepare("insert into respond_options (respond_id, option_id) values (?, ?)").bind(id, o));
  for (const m of opts.members ?? []) stmts.push(env.DB.prepare("insert into respond_members (respond_id, type, user_id) values (?, 'user', ?)").bind(id, m));
  if (stmts.length) await env.DB.batch(stmts);
  return { id, demandId, userId };
}

/** A response's row as stored (status, marks), for checks that bypass the code under test. */
export async function respondRow(id: number) {
  const [r] = await rows<{ id: number; status: string; is_favorite: number; viewed_at: string | null; reject_reason: string | null }>(
    "select id, status, is_favorite, viewed_at, reject_reason from responds where id = ?",
    id,
  );
  return r!;
}

export async function demandRow(id: number) {
  const [d] = await rows<{ id: number; status: string; is_paid: number; paid_at: string | null; payment_requested_at: string | null; started_at: string | null }>(
    "select id, status, is_paid, paid_at, payment_requested_at, started_at from demands where id = ?",
    id,
  );
  return d!;
}
