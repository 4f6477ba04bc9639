import { createCookie } from "@remix-run/cloudflare";
import i18next, { type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANG, i18nConfig, LANG_COOKIE, LANGUAGES, toLang, type Lang } from "~/i18n";
import en from "~/locales/en";
import enPages from "~/locales/en.pages";
import enServer from "~/locales/en.server";
import ru from "~/locales/ru";
import ruPages from "~/locales/ru.pages";
import ruServer from "~/locales/ru.server";
import { withServerTexts } from "~/locales/with-server-texts";

/** Every text per language: what every page downloads, the single pages' texts, and the server's own. */
export const resources = {
  ru: { translation: withServerTexts(withServerTexts(ru, ruPages), ruServer) },
  en: { translation: withServerTexts(withServerTexts(en, enPages), enServer) },
};

/** The page namespaces per language, for the loaders that send them (app/server/page-texts.server.ts). */
export const pageResources = { ru: ruPages, en: enPages };

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

// One shared instance with both languages: a fixed T per language costs nothing per request.
const shared = i18next.createInstance();
void shared.init({ ...i18nConfig, resources, lng: DEFAULT_LANG, initImmediate: false });

export function getT(lang: Lang): TFunction {
  return shared.getFixedT(lang);
}

export async function detectLang(request: Request): Promise<Lang> {
  return toLang(await remixI18n.getLocale(request)) ?? DEFAULT_LANG;
}
