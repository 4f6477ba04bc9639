import { rowChunks } from "../id-list";
import { and, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { resumeStates } from "../../../db/schema/cases";
import { userExpertises } from "../../../db/schema/experience";
import { files } from "../../../db/schema/platform";
import { expertises, industries, options } from "../../../db/schema/reference";
import { userIndustries, userOptions, users } from "../../../db/schema/users";
import { RESUME_TYPES, sniffFileType, type FileExt } from "../../../storage/sniff";
import type { AppContext } from "~/server/context.server";
import { mailTemplates } from "~/server/mail/templates.server";
import { hit } from "~/server/rate-limit.server";
import type { Actor } from "~/server/session.server";
import { DomainError, validationError } from "../errors";
import { commitWithUploads, fileRowInserts, prepareUploads } from "../files/files.server";
import { claimUploads, uploadConflict, uploadIds } from "../files/uploads.server";
import { isGuardFailure } from "../batch-guard";
import { LIMITS } from "../limits";
import { EXPERIENCE_LIMITS } from "../experience/rules";
import { CASE_LIMITS } from "./limits";
import { proposeFromText, type ResumeProposal } from "./resume-match";
import { extractResumeText, READABLE_RESUME } from "./resume-text.server";
import { confirmSchema, parseCasesInput, processSchema } from "./schema";
import { localName } from "../names";
import { prepared, read, runBatch, runRead, type Params } from "../reads";
import { removeObjects } from "../files/objects.server";

/**
 * The profile's resume is the newest file of kind 'resume' (registration may have stored up to five:
 * the older ones stay downloadable, docs/decisions/0015-cases.md). Its banner state is one row of
 * resume_states.
 */
const resumeStatements = {
  file: prepared((db, p: Params<{ userId: number }>) =>
    db
      .select({ id: files.id, key: files.key, name: files.name, mime: files.mime })
      .from(files)
      .where(and(eq(files.ownerUserId, p.userId), eq(files.kind, "resume")))
      .orderBy(desc(files.id))
      .limit(1),
  ),
  state: prepared((db, p: Params<{ userId: number }>) => db.select().from(resumeStates).where(eq(resumeStates.userId, p.userId)).limit(1)),
};
export function resumeQueries(userId: number) {
  return [resumeStatements.file({ userId }), resumeStatements.state({ userId })] as const;
}

async function resumeAndState(ctx: AppContext, userId: number) {
  const [file, state] = await runBatch(ctx, resumeQueries(userId));
  return { file: file[0] ?? null, state: state[0] ?? null };
}

type State = typeof resumeStates.$inferSelect;

/** The banner's step (spec 2 §4): 1 upload, 2 offer, 3 processing (proposal to confirm), 4 done; null: hidden. */
function bannerStep(file: { id: number } | null, state: State | null): 1 | 2 | 3 | 4 | null {
  if (state?.acknowledgedAt) return null;
  if (state?.choice === 1) return state.processed === 1 ? 4 : 3;
  if (state?.choice === 0 || state?.choice === -1) return null;
  return file ? 2 : 1;
}

/** The fields GET /api/user carries about the resume (spec 2 §3 User: resume, resume_processed, resume_filename), as a read of its batch. */
export function resumeUserFieldsRead(ctx: AppContext, userId: number) {
  return read(resumeQueries(userId), ([files, states]) => {
    const file = files[0] ?? null;
    const state = states[0] ?? null;
    return {
      resume: file ? `/api/files/${file.id}` : null,
      resume_filename: file?.name ?? null,
      resume_processed: state?.choice === 1 ? (state.processed ?? 0) : null,
    };
  });
}

export async function resumeUserFields(ctx: AppContext, userId: number) {
  return runRead(ctx, resumeUserFieldsRead(ctx, userId));
}

/** The resume block and the banner of the owner's profile page: one D1 round trip. */
export async function loadResumeBanner(ctx: AppContext, userId: number, opts: { readOnly: boolean }) {
  if (opts.readOnly) return null;
  const { file, state } = await resumeAndState(ctx, userId);
  return resumeBannerFrom(file, state);
}

export function resumeBannerFrom(file: { id: number; name: string } | null, state: State | null) {
  const step = bannerStep(file, state);
  const ext = file ? sniffExtOfName(file.name) : null;
  return {
    step,
    resume: file ? { id: file.id, name: file.name, url: `/api/files/${file.id}` } : null,
    /** A binary .doc is not read: the offer says so instead of failing after the choice. */
    readable: !!ext && READABLE_RESUME.includes(ext),
    processed: state?.choice === 1 ? (state.processed ?? 0) : null,
    proposal: step === 3 && state?.proposal ? (JSON.parse(state.proposal) as ResumeProposal) : null,
    added: step === 4 && state?.proposal ? ((JSON.parse(state.proposal) as ResumeProposal & { chosen?: Chosen }).chosen ?? null) : null,
  };
}
export type ResumeBannerData = NonNullable<Awaited<ReturnType<typeof loadResumeBanner>>>;

function sniffExtOfName(name: string): FileExt | null {
  const ext = name.toLowerCase().split(".").pop();
  return ext === "pdf" || ext === "docx" || ext === "doc" ? ext : null;
}

/**
 * POST /api/user/resume (form data `resume`): one pdf/doc/docx under 50 MB, type by content. It becomes
 * the profile's resume; a replaced one is deleted (row, then object). A new resume brings the offer back,
 * unless the resume was already processed (that happens once).
 */
export async function uploadResume(ctx: AppContext, actor: Actor, raw: Record<string, unknown>) {
  const value = raw.resume;
  const list = (Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value]).filter((v) => v !== "");
  // Or sent beforehand straight to storage (POST /api/uploads, kind profile_resume; decision 0062): its id.
  const direct = uploadIds(raw.uploads, "resume");
  if (!list.length && !direct.length) throw validationError({ resume: ["cases.v.file_required"] });
  if (list.some((f) => !(f instanceof File))) throw validationError({ resume: ["validation.file_type"] });
  if (list.length + direct.length > 1) throw validationError({ resume: ["cases.v.resume_one"] });
  const uploads = await prepareUploads(ctx, "resume", list as File[], { kind: "resume", allowed: RESUME_TYPES, maxBytes: CASE_LIMITS.fileBytes - 1, maxCount: 1, ownerUserId: actor.user.id });
  const { file: previous, state } = await resumeAndState(ctx, actor.user.id);
  // Checked now (size, type by content); a refusal writes nothing and keeps the previous resume.
  const claimed = await claimUploads(ctx, actor, direct, "profile_resume", { field: "resume", max: 1 });
  const batch: BatchItem<"sqlite">[] = [...fileRowInserts(ctx, uploads, "resume", actor.user.id), ...claimed.statements];
  if (previous) batch.push(ctx.db.delete(files).where(eq(files.id, previous.id)));
  if (state && state.choice !== 1) batch.push(ctx.db.update(resumeStates).set({ choice: null }).where(eq(resumeStates.userId, actor.user.id)));
  try {
    await commitWithUploads(ctx, uploads, () => ctx.db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]));
  } catch (e) {
    if (isGuardFailure(e)) throw uploadConflict();
    throw e;
  }
  if (previous) await removeObjects(ctx, [previous.key]);
  return { message: ctx.t(previous ? "cases.resume_updated" : "cases.resume_added"), ...(await resumeUserFields(ctx, actor.user.id)) };
}

