import { sql, type SQLWrapper } from "drizzle-orm";

/**
 * SQLite's LIKE: `%` and `_` in a person's text are wildcards, and there is no escape character unless
 * the statement names one. Every LIKE over typed text goes through here, so the escaping and its
 * `escape '\'` clause always come together (a search for "ivan_petrov" matches that text only).
 * Like LIKE itself this folds ASCII letters only: Cyrillic names are compared in JS (~/domain/names).
 */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `expression` contains `text`, as typed. */
export const likeContains = (expression: SQLWrapper, text: string) => sql`${expression} like ${`%${escapeLike(text)}%`} escape '\\'`;
