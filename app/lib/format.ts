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
