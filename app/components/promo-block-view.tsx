import { useSubmit } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/lib/i18n";

/**
 * The promo block (spec 1 §1, §4): invites a signed-in user to the news channel. `show` comes from
 * `promoForPage(context)` in the page's loader (app/web/promo.server.ts). Closing or acting records
 * the event (tgpopup_close / tgpopup_action), which updates the visit record on the server: a close
 * hides it for the configured interval, an action for good. The action opens /api/redirect/tg in a new tab.
 */
export default function PromoBlockView({ show }: { show: boolean }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [hidden, setHidden] = useState(false);
  if (!show || hidden) return null;
  const record = (name: "tgpopup_close" | "tgpopup_action") => {
    setHidden(true);
    // In the background (no navigation); the loaders revalidate and agree that it is hidden.
    submit({ name }, { method: "post", action: "/client-event", navigate: false });
  };
  return (
    <aside className="promo" aria-labelledby="promo-title">
      <span className="promo__icon" aria-hidden="true">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="currentColor" focusable="false">
          <path d="M21.9 4.3 18.7 19.4c-.2 1-.9 1.3-1.7.8l-4.8-3.5-2.3 2.2c-.3.3-.5.5-1 .5l.3-4.9 8.9-8c.4-.3-.1-.5-.6-.2L6.5 13.2l-4.7-1.5c-1-.3-1-1 .2-1.5L20.6 3c.9-.3 1.6.2 1.3 1.3z" />
        </svg>
      </span>
      <div className="promo__body">
        <h2 className="promo__title" id="promo-title">
          {t("promo.title")}
        </h2>
        <p className="promo__text">{t("promo.text")}</p>
      </div>
      <a className="btn btn--primary promo__action" href="/api/redirect/tg" target="_blank" rel="noopener" onClick={() => record("tgpopup_action")}>
        {t("promo.action")}
        <span className="visually-hidden"> {t("common.newTab")}</span>
      </a>
      <button type="button" className="promo__close" aria-label={t("promo.close")} onClick={() => record("tgpopup_close")}>
        <span className="icon icon--close" aria-hidden="true" />
      </button>
    </aside>
  );
}
