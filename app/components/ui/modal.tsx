import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";

/**
 * Modals on the native <dialog>: showModal() traps focus, Esc closes, the page behind is inert.
 * Widths from the spec: 550 by default, 440 for alerts.
 */
export function Modal({ open, onClose, title, children, variant = "default" }: { open: boolean; onClose: () => void; title: string; children: ReactNode; variant?: "default" | "alert" }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation();
  // `close` also fires when we close the dialog because `open` turned false; only a close the page did not
  // ask for (Esc) is reported, so a parent's onClose never runs after its own button already acted.
  // React passes `close` up its tree: a dialog opened inside this one (an alert over a form) closing
  // must not close this one too.
  const openRef = useRef(open);
  openRef.current = open;
  // Where focus was when the dialog opened: it goes back there when the dialog closes, whether the page
  // closes it, Esc does, or the page simply stops rendering it (many dialogs here are mounted open and
  // unmounted to close, and a removed <dialog> returns focus nowhere).
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      d.showModal();
      if (variant === "alert") announceAndFocus(d);
    }
    if (!open) {
      if (d.open) d.close();
      restoreFocus(d, opener);
    }
  }, [open, variant]);
  useEffect(() => {
    const d = ref.current;
    return () => {
      if (d?.open) d.close();
      if (d) restoreFocus(d, opener);
    };
  }, []);
  return (
    <dialog ref={ref} className={`modal modal--${variant}`} aria-labelledby={titleId} onClose={(e) => e.target === e.currentTarget && openRef.current && onClose()}>
      <div className="modal__head">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button type="button" className="modal__close" onClick={onClose} aria-label={t("common.close")}>
          ×
        </button>
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}

/**
 * An alert or a question: a screen reader reads its text with its title (the dialog is described by its
 * first paragraph), and focus starts on its first action (the safe one: 'Ок', 'Отмена' or 'Пропустить'),
 * not on the close button, so Enter does what the dialog offers first and nothing irreversible.
 */
function announceAndFocus(d: HTMLDialogElement) {
  const text = d.querySelector<HTMLElement>(".modal__body > p");
  if (text) {
    text.id ||= `${d.getAttribute("aria-labelledby") ?? "modal"}-text`;
    d.setAttribute("aria-describedby", text.id);
  }
  d.querySelector<HTMLElement>(".modal__actions :is(button, a[href]):not([disabled])")?.focus();
}

/** Focus back to where it was, unless something else took it meanwhile (a page that moves focus on purpose). */
function restoreFocus(d: HTMLDialogElement, opener: { current: HTMLElement | null }) {
  const el = opener.current;
  opener.current = null;
  const active = document.activeElement;
  if (el?.isConnected && (!active || active === document.body || d.contains(active))) el.focus();
}

/**
 * Back to the top of the dialog that holds `el` (spec 2 §5: a refused case or work shows its messages from
 * the top). The dialog's body is what scrolls; its title stays in place.
 */
export function scrollDialogToTop(el: Element | null | undefined) {
  el?.closest("dialog")?.querySelector(":scope > .modal__body")?.scrollTo({ top: 0 });
}

/** An alert: title, text and one button (usually 'Ок'), spec 1 §2. */
export function AlertModal({ open, onClose, title, text, action }: { open: boolean; onClose: () => void; title: string; text: string; action?: { label: string; href?: string; onClick?: () => void } }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={title} variant="alert">
      <p>{text}</p>
      <div className="modal__actions">
        {action?.href ? (
          <a className="btn btn--primary" href={action.href}>
            {action.label}
          </a>
        ) : (
          <button type="button" className="btn btn--primary" onClick={action?.onClick ?? onClose}>
            {action?.label ?? t("common.ok")}
          </button>
        )}
      </div>
    </Modal>
  );
}
