import { useLocation } from "@remix-run/react";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { shellMode, type Mode } from "~/lib/mode";
import { useOpenedOnce } from "./lazy-once";
import { CurrentLink } from "./menu-link";
import { tabItems } from "./nav-items";
import { GuestPrompt } from "./shell-lazy";

/**
 * The mobile bottom tab bar (spec 1 §2), per mode. A guest who taps requests, projects or communities
 * gets the 'Войдите или зарегистрируйтесь' prompt; without scripts the link itself leads to sign-in
 * through the route's guard.
 */
export function TabBar({ signedIn, mode: rootMode, hasNew }: { signedIn: boolean; mode: Mode; hasNew: boolean }) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<string | null>(null);
  const location = useLocation();
  const mode = shellMode(location, rootMode);
  const promptLoaded = useOpenedOnce(prompt !== null);
  useEffect(() => setPrompt(null), [location.key]);
  return (
    <>
      <nav className="tabbar" aria-label={t("tabs.label")}>
        {tabItems(mode).map((item) => (
          <CurrentLink
            key={item.to}
            to={item.to}
            className="tabbar__item"
            onClick={(e) => {
              if (signedIn || !item.guard) return;
              e.preventDefault();
              setPrompt(item.to);
            }}
          >
            <span className="tabbar__icon">
              <span className={`icon icon--${item.icon}`} aria-hidden="true" />
              {signedIn && item.chip && hasNew ? <span className="tabbar__dot" /> : null}
            </span>
            <span className="tabbar__label">
              {t(item.labelKey)}
              {signedIn && item.chip && hasNew ? <span className="visually-hidden"> ({t("nav.new")})</span> : null}
            </span>
          </CurrentLink>
        ))}
      </nav>
      {promptLoaded ? (
        <Suspense fallback={null}>
          <GuestPrompt target={prompt} mode={mode} onClose={() => setPrompt(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
