import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import { companies, expertises, institutions, options } from "../../../db/schema/reference";
import { prepared, read, type Params } from "../reads";
import type { AppContext } from "~/server/context.server";
import { likeContains } from "~/server/like.server";
import type { Actor } from "~/server/session.server";
import { fieldError, notFound } from "../errors";
import { alreadyDecided, auditIfChanged, rejectionReason, sendDecisionMail, sqlBatch } from "./decision.server";
import type { ModerationQueue, QueueDecision, QueueItem, QueuePageOptions } from "./queue";
import { removeObjects } from "../files/objects.server";

/**
 * The three reference lists users may add to (spec 2 §4): companies, functions (options) and competences
 * (expertises). A proposal waits in `moderation`, visible only to its author, until an operator decides:
 * - approve: it becomes an ordinary entry everyone can pick (status active); the author keeps it;
 * - reject (with a reason): status rejected with the reason, and its uses leave the author's profile;
 * - merge (companies): a duplicate of an existing company; its uses point to that one, and it is deleted.
 * One queue per list, built from the same description; the table names below are constants, never input.
 */
type ReferenceKind = {
  name: "companies" | "options" | "expertises" | "institutions";
  table: string;
  /** The locale key naming the proposal in the e-mail ('Компания «…»'). */
  subject: string;
  auditType: string;
  /** Details one click away: how many profiles use it, and its parent where the list is a tree. */
  uses: string;
  parent: string | null;
  /** What leaves the profiles on a rejection (each guarded so it runs only once the entry is rejected). */
  removeUses: (id: number) => SQL[];
  /**
   * The ids of the stored files its uses hold (a subquery), deleted with them on a rejection, before
   * `removeUses` runs: their objects go once the batch is in.
   */
  usesFiles?: (id: number) => SQL;
  /** A locale key the rejection e-mail adds when the entry had uses beyond the entry itself (a company's works). */
  rejectedUsesNote?: string;
  /** What points to the kept entry on a merge (each guarded so it runs only while the proposal waits). */
  repointUses?: (id: number, into: number) => SQL[];
};

const KINDS: ReferenceKind[] = [
  {
    name: "companies",
    table: "companies",
    subject: "admin.subject_company",
    auditType: "company",
    uses: "(select count(*) from works w where w.company_id = t.id)",
    parent: null,
    // The works go with their specializations; their ratings stay (decision 0060), and the e-mail says so.
    rejectedUsesNote: "admin.mail.note_company_works",
    // A work needs its company: the works at a rejected company leave the profile with their workareas.
    // The clients a service or a response names leave them too (they were dangling, and still shown).
    removeUses: (id) => [
      sql`delete from workareas where work_id in (select id from works where company_id = ${id})`,
      sql`delete from works where company_id = ${id}`,
      sql`update invites set company_id = null where company_id = ${id}`,
      sql`delete from service_companies where company_id = ${id}`,
      sql`delete from respond_companies where company_id = ${id}`,
    ],
    // A service or a response that named both keeps the kept company once (`or ignore`, then the rest goes).
    repointUses: (id, into) => [
      sql`update works set company_id = ${into} where company_id = ${id}`,
      sql`update invites set company_id = ${into} where company_id = ${id}`,
      sql`update rate_requests set company_id = ${into} where company_id = ${id}`,
      sql`update ratings set company_id = ${into} where company_id = ${id}`,
      sql`update or ignore service_companies set company_id = ${into} where company_id = ${id}`,
      sql`delete from service_companies where company_id = ${id}`,
      sql`update or ignore respond_companies set company_id = ${into} where company_id = ${id}`,
      sql`delete from respond_companies where company_id = ${id}`,
    ],
  },
  {
    name: "options",
    table: "options",
    subject: "admin.subject_option",
    auditType: "option",
    uses: "(select count(*) from user_options uo where uo.option_id = t.id) + (select count(*) from workareas wa where wa.option_id = t.id)",
    parent: "options",
    // It leaves the profile, and the services and responses its author named it in (it was still shown there).
    removeUses: (id) => [
      sql`delete from user_options where option_id = ${id}`,
      sql`delete from user_industry_options where option_id = ${id}`,
      sql`delete from workareas where option_id = ${id}`,
      sql`delete from service_options where option_id = ${id}`,
      sql`delete from service_specializations where option_id = ${id}`,
      sql`delete from respond_options where option_id = ${id}`,
    ],
  },
  {
    name: "expertises",
    table: "expertises",
    subject: "admin.subject_expertise",
    auditType: "expertise",
    uses: "(select count(*) from user_expertises ue where ue.expertise_id = t.id)",
    parent: "expertises",
    // It leaves the profile, and the services and responses its author named it in (it was still shown there).
    // Its confirmations go with their files and the places of study they made (one row each).
    usesFiles: (id) => sql`select cf.file_id from confirmation_files cf join expertise_confirmations ec on ec.id = cf.confirmation_id where ec.expertise_id = ${id}`,
    removeUses: (id) => [
      sql`delete from confirmation_files where confirmation_id in (select id from expertise_confirmations where expertise_id = ${id})`,
      sql`delete from user_institutions where id in (select user_institution_id from expertise_confirmations where expertise_id = ${id})`,
      sql`delete from expertise_confirmations where expertise_id = ${id}`,
      sql`delete from user_expertises where expertise_id = ${id}`,
      sql`delete from service_expertises where expertise_id = ${id}`,
      sql`delete from respond_expertises where expertise_id = ${id}`,
    ],
  },
  {
    // Places of study a user proposes when confirming a competence by an institution (spec 2 §5).
    name: "institutions",
    table: "institutions",
    subject: "admin.subject_institution",
    auditType: "institution",
    uses: "(select count(*) from user_institutions ui where ui.institution_id = t.id)",
    parent: null,
    // The places of study go from the profiles with the confirmations that named them, and their files.
    usesFiles: (id) =>
      sql`select cf.file_id from confirmation_files cf join expertise_confirmations ec on ec.id = cf.confirmation_id join user_institutions ui on ui.id = ec.user_institution_id where ui.institution_id = ${id}`,
    removeUses: (id) => [
      sql`delete from confirmation_files where confirmation_id in (select ec.id from expertise_confirmations ec join user_institutions ui on ui.id = ec.user_institution_id where ui.institution_id = ${id})`,
      sql`delete from expertise_confirmations where user_institution_id in (select id from user_institutions where institution_id = ${id})`,
      sql`delete from user_institutions where institution_id = ${id}`,
    ],
    repointUses: (id, into) => [
      sql`update user_institutions set institution_id = ${into} where institution_id = ${id}`,
      sql`update communities set institution_id = ${into} where institution_id = ${id}`,
    ],
  },
];

