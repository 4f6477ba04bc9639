import { createContext, Suspense, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import type { SupportInfo } from "./help-dialogs";
import { useDetailsMenu } from "./details-menu";
import { useOpenedOnce } from "./lazy-once";
import { HelpDialogs, HelpMenu } from "./shell-lazy";

export type { SupportInfo };


type Help = { openSupport: () => void; openCallback: () => void };
const HelpContext = createContext<Help>({ openSupport: () => {}, openCallback: () => {} });

/** Opens the support modal or the callback form from anywhere (the footer, the help button, the FAQ). */
export function useHelp() {
  return useContext(HelpContext);
}

/** Holds the two help modals of the shell: support info (spec 1 §2, FAQ and support) and the callback form. */
export function HelpProvider({ support, children }: { support: SupportInfo; children: ReactNode }) {
  const [open, setOpen] = useState<"support" | "callback" | null>(null);
  const value = useMemo<Help>(() => ({ openSupport: () => setOpen("support"), openCallback: () => setOpen("callback") }), []);
  const loaded = useOpenedOnce(open !== null);
  // Any link to #support (the FAQ's 'Написать в поддержку', on /faq and the settings page) opens the
  // support modal: pages need not import this module, which would split it out of the root's script.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if ((e.target as Element).closest?.('a[href="#support"]')) {
        e.preventDefault();
        setOpen("support");
      }
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  return (
    <HelpContext.Provider value={value}>
      {children}
      {loaded ? (
        <Suspense fallback={null}>
          <HelpDialogs open={open} onClose={() => setOpen(null)} onCallback={value.openCallback} support={support} />
        </Suspense>
      ) : null}
    </HelpContext.Provider>
  );
}

/**
 * The floating help button (spec 1 §1): a callback request, a messaging-app chat and a second chat
 * link, both from the support content. The menu's items load with the other lazy parts on first open.
 */
export function FloatingHelp({ support }: { support: SupportInfo }) {
  const { t } = useTranslation();
  const { openCallback } = useHelp();
  const menu = useDetailsMenu();
  return (
    <details className="help-fab" {...menu.details}>
      <summary className="help-fab__btn" aria-label={t("help.button")} aria-expanded={menu.open} aria-controls="help-fab-menu">
        <span className={`icon icon--${menu.open ? "close" : "help"}`} aria-hidden="true" />
      </summary>
      <div className="help-fab__menu" id="help-fab-menu">
        {menu.open ? (
          <Suspense fallback={null}>
            <HelpMenu support={support} onCallback={openCallback} />
          </Suspense>
        ) : null}
      </div>
    </details>
  );
}
