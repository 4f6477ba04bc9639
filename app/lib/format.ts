/**
 * Numbers and dates as the pages show them. Intl's formatters are costly to make and cheap to use (making
 * one per call was a visible share of a list page's render), so each is made once per language and kept
 * for the isolate, or the browser tab.
 */

const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

/** Grouped digits: "1 250 000" in Russian, "1,250,000" in English. */
export function numberFormat(lang: string): Intl.NumberFormat {
  const locale = lang === "en" ? "en-US" : "ru-RU";
  let f = numbers.get(locale);
  if (!f) numbers.set(locale, (f = new Intl.NumberFormat(locale)));
  return f;
}

export const formatNumber = (n: number, lang: string) => numberFormat(lang).format(n);

/** A stored time's UTC calendar day: "23.11.2026" in Russian, "23/11/2026" in English; "" for none. */
export function formatDate(iso: string | null | undefined, lang: string): string {
  if (!iso) return "";
  const locale = lang === "en" ? "en-GB" : "ru-RU";
  let f = dates.get(locale);
  if (!f) dates.set(locale, (f = new Intl.DateTimeFormat(locale, { timeZone: "UTC" })));
  return f.format(new Date(iso));
}

const times = new Map<string, Intl.DateTimeFormat>();
/** Moscow time, the market's (UTC+3 all year since 2014): the console's operators read times in it. */
const MOSCOW_OFFSET_MS = 3 * 3600_000;

/**
 * A stored time as the console shows it, in Moscow time: "27.11.2026, 21:29 МСК" in Russian,
 * "27/11/2026, 21:29 MSK" in English; "—" for none.
 */
export function formatDateTime(iso: string | null | undefined, lang: string): string {
  if (!iso) return "—";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const locale = lang === "en" ? "en-GB" : "ru-RU";
  let f = times.get(locale);
  if (!f) times.set(locale, (f = new Intl.DateTimeFormat(locale, { timeZone: "UTC", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false })));
  return `${f.format(new Date(ms + MOSCOW_OFFSET_MS))} ${lang === "en" ? "MSK" : "МСК"}`;
}
