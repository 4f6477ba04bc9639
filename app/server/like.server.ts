import { sql, type SQLWrapper } from "drizzle-orm";

/**
 * SQLite's LIKE: `%` and `_` in a person's text are wildcards, and there is no escape character unless
 * the statement names one. Every LIKE over typed text goes through here, so the escaping and its
 * `escape '\'` clause always come together (a search for "ivan_petrov" matches that text only).
 * Like LIKE itself this folds ASCII letters only: Cyrillic names are compared in JS (~/domain/names).
 */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** D1 refuses a LIKE pattern longer than 50 bytes ("LIKE or GLOB pattern too complex"): 25 Cyrillic letters. */
const D1_LIKE_PATTERN_BYTES = 50;
const encoder = new TextEncoder();

/**
 * `expression` contains `text`, as typed. A text whose pattern D1 would refuse is found with instr() over
 * lower(): the same match (literal, ASCII letters folded as LIKE folds them) without the length limit.
 */
export const likeContains = (expression: SQLWrapper, text: string) => {
  const pattern = `%${escapeLike(text)}%`;
  if (encoder.encode(pattern).length > D1_LIKE_PATTERN_BYTES) return sql`instr(lower(${expression}), lower(${text})) > 0`;
  return sql`${expression} like ${pattern} escape '\\'`;
};

/** Cyrillic capitals (А–Я and Ё), which SQLite's lower() and LIKE leave as they are. */
const CYRILLIC_UPPER = [..."АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"];

/**
 * `expression` folded in SQL the way `foldName` (~/domain/names) folds in JS: ASCII and Cyrillic letter
 * case and ё/е do not matter. For tables without a stored folded column (users' names), so a search can
 * page in SQL. The letters are constants written into the statement (D1 allows 100 bound parameters).
 */
export function foldedSql(expression: SQLWrapper) {
  let folded = sql`lower(${expression})`;
  for (const upper of CYRILLIC_UPPER) folded = sql`replace(${folded}, '${sql.raw(upper)}', '${sql.raw(upper.toLocaleLowerCase("ru"))}')`;
  return sql`replace(${folded}, 'ё', 'е')`;
}
