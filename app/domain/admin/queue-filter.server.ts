import { or, type SQL, type SQLWrapper } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import { likeContains } from "~/server/like.server";

/**
 * A queue's filter (the console's 'Название, имя или e-mail'): the item's title, or the name, last name
 * or e-mail of the user whose item it is. The statement joins `users` as that user; a queue's count
 * joins it only while a filter is given.
 */
export function titleOrUserContains(title: SQLWrapper, filter: string): SQL {
  return or(likeContains(title, filter), likeContains(users.email, filter), likeContains(users.name, filter), likeContains(users.lastName, filter))!;
}
