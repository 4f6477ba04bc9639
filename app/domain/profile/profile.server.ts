import { notInIds, rowChunks } from "../id-list";
import { usableBy } from "../reference/usable";
import { and, eq, inArray, notInArray, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { BatchItem } from "drizzle-orm/batch";
import { files } from "../../../db/schema/platform";
import { userIndustryOptions, userSocials } from "../../../db/schema/profile";
import { industries, options } from "../../../db/schema/reference";
import { tokens, userIndustries, userOptions, users } from "../../../db/schema/users";
import { AVATAR_TYPES } from "../../../storage/sniff";
import { auditInsert } from "~/server/audit.server";
import type { AppContext } from "~/server/context.server";
import { randomToken } from "~/server/crypto.server";
import { mailTemplates } from "~/server/mail/templates.server";
import { verifyPassword } from "~/server/password.server";
import { hit, hitAll } from "~/server/rate-limit.server";
import { revokeUserSessionsStatements, type Actor } from "~/server/session.server";
import { invalidateTokensStatement, tokenValues } from "../auth/tokens.server";
import { DomainError, validationError } from "../errors";
import { commitWithUploads, fileRowInserts, prepareUploads, type PreparedUpload } from "../files/files.server";
import { foldName, localName, sameNamed } from "../names";
import { requireOwnSession } from "../policy.server";
import { parseInput, phoneCountry } from "../validation";
import { known, prepared, read, type Params } from "../reads";
import { customerSeesRespond } from "../responds/view-flags.server";
import { PROFILE_LIMITS } from "./limits";
import { contactsSchema, industriesPayloadSchema, industryIdsSchema, optionIdsSchema, statusSchema } from "./schema";
import { removeObjects } from "../files/objects.server";

type Batch = BatchItem<"sqlite">[];
const runBatch = async (ctx: AppContext, q: Batch): Promise<unknown> => (q.length ? ctx.db.batch(q as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]) : []);

/**
 * Who may see a person's contacts (spec 2 §6, spec README "Payments and contacts"): the person, and the
 * customer of a request that the operator marked paid and that the person responded to (a response the
 * customer sees). Every caller asks here: the condition joins the contacts' own statements, so the rule
 * costs the page's batch no statement of its own.
 */
function contactsAllowed(viewerId: Placeholder, expertId: Placeholder): SQL {
  return sql`exists (select 1 from responds r join demands d on d.id = r.demand_id
    where r.user_id = ${expertId} and d.user_id = ${viewerId} and d.is_paid = 1 and d.deleted_at is null and ${customerSeesRespond("r")})`;
}

/** The contacts' two statements in the shape for one's own (always allowed) or someone else's (the rule above). */
const contactsStatements = (allowed: (p: Params<{ userId: number; viewerId: number }>) => SQL) => ({
  row: prepared((db, p: Params<{ userId: number; viewerId: number }>) =>
    db.select({ phone: users.phone, email: users.email, corp_email: users.corpEmail }).from(users).where(and(eq(users.id, p.userId), allowed(p))).limit(1),
  ),
  socials: prepared((db, p: Params<{ userId: number; viewerId: number }>) =>
    db.select({ name: userSocials.name, link: userSocials.link }).from(userSocials).where(and(eq(userSocials.userId, p.userId), allowed(p))),
  ),
});

/** The profile page's statements of this area, their SQL built once per isolate (decision 0041). */
const profileStatements = {
  head: prepared((db, p: Params<{ userId: number }>) =>
    db
      .select({ id: users.id, name: users.name, lastName: users.lastName, patronymic: users.patronymic, status: users.statusText, verified: users.emailVerifiedAt, blockedAt: users.blockedAt, photoKey: files.key })
      .from(users)
      .leftJoin(files, eq(files.id, users.photoFileId))
      .where(eq(users.id, p.userId))
      .limit(1),
  ),
  ownContacts: contactsStatements(() => sql`1`),
  contacts: contactsStatements((p) => contactsAllowed(p.viewerId, p.userId)),
  industries: prepared((db, p: Params<{ userId: number }>) =>
    db
      .select({ id: industries.id, name: industries.name, nameEn: industries.nameEn })
      .from(userIndustries)
      .innerJoin(industries, eq(industries.id, userIndustries.industryId))
      .where(eq(userIndustries.userId, p.userId))
      .orderBy(industries.sort, industries.name),
  ),
  options: prepared((db, p: Params<{ userId: number }>) =>
    db
      .select({ id: options.id, name: options.name, nameEn: options.nameEn, parent_id: options.parentId, status: options.status })
      .from(userOptions)
      .innerJoin(options, eq(options.id, userOptions.optionId))
      .where(eq(userOptions.userId, p.userId))
      .orderBy(options.name),
  ),
  industryOptions: prepared((db, p: Params<{ userId: number }>) =>
    db.select({ industryId: userIndustryOptions.industryId, optionId: userIndustryOptions.optionId }).from(userIndustryOptions).where(eq(userIndustryOptions.userId, p.userId)),
  ),
};

