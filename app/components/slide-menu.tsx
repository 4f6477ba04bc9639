import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n";
import type { Mode } from "~/lib/mode";
import type { RootUser } from "~/root";
import { MenuLink } from "./menu-link";
import { ModeSwitch } from "./mode-switch";
import { GUEST_LINKS, slideLinks } from "./nav-items";

/** spec 1 §9: a swipe down of more than 50 px closes the slide menu. */
export const SWIPE_CLOSE_PX = 50;

/**
 * The mobile slide menu (spec 1 §2): the role's links and sign-out, or for a guest the marketing links
 * and a start button for the chosen mode. A bottom sheet on the native <dialog>: focus stays inside,
 * Esc closes it, and so do a tap on the backdrop, a swipe down and any navigation (the header's state).
 * Loaded when first opened (app/components/header.tsx).
 */
export default function SlideMenu({ open, onClose, user, mode, hasNew }: { open: boolean; onClose: () => void; user: RootUser; mode: Mode; hasNew: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const swipe = useRef<{ y: number; dy: number } | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const setOffset = (dy: number) => {
    if (ref.current) ref.current.style.transform = dy ? `translateY(${dy}px)` : "";
  };
  return (
    <dialog
      ref={ref}
      id="slide-menu"
      className="sheet"
      aria-label={t("nav.menu")}
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (e.target === e.currentTarget) onClose();
      }}
      onTouchStart={(e) => {
        // Only from the top of the sheet's content: further down a swipe scrolls it.
        if (e.currentTarget.scrollTop > 0) return;
        swipe.current = { y: e.touches[0]!.clientY, dy: 0 };
      }}
      onTouchMove={(e) => {
        if (!swipe.current) return;
        swipe.current.dy = Math.max(0, e.touches[0]!.clientY - swipe.current.y);
        setOffset(swipe.current.dy);
      }}
      onTouchEnd={() => {
        const dy = swipe.current?.dy ?? 0;
        swipe.current = null;
        setOffset(0);
        if (dy > SWIPE_CLOSE_PX) onClose();
      }}
      onTouchCancel={() => {
        swipe.current = null;
        setOffset(0);
      }}
    >
      {open ? <SheetContent user={user} mode={mode} hasNew={hasNew} onClose={onClose} /> : null}
    </dialog>
  );
}

function SheetContent({ user, mode, hasNew, onClose }: { user: RootUser; mode: Mode; hasNew: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="sheet__handle" aria-hidden="true" />
      <div className="sheet__head">
        <ModeSwitch mode={mode} />
        <button type="button" className="sheet__close" aria-label={t("common.close")} onClick={onClose}>
          <span className="icon icon--close" aria-hidden="true" />
        </button>
      </div>
      <nav aria-label={t("nav.menu")}>
        <ul className="sheet__list">
          {(user ? slideLinks(mode) : GUEST_LINKS).map((item) => (
            <li key={item.to}>
              <MenuLink item={item} hasNew={hasNew} className="sheet__link" />
            </li>
          ))}
        </ul>
      </nav>
      <div className="sheet__foot">
        {user ? (
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" className="btn btn--ghost sheet__wide">
              {t("nav.signOut")}
            </button>
          </Form>
        ) : (
          <>
            <Link className="btn btn--primary sheet__wide" to={`/sign-up?role=${mode === "executor" ? "expert" : "customer"}`}>
              {t(mode === "executor" ? "nav.startExpert" : "nav.startCustomer")}
            </Link>
            <Link className="btn btn--ghost sheet__wide" to="/auth">
              {t("nav.signIn")}
            </Link>
          </>
        )}
      </div>
    </>
  );
}
