import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFAULT_LANG, toLang } from "./i18n";
import { I18nProvider } from "./lib/i18n";

async function hydrate() {
  const lang = toLang(document.documentElement.lang) ?? DEFAULT_LANG;
  // Only the page's language is downloaded.
  const resources = lang === "en" ? (await import("./locales/en")).default : (await import("./locales/ru")).default;
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nProvider lang={lang} resources={resources}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nProvider>,
    );
  });
}

void hydrate();
