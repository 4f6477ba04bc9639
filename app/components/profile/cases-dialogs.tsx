import { AlertModal, Modal } from "~/components/ui/modal";
import { useTranslation } from "~/lib/i18n";
import { PendingButton } from "~/components/ui/pending-button";

// The dialogs of the profile's sections load on first use: they stay out of the page's first download.

/** A question with 'Удалить' and 'Отмена' (spec 2 §8 confirmations). */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
  pending,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={title} variant="alert">
      <p className="modal__question">{text}</p>
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t("common.cancel")}
        </button>
        <PendingButton type="button" className="btn btn--danger" onClick={onConfirm} pending={!!pending}>
          {confirmLabel}
        </PendingButton>
      </div>
    </Modal>
  );
}

/** An alert with one 'Ок' (spec 2 §8): the generic error title with the server's message, or a success. */
export function MessageDialog({ open, title, text, onClose }: { open: boolean; title: string; text: string; onClose: () => void }) {
  return <AlertModal open={open} onClose={onClose} title={title} text={text} />;
}
