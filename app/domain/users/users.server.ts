import { eq, inArray } from "drizzle-orm";
import { files } from "../../../db/schema/platform";
import { industries, options } from "../../../db/schema/reference";
import { userIndustries, userOptions, users } from "../../../db/schema/users";
import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";
import { notFound } from "../errors";

async function photoUrl(ctx: AppContext, fileId: number | null) {
  if (!fileId) return null;
  const file = await ctx.db.query.files.findFirst({ where: eq(files.id, fileId) });
  return file ? ctx.storage.signedUrl(file.key) : null;
}

async function expertiseOf(ctx: AppContext, userId: number) {
  const [ind, opt] = await Promise.all([
    ctx.db.select({ id: industries.id, name: industries.name, nameEn: industries.nameEn }).from(userIndustries).innerJoin(industries, eq(industries.id, userIndustries.industryId)).where(eq(userIndustries.userId, userId)),
    ctx.db.select({ id: options.id, name: options.name, nameEn: options.nameEn, parent_id: options.parentId, status: options.status }).from(userOptions).innerJoin(options, eq(options.id, userOptions.optionId)).where(eq(userOptions.userId, userId)),
  ]);
  const l = (ru: string, en: string | null) => (ctx.lang === "en" && en ? en : ru);
  return {
    industries: ind.map((i) => ({ id: i.id, name: l(i.name, i.nameEn) })),
    options: opt.map((o) => ({ id: o.id, name: l(o.name, o.nameEn), parent_id: o.parent_id, status: o.status })),
  };
}

/** GET /api/user: the signed-in user's own data, contacts included. */
export async function currentUser(ctx: AppContext, actor: Actor) {
  const u = (await ctx.db.query.users.findFirst({ where: eq(users.id, actor.user.id) }))!;
  const [photo, expertise] = await Promise.all([photoUrl(ctx, u.photoFileId), expertiseOf(ctx, u.id)]);
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
    ...expertise,
  };
}

/** GET /api/user/{id}: someone else's public data; contacts are not part of it (spec 2 §6). */
export async function publicUser(ctx: AppContext, actor: Actor, id: number) {
  if (id === actor.user.id) return currentUser(ctx, actor);
  const u = await ctx.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!u) throw notFound();
  const [photo, expertise] = await Promise.all([photoUrl(ctx, u.photoFileId), expertiseOf(ctx, u.id)]);
  return { id: u.id, name: u.name, lastName: u.lastName, patronymic: u.patronymic, photo, status: u.statusText, ...expertise };
}

export async function usersByIds(ctx: AppContext, ids: number[]) {
  if (!ids.length) return [];
  return ctx.db.select({ id: users.id, name: users.name, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
}