/**
 * The current password, for an e-mail change. An account without one (social sign-up) must set one
 * first (the reset code mailed to its address): decision 0022. Tries are limited per account.
 */
async function assertCurrentPassword(ctx: AppContext, actor: Actor, passwordHash: string | null, given: unknown) {
  if (!passwordHash) throw validationError({ email: ["auth.email_change_needs_password"] });
  if (typeof given !== "string" || !given) throw validationError({ current_password: ["auth.current_password_required"] });
  await hit(ctx, "email_change_user", actor.user.id);
  if (given.length > 200 || !(await verifyPassword(given, passwordHash)).ok) throw validationError({ current_password: ["auth.current_password_wrong"] });
}

/** A multipart client sends the JSON parts as strings ("industries/options JSON", spec 2 §7). */
function jsonPart(value: unknown) {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/* ------------------------------------------------------------------ sections of the profile page -- */

/** The header: name, photo (signed URL) and status. One statement. Null when there is no such user. */
export function headRead(ctx: AppContext, userId: number) {
  return read(
    [profileStatements.head({ userId })] as const,
    async ([[row]]) => {
      if (!row) return null;
      return {
        id: row.id,
        name: row.name,
        lastName: row.lastName,
        patronymic: row.patronymic,
        status: row.status ?? "",
        isVerified: !!row.verified,
        blockedAt: row.blockedAt,
        photo: row.photoKey ? await ctx.storage.signedUrl(row.photoKey) : null,
      };
    },
  );
}

/** Contacts (spec 2 §3): phone, e-mail, corporate e-mail, socials. Two statements; null when hidden from the viewer (contactsAllowed). */
export function contactsRead(ctx: AppContext, viewerId: number | null, userId: number) {
  if (viewerId === null) return known(null);
  const s = viewerId === userId ? profileStatements.ownContacts : profileStatements.contacts;
  return read(
    [s.row({ userId, viewerId }), s.socials({ userId, viewerId })] as const,
    ([[u], socials]) => (u ? { phone: u.phone ?? "", email: u.email, corp_email: u.corp_email ?? "", socials } : null),
  );
}



/**
 * Project expertise (spec 2 §2): industries, each with the functions chosen for it, and the functions not
 * tied to an industry (registration stores the two lists apart). Three statements.
 */
export function projectsRead(ctx: AppContext, userId: number, opts: { readOnly: boolean } = { readOnly: false }) {
  const s = profileStatements;
  return read(
    [s.industries({ userId }), s.options({ userId }), s.industryOptions({ userId })] as const,
    ([ind, opt, links]) => {
      // Someone else's profile shows the approved functions only (decision 0014).
      const optionList = opt.filter((o) => !opts.readOnly || o.status === "active").map((o) => ({ id: o.id, name: localName(ctx, o.name, o.nameEn), parent_id: o.parent_id, status: o.status }));
      const shown = new Set(optionList.map((o) => o.id));
      const linked = new Set(links.map((l) => l.optionId));
      return {
        industries: ind.map((i) => ({ id: i.id, name: localName(ctx, i.name, i.nameEn), options: links.filter((l) => l.industryId === i.id && shown.has(l.optionId)).map((l) => l.optionId) })),
        options: optionList,
        /** Functions not chosen under any industry (e.g. those given at registration). */
        unlinked: optionList.filter((o) => !linked.has(o.id)).map((o) => o.id),
      };
    },
  );
}

/* ------------------------------------------------------------------------------ saving the profile -- */

/** A save's statements, its files, and what runs once the batch is in (with the batch's results). */
type Write = { batch: Batch; uploads: PreparedUpload[]; after: ((results: readonly unknown[]) => Promise<void>)[]; changed: string[] };

/**
 * POST /api/user/profile (spec 2 §7): contacts (phone, email, corp_email, socials), the industries
 * payload and/or options (JSON), or a multipart `photo`. Every part given is checked before anything is
 * written; then one D1 batch (the photo's object removed if it fails).
 */
export async function saveProfile(ctx: AppContext, actor: Actor, raw: Record<string, unknown>) {
  const w: Write = { batch: [], uploads: [], after: [], changed: [] };
  const body: Record<string, unknown> = { ...raw, industries: jsonPart(raw.industries), options: jsonPart(raw.options), socials: jsonPart(raw.socials) };
  const hasContacts = ["phone", "email", "corp_email", "socials"].some((k) => body[k] !== undefined);
  if (hasContacts) await contactsWrites(ctx, actor, body, w);
  if (body.industries !== undefined) await industriesWrites(ctx, actor, body.industries, w);
  else if (body.options !== undefined) await optionIdsWrites(ctx, actor, { ids: body.options }, w);
  if (body.photo !== undefined) await photoWrites(ctx, actor, body.photo, w);
  if (!w.changed.length) throw validationError({ form: ["validation.nothing_to_save"] });
  w.batch.push(auditInsert(ctx, { actorUserId: actor.user.id, action: "profile.updated", targetType: "user", targetId: actor.user.id, meta: { parts: w.changed } }));
  let results: readonly unknown[];
  try {
    results = (await commitWithUploads(ctx, w.uploads, () => runBatch(ctx, w.batch))) as readonly unknown[];
  } catch (e) {
    if (String((e as Error)?.message ?? e).includes("UNIQUE") && w.changed.includes("email")) throw emailTaken();
    throw e;
  }
  for (const f of w.after) await f(results);
  return { message: ctx.t("profileApi.saved"), changed: w.changed };
}

/** The register page's message (spec 2 §5: e-mail "message from register page"). */
const emailTaken = () => new DomainError("validation", "auth.user_exists", { fields: { email: ["auth.user_exists"] } });

async function contactsWrites(ctx: AppContext, actor: Actor, body: Record<string, unknown>, w: Write) {
  const input = parseInput(contactsSchema(phoneCountry(ctx.country)), { phone: body.phone, email: body.email, corp_email: body.corp_email, socials: body.socials });
  const me = ctx.db
    .select({ email: users.email, name: users.name, phone: users.phone, corp: users.corpEmail, verified: users.emailVerifiedAt, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.user.id))
    .limit(1);
  const owner = input.email ? ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1) : null;
  const [[current], [holder]] = owner ? await ctx.db.batch([me, owner]) : [await me, []];
  if (!current) throw new DomainError("unauthorized", "errors.unauthorized");
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.phone !== undefined && input.phone !== current.phone) set.phone = input.phone;
  if (input.corp_email !== undefined && (input.corp_email ?? null) !== current.corp) set.corpEmail = input.corp_email ?? null;
  if (input.email !== undefined && input.email !== current.email) {
    // spec README: an impersonated session cannot change the e-mail (nor the password).
    requireOwnSession(actor);
    // ASVS V6.2.3/V7.5.1 (decision 0022): a session alone cannot move the account to another address.
    // assertCurrentPassword counts every try (email_change_user), which also bounds the verification mails.
    // Before the address is looked up: whether an address has an account is told only on a counted try
    // with the right password, never to a session that probes addresses without end.
    await assertCurrentPassword(ctx, actor, current.passwordHash, body.current_password);
    if (holder && holder.id !== actor.user.id) throw emailTaken();
    // The new address is mailed a link: at most `verify_resend_email` a day whoever sends it, as the resend
    // counts it (accounts taking turns must not mail someone else's address without end).
    await hit(ctx, "verify_resend_email", input.email);
    // docs/decisions/0013-profile.md: a new address must be proven again; until then the account is unverified.
    set.email = input.email;
    set.emailVerifiedAt = null;
    const secret = randomToken();
    const email = input.email;
    const oldEmail = current.email;
    w.batch.push(invalidateTokensStatement(ctx, "email_verify", { userId: actor.user.id }));
    // A reset code mailed to the old address must not open the account any more.
    w.batch.push(invalidateTokensStatement(ctx, "password_reset", { userId: actor.user.id }));
    w.batch.push(ctx.db.insert(tokens).values(await tokenValues(ctx, "email_verify", secret, { userId: actor.user.id, email })));
    // The other sessions end: whoever else is signed in must sign in again, under the new address.
    w.batch.push(...revokeUserSessionsStatements(ctx, actor.user.id, "email_changed", actor.sessionId));
    w.batch.push(auditInsert(ctx, { actorUserId: actor.user.id, action: "user.email_changed", targetType: "user", targetId: actor.user.id, meta: { from: oldEmail, to: email } }));
    w.after.push(async () => {
      const url = `${ctx.env.APP_URL}/email/verify?token=${encodeURIComponent(secret)}`;
      // The old address hears of it first, whatever becomes of the new one's link: if it was not the owner
      // who changed it, he knows at once.
      for (const [what, message] of [
        ["old address", mailTemplates.emailChanged(ctx.t, oldEmail, current.name, email)],
        ["new address", mailTemplates.verifyEmail(ctx.t, email, current.name, url)],
      ] as const) {
        try {
          await ctx.mailer.send(message);
        } catch (e) {
          // The change is saved; the person can ask for the link again from /verify or the profile banner.
          console.warn(JSON.stringify({ level: "warn", requestId: ctx.requestId, msg: `e-mail change mail to the ${what} failed`, error: String(e) }));
        }
      }
    });
    w.changed.push("email");
  }
  if (Object.keys(set).length) {
    w.batch.push(ctx.db.update(users).set({ ...set, updatedAt: ctx.now().toISOString() }).where(eq(users.id, actor.user.id)));
    if (set.phone !== undefined) w.changed.push("phone");
    if (set.corpEmail !== undefined) w.changed.push("corp_email");
  }
  if (input.socials !== undefined) {
    w.batch.push(ctx.db.delete(userSocials).where(eq(userSocials.userId, actor.user.id)));
    const rows = input.socials.filter((s) => s.link !== "").map((s) => ({ userId: actor.user.id, name: s.name, link: s.link }));
    if (rows.length) w.batch.push(ctx.db.insert(userSocials).values(rows));
    w.changed.push("socials");
  }
  // Contacts sent unchanged still count as a save (the page's button turns to 'Сохранено').
  if (!w.changed.length) w.changed.push("contacts");
}

