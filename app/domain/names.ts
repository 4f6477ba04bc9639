/**
 * How names typed by people are compared: the reference lists (functions, competences, companies,
 * institutions), searches in them, the FAQ search and the resume reader all fold the same way. Pure and
 * without zod, so pages may use it too (docs/decisions/0005).
 */

/**
 * A name as compared: letter case (Cyrillic too, which SQLite's lower() and LIKE leave alone, hence this
 * runs in JS), ё/е and runs of spaces do not matter.
 */
export const foldName = (s: string) => s.trim().replace(/\s+/g, " ").toLocaleLowerCase("ru").replace(/ё/g, "е");

/** A reference entry's name in the reader's language: the English one for an English reader when it has one. */
export const localName = (ctx: { lang: string }, ru: string, en: string | null) => (ctx.lang === "en" && en ? en : ru);

type Named = { name: string; status?: string | null };

/**
 * A proposed name that already exists is the existing entry (spec 2 §4: a "new" function, competence,
 * company or institution is not created twice). `rows` are the entries the proposer may pick (the caller
 * narrows them: same parent, active or the proposer's own); among those of the same folded name an active
 * one wins, otherwise the first.
 */
export function sameNamed<T extends Named>(rows: readonly T[], name: string): T | undefined {
  const key = foldName(name);
  const same = rows.filter((r) => foldName(r.name) === key);
  return same.find((r) => r.status === undefined || r.status === "active") ?? same[0];
}
