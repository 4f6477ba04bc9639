import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { councilApplications, userIndustryOptions, userSocials } from "../schema/profile";
import { userIndustries, userOptions } from "../schema/users";

/**
 * The demo expert's profile (spec 2): socials, the functions chosen under each of the seeded industries,
 * and one expert-council application waiting for the operator.
 */
export async function seedProfileDemo(db: Db, expertId: number) {
  const [ind, opt] = await db.batch([
    db.select({ id: userIndustries.industryId }).from(userIndustries).where(eq(userIndustries.userId, expertId)),
    db.select({ id: userOptions.optionId }).from(userOptions).where(eq(userOptions.userId, expertId)),
  ]);
  const links = ind.flatMap((i, n) => opt.filter((_, k) => k % ind.length === n || k === 0).map((o) => ({ userId: expertId, industryId: i.id, optionId: o.id })));
  await db.batch([
    db.insert(userSocials).values([
      { userId: expertId, name: "vk", link: "https://vk.com/demo.expert" },
      { userId: expertId, name: "linkedIn", link: "https://www.linkedin.com/in/demo-expert" },
    ]),
    ...(links.length ? [db.insert(userIndustryOptions).values(links).onConflictDoNothing()] : []),
    ...(ind[0] && opt[0] ? [db.insert(councilApplications).values({ userId: expertId, industryId: ind[0].id, optionId: opt[0].id })] : []),
  ]);
}