/** Active functions and the ones this user proposed: what a profile may hold. */
async function selectableOptions(ctx: AppContext, userId: number) {
  return ctx.db
    .select({ id: options.id, name: options.name, parentId: options.parentId, status: options.status })
    .from(options)
    .where(usableBy(options, userId));
}

async function assertIndustries(ctx: AppContext, ids: number[]) {
  if (!ids.length) return;
  const found = await ctx.db.select({ id: industries.id }).from(industries).where(inArray(industries.id, ids));
  if (found.length !== new Set(ids).size) throw validationError({ industries: ["validation.industries_unknown"] });
}

async function industriesWrites(ctx: AppContext, actor: Actor, raw: unknown, w: Write) {
  const { industries: list } = parseInput(z.object({ industries: industriesPayloadSchema }), { industries: raw });
  const uid = actor.user.id;
  const [known, selectable] = await Promise.all([
    list.length ? ctx.db.select({ id: industries.id }).from(industries).where(inArray(industries.id, list.map((i) => i.id))) : Promise.resolve([]),
    selectableOptions(ctx, uid),
  ]);
  if (known.length !== list.length) throw validationError({ industries: ["validation.industries_unknown"] });
  const byId = new Map(selectable.map((o) => [o.id, o]));
  // A new function: an existing one of the same name under the same parent is reused (active first, then own).
  const proposals = new Map<string, { name: string; parentId: number | null; existing: number | null }>();
  for (const item of list) {
    for (const id of item.options) if (!byId.has(id)) throw validationError({ industries: ["validation.options_unknown"] });
    for (const n of item.new_options) {
      if (n.parent_id !== null) {
        const parent = byId.get(n.parent_id);
        if (!parent || parent.parentId !== null || parent.status !== "active") throw validationError({ industries: ["validation.option_parent"] });
      }
      const key = `${n.parent_id ?? ""}:${foldName(n.name)}`;
      if (proposals.has(key)) continue;
      const reuse = sameNamed(selectable.filter((o) => o.parentId === n.parent_id), n.name);
      proposals.set(key, { name: n.name, parentId: n.parent_id, existing: reuse?.id ?? null });
    }
  }
  const existingIds = new Set(list.flatMap((i) => i.options));
  for (const p of proposals.values()) if (p.existing) existingIds.add(p.existing);
  const fresh = [...proposals.values()].filter((p) => !p.existing);
  if (existingIds.size + fresh.length > PROFILE_LIMITS.options) throw validationError({ industries: ["validation.options_limit"] });
  // Each new function goes to the operators' moderation queue: counted per function.
  if (fresh.length) await hitAll(ctx, [{ name: "proposals_user", subject: uid, weight: fresh.length }]);

  // A function created in this batch is found again by (creator, name, parent): its id is not known yet.
  const newId = (p: { name: string; parentId: number | null }) =>
    sql<number>`(select max(id) from options where created_by = ${uid} and name = ${p.name} and ${p.parentId === null ? sql`parent_id is null` : sql`parent_id = ${p.parentId}`})`;
  const q = w.batch;
  for (const p of fresh) q.push(ctx.db.insert(options).values({ name: p.name, parentId: p.parentId, status: "moderation", createdBy: uid }));
  q.push(ctx.db.delete(userIndustries).where(eq(userIndustries.userId, uid)));
  q.push(ctx.db.delete(userOptions).where(eq(userOptions.userId, uid)));
  q.push(ctx.db.delete(userIndustryOptions).where(eq(userIndustryOptions.userId, uid)));
  for (const part of rowChunks(list, 2)) q.push(ctx.db.insert(userIndustries).values(part.map((i) => ({ userId: uid, industryId: i.id }))));
  for (const part of rowChunks([...existingIds], 2)) q.push(ctx.db.insert(userOptions).values(part.map((optionId) => ({ userId: uid, optionId }))));
  for (const p of fresh) q.push(ctx.db.insert(userOptions).values({ userId: uid, optionId: newId(p) as unknown as number }));
  // An existing function's links in a few multi-row INSERTs; a new function's in one INSERT each, over the
  // industries it was named under (not one per industry: a batch's statements count against the Worker's
  // limit, and 30 new functions under 100 industries would be 3,000).
  const links = new Map<string, { industryId: number; optionId: number }>();
  const underNew = new Map<{ name: string; parentId: number | null }, Set<number>>();
  for (const i of list) {
    for (const o of i.options) links.set(`${i.id}:${o}`, { industryId: i.id, optionId: o });
    for (const n of i.new_options) {
      const p = proposals.get(`${n.parent_id ?? ""}:${foldName(n.name)}`)!;
      if (p.existing) links.set(`${i.id}:${p.existing}`, { industryId: i.id, optionId: p.existing });
      else underNew.set(p, (underNew.get(p) ?? new Set()).add(i.id));
    }
  }
  for (const part of rowChunks([...links.values()], 3)) q.push(ctx.db.insert(userIndustryOptions).values(part.map((l) => ({ userId: uid, ...l }))));
  for (const [p, industryIds] of underNew)
    q.push(ctx.db.insert(userIndustryOptions).select(sql`select ${uid}, j.value, ${newId(p)} from json_each(${JSON.stringify([...industryIds])}) j`));
  for (const p of fresh) q.push(auditInsert(ctx, { actorUserId: uid, action: "option.proposed", targetType: "option", meta: { name: p.name, parent_id: p.parentId } }));
  w.changed.push("industries");
}