/** DELETE /api/user/resume: the profile's resume (the newest); the older ones of registration stay. */
export async function deleteResume(ctx: AppContext, actor: Actor) {
  const { file } = await resumeAndState(ctx, actor.user.id);
  if (!file) throw new DomainError("not_found", "errors.not_found");
  await ctx.db.delete(files).where(and(eq(files.id, file.id), eq(files.ownerUserId, actor.user.id)));
  await removeObjects(ctx, [file.key]);
  return { message: ctx.t("cases.resume_deleted"), ...(await resumeUserFields(ctx, actor.user.id)) };
}

async function upsertState(ctx: AppContext, userId: number, values: Partial<State>) {
  await ctx.db
    .insert(resumeStates)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: resumeStates.userId, set: values });
}

/**
 * POST /api/user/resume/process {process}: 1 reads the resume now and stores a proposal for the expert to
 * confirm (and e-mails that it is ready); 0 means the expert fills the profile; -1 closes the banner.
 * Processing happens once: a second 1 answers 422.
 */
export async function processResume(ctx: AppContext, actor: Actor, raw: unknown) {
  const { process } = parseCasesInput(processSchema, raw);
  const uid = actor.user.id;
  const { file, state } = await resumeAndState(ctx, uid);
  if (process === 1) {
    if (state?.choice === 1) throw validationError({ process: ["cases.v.resume_already_processed"] });
    if (!file) throw validationError({ resume: ["cases.v.resume_missing"] });
    await hit(ctx, "resume_process_user", uid);
    const bytes = await ctx.storage.get(file.key);
    const sniffed = bytes ? sniffFileType(bytes) : null;
    if (!bytes || !sniffed) throw validationError({ resume: ["cases.v.resume_unreadable"] });
    if (!READABLE_RESUME.includes(sniffed.ext)) throw validationError({ resume: ["cases.v.resume_doc"] });
    let text: string;
    try {
      text = await extractResumeText(bytes, sniffed.ext);
    } catch {
      throw validationError({ resume: ["cases.v.resume_unreadable"] });
    }
    if (text.replace(/\s+/g, "").length < 20) throw validationError({ resume: ["cases.v.resume_unreadable"] });
    const proposal = await proposalFor(ctx, uid, text);
    // Once: the write's own condition, as two requests may both have read the state before either wrote
    // (the reading takes seconds). Only the first stores its proposal and mails; the other is refused.
    const values = { choice: 1, processed: 0, fileId: file.id, proposal: JSON.stringify(proposal), processedAt: ctx.now().toISOString(), acknowledgedAt: null };
    const stored = await ctx.db
      .insert(resumeStates)
      .values({ userId: uid, ...values })
      .onConflictDoUpdate({ target: resumeStates.userId, set: values, setWhere: sql`${resumeStates.choice} is not 1` })
      .returning({ userId: resumeStates.userId });
    if (!stored.length) throw validationError({ process: ["cases.v.resume_already_processed"] });
    // The processing is saved and can be done once: a mail that fails is logged, the answer stands.
    try {
      const [user] = await ctx.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, uid)).limit(1);
      await ctx.mailer.send(mailTemplates.resumeProcessed(ctx.t, user!.email, user!.name, `${ctx.env.APP_URL}/profile/information`));
    } catch (e) {
      console.log(JSON.stringify({ level: "warn", requestId: ctx.requestId, message: "resume mail failed", userId: uid, error: String(e) }));
    }
    return { resume_processed: 0, proposal };
  }
  // 0 and -1 hide the banner. After a processing, -1 is the acknowledgement of the last step.
  if (state?.choice === 1) await upsertState(ctx, uid, { acknowledgedAt: ctx.now().toISOString() });
  else await upsertState(ctx, uid, { choice: process });
  return { resume_processed: state?.choice === 1 ? state.processed ?? 0 : null };
}

