import type { Db } from "../client";
import { invites } from "../schema/users";

/** Demo (spec 2 'Invitation pages'): the demo expert has invited a colleague who has not registered yet. */
export async function seedInvites(db: Db, expertId: number) {
  await db.insert(invites).values({ inviterUserId: expertId, expertType: "individual", email: "colleague@demo.ru", name: "Олег", lastName: "Морозов", phone: "+7 916 555-44-33" });
}
