import type { Actor } from "~/server/session.server";
import { forbidden, notFound } from "../errors";

/**
 * Who may change a row of a profile (issue 11): its owner. Cases, publications and the other sections a
 * user fills in all answer the same way: a missing row is 404, someone else's is 403 (the API's shape in
 * spec 2 §7). Sections that delete with `where user_id = actor` in SQL need no read and answer 404 for
 * both, which tells a caller nothing about another user's rows either.
 */
export function requireOwnRow<T extends { userId: number }>(actor: Actor, row: T | null | undefined): T {
  if (!row) throw notFound();
  if (row.userId !== actor.user.id) throw forbidden();
  return row;
}
