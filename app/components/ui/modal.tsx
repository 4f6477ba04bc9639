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
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
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