async function optionIdsWrites(ctx: AppContext, actor: Actor, raw: unknown, w: Write) {
  const { ids } = parseInput(optionIdsSchema, raw);
  const unique = [...new Set(ids)];
  const selectable = new Set((await selectableOptions(ctx, actor.user.id)).map((o) => o.id));
  if (unique.some((id) => !selectable.has(id))) throw validationError({ ids: ["validation.options_unknown"] });
  const uid = actor.user.id;
  w.batch.push(ctx.db.delete(userOptions).where(eq(userOptions.userId, uid)));
  for (const part of rowChunks(unique, 2)) w.batch.push(ctx.db.insert(userOptions).values(part.map((optionId) => ({ userId: uid, optionId }))));
  // A function taken off the profile leaves every industry it was chosen under.
  w.batch.push(ctx.db.delete(userIndustryOptions).where(unique.length ? and(eq(userIndustryOptions.userId, uid), notInIds(userIndustryOptions.optionId, unique)) : eq(userIndustryOptions.userId, uid)));
  w.changed.push("options");
}

/** Removes every picture of the user, rows in the batch, then their objects (no orphan objects). */
function removePictures(ctx: AppContext, uid: number, w: Write, keep?: string) {
  const gone = w.batch.push(ctx.db.delete(files).where(and(eq(files.ownerUserId, uid), eq(files.kind, "avatar"), keep ? sql`${files.key} <> ${keep}` : undefined)).returning({ key: files.key })) - 1;
  w.after.push(async (results) => {
    const keys = (results[gone] as { key: string }[]).map((r) => r.key);
    await removeObjects(ctx, keys);
  });
}

