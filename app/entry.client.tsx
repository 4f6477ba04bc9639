import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFAULT_LANG, toLang } from "./i18n";
import { I18nProvider } from "./lib/i18n";

async function hydrate() {
  const lang = toLang(document.documentElement.lang) ?? DEFAULT_LANG;
  // Only the page's language is downloaded; with it, the promo block's code when the server rendered the
  // block (see window.__promoBlockView in components/promo-block.tsx). A failed download does not hold
  // the hydration: the block's lazy component tries again.
  const [resources] = await Promise.all([
    lang === "en" ? import("./locales/en").then((m) => m.default) : import("./locales/ru").then((m) => m.default),
    document.querySelector(".promo")
      ? import("./components/promo-block-view").then((m) => void (window.__promoBlockView = m), () => undefined)
      : undefined,
  ]);
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