type ListRow = { id: number; title: string; user_id: number | null; user_name: string | null; user_email: string | null; created_at: string | null; uses: number; parent: string | null };

/** `… where <guard>` appended to a statement: it runs only while the entry is in `status`. */
const guarded = (k: ReferenceKind, statement: SQL, id: number, status: "moderation" | "rejected") =>
  sql`${statement} and exists (select 1 from ${sql.raw(k.table)} where id = ${id} and status = ${status})`;

function referenceQueue(k: ReferenceKind): ModerationQueue {
  const t = sql.raw(k.table);
  const from = sql`from ${t} t left join users u on u.id = t.created_by ${k.parent ? sql.raw(`left join ${k.parent} p on p.id = t.parent_id`) : sql``}`;
  const where = (filter?: string) => {
    const f = filter?.trim();
    if (!f) return sql`where t.status = 'moderation'`;
    return sql`where t.status = 'moderation' and (${likeContains(sql`t.name`, f)} or ${likeContains(sql`u.email`, f)} or ${likeContains(sql`u.name`, f)} or ${likeContains(sql`u.last_name`, f)})`;
  };
  return {
    name: k.name,
    summarySql: sql`select count(*) as count, min(created_at) as oldest from ${t} where status = 'moderation'`,

    async list(ctx: AppContext, o: QueuePageOptions) {
      const order = sql.raw(`${o.sort === "title" ? "t.name" : "t.created_at"} ${o.dir === "desc" ? "desc" : "asc"}, t.id ${o.dir === "desc" ? "desc" : "asc"}`);
      // One round trip (a batch) whatever the size of the queue: the page and the total. The page's ids are
      // chosen first (an index walk on (status, created_at) or (status, name)); its details (the author, the
      // uses, the parent) are read for those 25 rows only. Without a filter the total needs no join.
      const f = o.filter?.trim();
      const [rows, [total]] = (await sqlBatch(ctx, [
        sql`select t.id, t.name as title, t.created_by as user_id, trim(u.name || ' ' || u.last_name) as user_name, u.email as user_email, t.created_at,
            ${sql.raw(k.uses)} as uses, ${k.parent ? sql`p.name` : sql`null`} as parent
            ${from} where t.id in (select t.id from ${t} t ${f ? sql`left join users u on u.id = t.created_by` : sql``} ${where(f)} order by ${order} limit ${o.perPage} offset ${(o.page - 1) * o.perPage})
            order by ${order}`,
        f ? sql`select count(*) as n from ${t} t left join users u on u.id = t.created_by ${where(f)}` : sql`select count(*) as n from ${t} t ${where()}`,
      ])) as [ListRow[], { n: number }[]];
      const items: QueueItem[] = rows.map((r) => ({
        id: r.id,
        title: r.title,
        userId: r.user_id,
        userName: r.user_name,
        createdAt: r.created_at ?? "",
        details: { email: r.user_email, uses: r.uses, ...(k.parent ? { parent: r.parent } : {}) },
      }));
      return { items, total: Number(total?.n ?? 0) };
    },

    async decide(ctx: AppContext, operator: Actor, id: number, d: QueueDecision) {
      const [item] = await ctx.db.all<{ id: number; name: string; status: string; email: string | null; user_name: string | null; locale: string | null; uses: number }>(
        sql`select t.id, t.name, t.status, u.email, u.name as user_name, u.locale, ${sql.raw(k.uses)} as uses from ${t} t left join users u on u.id = t.created_by where t.id = ${id} limit 1`,
      );
      if (!item) throw notFound();
      if (item.status !== "moderation") throw alreadyDecided();
      const now = ctx.now().toISOString();
      const base = { actorUserId: operator.user.id, targetType: k.auditType, targetId: id };
      let decided: unknown[] | undefined;
      let reason: string | null = null;
      let into: { id: number; name: string } | null = null;
      if (d.decision === "approve") {
        [decided] = await sqlBatch(ctx, [
          sql`update ${t} set status = 'active', decided_by = ${operator.user.id}, decided_at = ${now} where id = ${id} and status = 'moderation' returning id`,
          auditIfChanged(ctx, { ...base, action: `moderation.${k.auditType}.approved`, meta: { name: item.name } }),
        ]);
      } else if (d.decision === "reject") {
        reason = rejectionReason(d.reason);
        const results = await sqlBatch(ctx, [
          sql`update ${t} set status = 'rejected', reject_reason = ${reason}, decided_by = ${operator.user.id}, decided_at = ${now} where id = ${id} and status = 'moderation' returning id`,
          auditIfChanged(ctx, { ...base, action: `moderation.${k.auditType}.rejected`, meta: { name: item.name, reason } }),
          ...(k.usesFiles ? [sql`${guarded(k, sql`delete from files where id in (${k.usesFiles(id)})`, id, "rejected")} returning key`] : []),
          ...k.removeUses(id).map((s) => guarded(k, s, id, "rejected")),
        ]);
        decided = results[0];
        // The rows are gone first: an object left by a failed delete is unreachable, never a dangling row.
        const keys = k.usesFiles ? ((results[2] ?? []) as { key: string }[]).map((r) => r.key) : [];
        await removeObjects(ctx, keys);
      } else {
        if (!k.repointUses) throw fieldError("decision", "admin.merge_unsupported");
        const target = d.mergeIntoId;
        if (!target) throw fieldError("merge_into_id", "admin.merge_target_required");
        if (target === id) throw fieldError("merge_into_id", "admin.merge_self");
        const [kept] = await ctx.db.all<{ id: number; name: string }>(sql`select id, name from ${t} where id = ${target} and status = 'active' limit 1`);
        if (!kept) throw fieldError("merge_into_id", "admin.merge_target_unknown");
        into = kept;
        const results = await sqlBatch(ctx, [
          ...k.repointUses(id, kept.id).map((s) => guarded(k, s, id, "moderation")),
          sql`delete from ${t} where id = ${id} and status = 'moderation' returning id`,
          auditIfChanged(ctx, { ...base, action: `moderation.${k.auditType}.merged`, meta: { name: item.name, into: kept.id, intoName: kept.name, reason: d.reason?.trim() || null } }),
        ]);
        decided = results[results.length - 2]!;
      }
      if (!decided?.length) throw alreadyDecided();
      if (item.email)
        await sendDecisionMail(ctx, {
          to: item.email,
          name: item.user_name ?? "",
          locale: item.locale ?? "ru",
          subject: { key: k.subject, name: item.name },
          decision: d.decision,
          reason,
          mergedInto: into?.name ?? null,
          note: d.decision === "reject" && item.uses > 0 ? (k.rejectedUsesNote ?? null) : null,
        });
    },
  };
}