async function photoWrites(ctx: AppContext, actor: Actor, photo: unknown, w: Write) {
  // An empty value removes the photo: the profile shows the initials again.
  if (photo === "") {
    w.batch.push(ctx.db.update(users).set({ photoFileId: null, updatedAt: ctx.now().toISOString() }).where(eq(users.id, actor.user.id)));
    removePictures(ctx, actor.user.id, w);
    w.changed.push("photo");
    return;
  }
  if (!(photo instanceof File)) throw validationError({ photo: ["validation.file_type"] });
  // spec 2 §5: under 20 MB ('Слишком большой файл'), an image by its content.
  const [upload] = await prepareUploads(ctx, "photo", [photo], { kind: "avatar", allowed: AVATAR_TYPES, maxBytes: PROFILE_LIMITS.avatarBytes - 1, maxCount: 1, sizeMessage: "validation.file_too_big", ownerUserId: actor.user.id });
  const uid = actor.user.id;
  w.uploads.push(upload!);
  w.batch.push(...fileRowInserts(ctx, [upload!], "avatar", uid));
  w.batch.push(ctx.db.update(users).set({ photoFileId: sql`(select id from files where key = ${upload!.key})`, updatedAt: ctx.now().toISOString() }).where(eq(users.id, uid)));
  // Every other picture of the user goes in the same batch, whatever was read before: of two saves at
  // once, the later batch also removes the earlier one's picture (no row or object left behind); their
  // objects go once their rows are gone (spec 2 brief: no orphan objects).
  removePictures(ctx, uid, w, upload!.key);
  w.changed.push("photo");
}

