import { resumeUserFieldsRead } from "~/domain/cases/resume.server";
import { profileExperienceRead } from "~/domain/experience/profile.server";
import { contactsRead } from "~/domain/profile/profile.server";
import { eq, inArray } from "drizzle-orm";
import { files } from "../../../db/schema/platform";
import { userSocials } from "../../../db/schema/profile";
import { industries, options } from "../../../db/schema/reference";
import { userIndustries, userOptions, users } from "../../../db/schema/users";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { profileClosedTo } from "../blocked.server";
import { notFound } from "../errors";
import { localName } from "../names";
import { prepared, read, runReads, type Params } from "../reads";

/** The statements of `userRead`, their SQL built once per isolate (decision 0041). */
const userStatements = {
  user: prepared((db, p: Params<{ id: number }>) => db.select().from(users).where(eq(users.id, p.id)).limit(1)),
  industries: prepared((db, p: Params<{ id: number }>) =>
    db
      .select({ id: industries.id, name: industries.name, nameEn: industries.nameEn })
      .from(userIndustries)
      .innerJoin(industries, eq(industries.id, userIndustries.industryId))
      .where(eq(userIndustries.userId, p.id)),
  ),
  options: prepared((db, p: Params<{ id: number }>) =>
    db
      .select({ id: options.id, name: options.name, nameEn: options.nameEn, parent_id: options.parentId, status: options.status })
      .from(userOptions)
      .innerJoin(options, eq(options.id, userOptions.optionId))
      .where(eq(userOptions.userId, p.id)),
  ),
  photo: prepared((db, p: Params<{ id: number }>) => db.select({ key: files.key }).from(files).innerJoin(users, eq(users.photoFileId, files.id)).where(eq(users.id, p.id)).limit(1)),
  socials: prepared((db, p: Params<{ id: number }>) => db.select({ name: userSocials.name, link: userSocials.link }).from(userSocials).where(eq(userSocials.userId, p.id))),
};

/** A user with photo, expertise and socials: a read, so that a call puts it in its one batch. */
export function userRead(ctx: AppContext, id: number) {
  const s = userStatements;
  return read(
    [s.user({ id }), s.industries({ id }), s.options({ id }), s.photo({ id }), s.socials({ id })] as const,
    async ([userRows, ind, opt, photo, socials]) => {
      const u = userRows[0];
      if (!u) return null;
      return {
        u,
        photo: photo[0] ? await ctx.storage.signedUrl(photo[0].key) : null,
        socials,
        industries: ind.map((i) => ({ id: i.id, name: localName(ctx, i.name, i.nameEn) })),
        options: opt.map((o) => ({ id: o.id, name: localName(ctx, o.name, o.nameEn), parent_id: o.parent_id, status: o.status })),
      };
    },
  );
}

/**
 * GET /api/user: the signed-in user's own data, contacts included. Every part in ONE D1 batch besides the
 * session's statement (it was three: user, experience, resume; decision 0034).
 */
export async function currentUser(ctx: AppContext, actor: Actor) {
  const { loaded, experience, resume } = await runReads(ctx, {
    loaded: userRead(ctx, actor.user.id),
    experience: profileExperienceRead(ctx, actor.user.id, { readOnly: false }),
    resume: resumeUserFieldsRead(ctx, actor.user.id),
  });
  if (!loaded) throw notFound();
  const { u, photo, industries, options, socials } = loaded;
  return {
    id: u.id,
    name: u.name,
    lastName: u.lastName,
    patronymic: u.patronymic,
    email: u.email,
    corp_email: u.corpEmail,
    phone: u.phone,
    photo,
    status: u.statusText,
    isVerified: !!u.emailVerifiedAt,
    roles: actor.user.roles,
    is_expert: actor.user.roles.includes("executor"),
    is_admin: actor.user.roles.includes("admin"),
    impersonated_by: actor.impersonator?.name ?? null,
    socials,
    industries,
    options,
    ...experience,
    ...resume,
  };
}

/**
 * GET /api/user/{id}: someone else's public data. Contacts (phone, e-mails, socials) only to whom the
 * profile page shows them (spec 2 §6, the README's paid request: contactsRead's rule); publications and
 * the resume are the owner's only.
 */
export async function publicUser(ctx: AppContext, actor: Actor, id: number) {
  if (id === actor.user.id) return currentUser(ctx, actor);
  const { loaded, experience, contacts } = await runReads(ctx, {
    loaded: userRead(ctx, id),
    experience: profileExperienceRead(ctx, id, { readOnly: true }),
    contacts: contactsRead(ctx, actor.user.id, id),
  });
  if (!loaded || profileClosedTo(actor, id, loaded.u.blockedAt)) throw notFound();
  const { u, photo, industries, options } = loaded;
  return {
    id: u.id,
    name: u.name,
    lastName: u.lastName,
    patronymic: u.patronymic,
    photo,
    status: u.statusText,
    isVerified: !!u.emailVerifiedAt,
    industries,
    // The approved functions only: a proposed one is its author's alone (decision 0014).
    options: options.filter((o) => o.status === "active"),
    ...experience,
    ...(contacts ?? {}),
    resume: null,
    resume_processed: null,
    resume_filename: null,
  };
}

export async function usersByIds(ctx: AppContext, ids: number[]) {
  if (!ids.length) return [];
  return ctx.db.select({ id: users.id, name: users.name, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
}