export const referenceQueues = KINDS.map(referenceQueue);

type RejectedKind = "company" | "option" | "expertise" | "institution";

/**
 * An author's rejected proposals since a date, of the four lists at once (`union all`: one statement of the
 * profile's batch, not one per list), newest first; SQL built once per isolate (decision 0041).
 */
const rejectedStatement = prepared((db, p: Params<{ userId: number; since: string }>) => {
  const of = (table: typeof companies | typeof options | typeof expertises | typeof institutions, kind: RejectedKind) =>
    db
      .select({ kind: sql<RejectedKind>`${sql.raw(`'${kind}'`)}`.as("kind"), name: table.name, reason: table.rejectReason, decidedAt: table.decidedAt })
      .from(table)
      .where(and(eq(table.createdBy, p.userId), eq(table.status, "rejected"), gt(table.decidedAt, p.since)));
  return unionAll(of(companies, "company"), of(options, "option"), of(expertises, "expertise"), of(institutions, "institution"))
    .orderBy(desc(sql`decided_at`))
    .limit(20);
});

/**
 * The owner's proposals an operator rejected in the last 30 days, with the reason: the profile shows them
 * (issue 15: the user sees the reason in the product as well as in the e-mail): companies, functions,
 * competences and places of study (decision 0066). One statement of the profile page's one batch
 * (app/web/profile-page.server.ts), newest first.
 */
export function rejectedProposalsRead(ctx: AppContext, userId: number) {
  const since = new Date(ctx.now().getTime() - 30 * 86_400_000).toISOString();
  return read([rejectedStatement({ userId, since })] as const, ([rows]) => rows);
}
