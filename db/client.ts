import { drizzle } from "drizzle-orm/d1";
import * as content from "./schema/content";
import * as platform from "./schema/platform";
import * as reference from "./schema/reference";
import * as services from "./schema/services";
import * as users from "./schema/users";

export const schema = { ...users, ...platform, ...reference, ...content, ...services };

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}
export type Db = ReturnType<typeof createDb>;