/** The reference data and the profile's current choices, read in one batch, matched against the text. */
async function proposalFor(ctx: AppContext, uid: number, text: string): Promise<ResumeProposal> {
  const [ind, opt, exp, hasInd, hasOpt, hasExp] = await ctx.db.batch([
    ctx.db.select({ id: industries.id, name: industries.name, nameEn: industries.nameEn }).from(industries),
    ctx.db.select({ id: options.id, name: options.name, nameEn: options.nameEn, parentId: options.parentId }).from(options).where(eq(options.status, "active")),
    ctx.db.select({ id: expertises.id, name: expertises.name, nameEn: expertises.nameEn, parentId: expertises.parentId }).from(expertises).where(eq(expertises.status, "active")),
    ctx.db.select({ id: userIndustries.industryId }).from(userIndustries).where(eq(userIndustries.userId, uid)),
    ctx.db.select({ id: userOptions.optionId }).from(userOptions).where(eq(userOptions.userId, uid)),
    ctx.db.select({ id: userExpertises.expertiseId }).from(userExpertises).where(eq(userExpertises.userId, uid)),
  ]);
  // spec 2 §4: only leaves of the competence tree are selectable.
  const parents = new Set(exp.map((e) => e.parentId).filter((p): p is number => p !== null));
  const leaves = exp.filter((e) => !parents.has(e.id));
  return proposeFromText(
    text,
    { industries: ind, options: opt, expertises: leaves },
    { industries: new Set(hasInd.map((r) => r.id)), options: new Set(hasOpt.map((r) => r.id)), expertises: new Set(hasExp.map((r) => r.id)) },
    ctx.now().getUTCFullYear()
  );
}

type Chosen = { industries: string[]; options: string[]; expertises: string[] };

/**
 * POST /api/user/resume/proposal {industries, options, expertises}: what the expert ticked among the
 * proposal is added to the profile (functions with their main function), in one batch with the state.
 */
