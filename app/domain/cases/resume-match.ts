/**
 * Reads a resume's text against the reference data: which industries, functions and competences it
 * names (in Russian or English), and which work periods ('2018–2021', 'янв 2018 - н.в.') it lists
 * with the company written next to them. Pure, so it is unit-tested without a Worker.
 */
import { foldName } from "../names";

export type NamedRef = { id: number; name: string; nameEn: string | null; parentId?: number | null };
export type ProposedWork = { company: string; work_start: string; work_finish: string | null; period: string };
export type ResumeProposal = {
  industries: { id: number; name: string; nameEn: string | null }[];
  options: { id: number; name: string; nameEn: string | null; parent_id: number | null }[];
  expertises: { id: number; name: string; nameEn: string | null }[];
  works: ProposedWork[];
};

/** Lower-case words of a text: letters and digits, everything else separates. */
export function words(s: string): string[] {
  return foldName(s)
    .split(/[^a-zа-я0-9]+/)
    .filter(Boolean);
}

/**
 * A word of a name against a word of the text: a long Cyrillic word may end in any case ending ('ритейл'
 * finds 'ритейле', 'моделирование' finds 'моделирования'); other words must be equal.
 */
function wordMatches(text: string, name: string) {
  if (name.length >= 5 && /^[а-я]+$/.test(name)) {
    const stem = name.slice(0, name.length - 2);
    return text.startsWith(stem) && text.length - stem.length <= 4 && /^[а-я]+$/.test(text);
  }
  return text === name;
}

/** The text's words, indexed by their first three letters: a name is looked up where its first word could be. */
export type TextIndex = { words: string[]; at: Map<string, number[]> };
export function indexText(text: string): TextIndex {
  const list = words(text);
  const at = new Map<string, number[]>();
  list.forEach((w, i) => {
    const k = w.slice(0, 3);
    const l = at.get(k);
    if (l) l.push(i);
    else at.set(k, [i]);
  });
  return { words: list, at };
}

/** Whether the text names it: the name's words in order, side by side. */
export function mentions(index: TextIndex, name: string): boolean {
  const nameWords = words(name);
  if (!nameWords.length || nameWords.join("").length < 2) return false;
  for (const i of index.at.get(nameWords[0]!.slice(0, 3)) ?? []) {
    if (nameWords.every((nw, j) => index.words[i + j] !== undefined && wordMatches(index.words[i + j]!, nw))) return true;
  }
  return false;
}

function found(index: TextIndex, ref: NamedRef) {
  return [ref.name, ref.nameEn].some((n) => !!n && mentions(index, n));
}

const MONTHS: [RegExp, number][] = [
  [/^(янв|jan)/, 1],
  [/^(фев|feb)/, 2],
  [/^(мар|mar)/, 3],
  [/^(апр|apr)/, 4],
  [/^(мая|май|may)/, 5],
  [/^(июн|jun)/, 6],
  [/^(июл|jul)/, 7],
  [/^(авг|aug)/, 8],
  [/^(сен|sep)/, 9],
  [/^(окт|oct)/, 10],
  [/^(ноя|nov)/, 11],
  [/^(дек|dec)/, 12],
];
const monthOf = (word: string | undefined) => (word ? MONTHS.find(([p]) => p.test(foldName(word)))?.[1] ?? 1 : 1);
const MONTH = "(?:((?:янв|фев|мар|апр|ма[йя]|июн|июл|авг|сен|окт|ноя|дек|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\\p{L}*)\\.?\\s+)?";
const YEAR = "((?:19|20)\\d{2})(?:\\s*г\\.?)?";
const NOW = "(н\\.\\s?в\\.?|н\\/в|наст(?:оящее)?\\.?\\s*(?:время|вр\\.?)?|по\\s+(?:настоящее\\s+время|н\\.\\s?в\\.?)|сейчас|present|now|current|today)";
const PERIOD = new RegExp(`${MONTH}${YEAR}\\s*(?:[–—-]|по|to|until)\\s*(?:${MONTH}${YEAR}|${NOW})`, "giu");

const date = (year: string, month: number) => `${year}-${String(month).padStart(2, "0")}-01`;

/** Text of a line around a period, as a company name: quotes and separators trimmed, at most 100 characters. */
function companyFrom(line: string) {
  const cleaned = line
    .replace(/^[\s,.;:|·•–—-]+|[\s,.;:|·•–—-]+$/g, "")
    .replace(/\s{2,}/g, " ")
    .trim();
  return cleaned.length >= 2 && /\p{L}/u.test(cleaned) ? cleaned.slice(0, 100) : "";
}

export function findWorkPeriods(text: string, currentYear: number): ProposedWork[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const works: ProposedWork[] = [];
  lines.forEach((line, i) => {
    for (const m of line.matchAll(PERIOD)) {
      const [all, m1, y1, m2, y2, now] = m;
      const start = Number(y1);
      const finish = y2 ? Number(y2) : null;
      if (start < 1950 || start > currentYear || (finish !== null && (finish < start || finish > currentYear))) continue;
      // The company: the rest of the line, else the nearest non-empty line after (or before) it.
      let company = companyFrom(line.replace(all, " "));
      for (let d = 1; !company && d <= 2; d++) company = companyFrom(lines[i + d] ?? "") || companyFrom(lines[i - d] ?? "");
      if (!company) continue;
      works.push({
        company,
        work_start: date(y1!, monthOf(m1)),
        work_finish: now || !y2 ? null : date(y2, monthOf(m2)),
        period: all.trim(),
      });
    }
  });
  // The same company and period twice (a header repeated on each page) is one work.
  const seen = new Set<string>();
  return works
    .filter((w) => {
      const key = `${foldName(w.company)}|${w.work_start}|${w.work_finish}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, 20);
}

/** What the resume proposes, leaving out what the profile already has. */
export function proposeFromText(
  rawText: string,
  refs: { industries: NamedRef[]; options: NamedRef[]; expertises: NamedRef[] },
  has: { industries: Set<number>; options: Set<number>; expertises: Set<number> },
  currentYear: number
): ResumeProposal {
  const text = indexText(rawText);
  return {
    industries: refs.industries.filter((r) => !has.industries.has(r.id) && found(text, r)).map((r) => ({ id: r.id, name: r.name, nameEn: r.nameEn })),
    options: refs.options.filter((r) => !has.options.has(r.id) && found(text, r)).map((r) => ({ id: r.id, name: r.name, nameEn: r.nameEn, parent_id: r.parentId ?? null })),
    expertises: refs.expertises.filter((r) => !has.expertises.has(r.id) && found(text, r)).map((r) => ({ id: r.id, name: r.name, nameEn: r.nameEn })),
    works: findWorkPeriods(rawText, currentYear),
  };
}
