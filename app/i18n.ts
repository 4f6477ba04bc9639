/** i18next settings shared by the server and the browser. */
export const LANGUAGES = ["ru", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "ru";
export const LANG_COOKIE = "lng";

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANG,
  defaultNS: "translation",
  interpolation: { escapeValue: false },
} as const;

export function toLang(value: string | null | undefined): Lang | null {
  if (!value) return null;
  const short = value.trim().slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(short) ? (short as Lang) : null;
}
