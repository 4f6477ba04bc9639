import i18next, { type TFunction } from "i18next";
import { DEFAULT_LANG, i18nConfig, type Lang } from "~/i18n";
import en from "~/locales/en";
import enPages from "~/locales/en.pages";
import enServer from "~/locales/en.server";
import ru from "~/locales/ru";
import ruPages from "~/locales/ru.pages";
import ruServer from "~/locales/ru.server";
import { withServerTexts } from "~/locales/with-server-texts";

/**
 * The texts of every language and a fixed T per language, without Remix: the domain and the mails read
 * them (a module the domain imports must load outside a page, e.g. in a Cron Trigger or a test).
 */

/** Every text per language: what every page downloads, the single pages' texts, and the server's own. */
export const resources = {
  ru: { translation: withServerTexts(withServerTexts(ru, ruPages), ruServer) },
  en: { translation: withServerTexts(withServerTexts(en, enPages), enServer) },
};

/** The page namespaces per language, for the loaders that send them (app/web/page-texts.server.ts). */
export const pageResources = { ru: ruPages, en: enPages };

// One shared instance with both languages: a fixed T per language costs nothing per request.
const shared = i18next.createInstance();
void shared.init({ ...i18nConfig, resources, lng: DEFAULT_LANG, initImmediate: false });

export function getT(lang: Lang): TFunction {
  return shared.getFixedT(lang);
}