/** POST /api/user/profile/industries {ids}: the industry list; functions chosen under a removed industry stay on the profile. */
export async function saveIndustryIds(ctx: AppContext, actor: Actor, raw: unknown) {
  const { ids } = parseInput(industryIdsSchema, raw);
  const unique = [...new Set(ids)];
  await assertIndustries(ctx, unique).catch((e) => {
    throw e instanceof DomainError ? validationError({ ids: ["validation.industries_unknown"] }) : e;
  });
  const uid = actor.user.id;
  const q: Batch = [ctx.db.delete(userIndustries).where(eq(userIndustries.userId, uid))];
  for (const part of rowChunks(unique, 2)) q.push(ctx.db.insert(userIndustries).values(part.map((industryId) => ({ userId: uid, industryId }))));
  q.push(ctx.db.delete(userIndustryOptions).where(unique.length ? and(eq(userIndustryOptions.userId, uid), notInIds(userIndustryOptions.industryId, unique)) : eq(userIndustryOptions.userId, uid)));
  q.push(auditInsert(ctx, { actorUserId: uid, action: "profile.updated", targetType: "user", targetId: uid, meta: { parts: ["industries"] } }));
  await runBatch(ctx, q);
  return { message: ctx.t("profileApi.saved"), ids: unique };
}

/** POST /api/user/profile/options {ids}: the function list. */
export async function saveOptionIds(ctx: AppContext, actor: Actor, raw: unknown) {
  const w: Write = { batch: [], uploads: [], after: [], changed: [] };
  await optionIdsWrites(ctx, actor, raw, w);
  w.batch.push(auditInsert(ctx, { actorUserId: actor.user.id, action: "profile.updated", targetType: "user", targetId: actor.user.id, meta: { parts: ["options"] } }));
  await runBatch(ctx, w.batch);
  return { message: ctx.t("profileApi.saved"), ids: [...new Set((raw as { ids: number[] }).ids)] };
}

/** POST /api/user/status {text}: up to 300 characters (spec 2 §5); empty clears it. */
export async function saveStatus(ctx: AppContext, actor: Actor, raw: unknown) {
  const { text } = parseInput(statusSchema, raw);
  await ctx.db.update(users).set({ statusText: text || null, updatedAt: ctx.now().toISOString() }).where(eq(users.id, actor.user.id));
  return { message: ctx.t("profileApi.saved"), status: text };
}