export async function confirmProposal(ctx: AppContext, actor: Actor, raw: unknown) {
  const input = parseCasesInput(confirmSchema, raw);
  const uid = actor.user.id;
  const { state } = await resumeAndState(ctx, uid);
  if (state?.choice !== 1 || state.processed !== 0 || !state.proposal) throw validationError({ form: ["cases.v.proposal_missing"] });
  const proposal = JSON.parse(state.proposal) as ResumeProposal;
  const pick = <T extends { id: number }>(list: T[], ids: number[]) => list.filter((x) => ids.includes(x.id));
  const ind = pick(proposal.industries, input.industries);
  const opt = pick(proposal.options, input.options);
  const exp = pick(proposal.expertises, input.expertises);
  const optionIds = [...new Set([...opt.map((o) => o.id), ...opt.flatMap((o) => (o.parent_id ? [o.parent_id] : []))])];

  // spec 2 §5 and decision 0014: at most 100 industries, 100 functions and 100 competences in a profile, as
  // the profile's own sections hold them. Only what the profile lacks counts; the batch checks again as it
  // finds the profile, so a section saved meanwhile cannot take it past a limit.
  const limits = [
    { table: userIndustries, ids: ind.map((i) => i.id), limit: LIMITS.profileIndustries, field: "industries", code: "validation.industries_limit" },
    { table: userOptions, ids: optionIds, limit: LIMITS.profileOptions, field: "options", code: "validation.options_limit" },
    { table: userExpertises, ids: exp.map((e) => e.id), limit: EXPERIENCE_LIMITS.expertisesPerSave, field: "expertises", code: "experience.expertises_limit" },
  ] as const;
  const assertWithinLimits = async () => {
    const held = await ctx.db.batch([
      ctx.db.select({ id: userIndustries.industryId }).from(userIndustries).where(eq(userIndustries.userId, uid)),
      ctx.db.select({ id: userOptions.optionId }).from(userOptions).where(eq(userOptions.userId, uid)),
      ctx.db.select({ id: userExpertises.expertiseId }).from(userExpertises).where(eq(userExpertises.userId, uid)),
    ]);
    const errors: Record<string, string[]> = {};
    limits.forEach((l, i) => {
      const have = new Set(held[i]!.map((r) => r.id));
      if (have.size + l.ids.filter((id) => !have.has(id)).length > l.limit) errors[l.field] = [l.code];
    });
    if (Object.keys(errors).length) throw validationError(errors);
  };
  await assertWithinLimits();

  // The same tables the profile's sections edit; what the profile already has is kept as is.
  // In chunks under D1's 100 bound parameters a statement: a proposal may name dozens of each.
  const batch: BatchItem<"sqlite">[] = [];
  for (const part of rowChunks(ind, 2)) batch.push(ctx.db.insert(userIndustries).values(part.map((i) => ({ userId: uid, industryId: i.id }))).onConflictDoNothing());
  for (const part of rowChunks(optionIds, 2)) batch.push(ctx.db.insert(userOptions).values(part.map((optionId) => ({ userId: uid, optionId }))).onConflictDoNothing());
  for (const part of rowChunks(exp, 2)) batch.push(ctx.db.insert(userExpertises).values(part.map((e) => ({ userId: uid, expertiseId: e.id }))).onConflictDoNothing());
  const chosen: Chosen = { industries: ind.map((i) => local(ctx, i)), options: opt.map((o) => local(ctx, o)), expertises: exp.map((e) => local(ctx, e)) };
  batch.push(
    ctx.db
      .update(resumeStates)
      .set({ processed: 1, confirmedAt: ctx.now().toISOString(), proposal: JSON.stringify({ ...proposal, chosen }) })
      .where(and(eq(resumeStates.userId, uid), eq(resumeStates.processed, 0)))
  );
  // Confirmed once: a second confirmation sent at the same moment passed the read above, and adds nothing.
  batch.push(ctx.db.select({ failed: sql`json('lost race')` }).from(users).where(and(eq(users.id, uid), sql`changes() = 0`)));
  for (const l of limits) {
    batch.push(
      ctx.db
        .select({ failed: sql`json('lost race')` })
        .from(users)
        .where(and(eq(users.id, uid), sql`(select count(*) from ${l.table} where ${l.table.userId} = ${uid}) > ${l.limit}`)),
    );
  }
  try {
    await ctx.db.batch(batch as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (e) {
    if (!isGuardFailure(e)) throw e;
    // Confirmed meanwhile by another request: as a second confirmation is answered.
    if ((await resumeAndState(ctx, uid)).state?.processed !== 0) throw validationError({ form: ["cases.v.proposal_missing"] });
    // A section saved meanwhile: the limit it now passes, read afresh (or, were it undone since, the one the
    // batch found passed).
    await assertWithinLimits();
    throw validationError({ form: ["validation.profile_changed"] });
  }
  return { resume_processed: 1, added: chosen };
}

const local = (ctx: AppContext, r: { name: string; nameEn: string | null }) => localName(ctx, r.name, r.nameEn);
