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

export async function detectLang(request: Request): Promise<Lang> {
  return toLang(await remixI18n.getLocale(request)) ?? DEFAULT_LANG;
}
