import { createCookie } from "@remix-run/cloudflare";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANG, i18nConfig, LANG_COOKIE, LANGUAGES, toLang, type Lang } from "~/i18n";
import { resources } from "./texts.server";

/** The request's language (remix-i18next); the texts themselves are in texts.server.ts. */

/** The chosen language is kept in a cookie for a year (spec 1 §1: kept on the device). */
export const langCookie = createCookie(LANG_COOKIE, { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 365, httpOnly: false });

export const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANG,
    cookie: langCookie,
    // API clients send the stored language as Content-Language (spec 1 §7).
    order: ["custom", "cookie", "header"],
    async findLocale(request) {
      return toLang(request.headers.get("Content-Language"));
    },
  },
  i18next: { ...i18nConfig, resources },
});

/**
 * The answers of remix-i18next's detection per distinct input (the Content-Language header, the language
 * cookie, Accept-Language): the same few combinations come again and again, and its parsing (the cookie
 * header, the signed-cookie decoding, Accept-Language) was a measurable part of every request's CPU
 * (decision 0034). Bounded: a flood of odd headers only evicts the oldest answers.
 */
const detected = new Map<string, Lang>();
const DETECTED_MAX = 512;

export async function detectLang(request: Request): Promise<Lang> {
  const h = request.headers;
  const key = `${h.get("Content-Language") ?? ""}\n${langCookieValue(h.get("Cookie"))}\n${h.get("Accept-Language") ?? ""}`;
  const hit = detected.get(key);
  if (hit) return hit;
  const lang = toLang(await remixI18n.getLocale(request)) ?? DEFAULT_LANG;
  if (detected.size >= DETECTED_MAX) detected.delete(detected.keys().next().value!);
  detected.set(key, lang);
  return lang;
}

/** The raw value of the language cookie in a Cookie header ("" when none): the part detection reads. */
function langCookieValue(header: string | null): string {
  if (!header) return "";
  const at = header.indexOf(`${LANG_COOKIE}=`);
  if (at < 0) return "";
  // Every cookie of that name, in order: the key then determines what the cookie parser would read.
  let out = "";
  for (const part of header.split(";")) {
    const p = part.trim();
    if (p.startsWith(`${LANG_COOKIE}=`)) out += p + ";";
  }
  return out;
}
