import { AlertModal, Modal } from "~/components/ui/modal";
import { useTranslation } from "~/lib/i18n";

// The invitation form's modals (spec 2 §2), loaded when one first opens: they stay out of the page's
// initial scripts (the 100 KB budget, docs/decisions/0011).

/** 'Приглашение отправлено' with 'Хорошо', and the failure alert that offers 'Вернуться на главную'. */
export default function InviteDialogs({ sentTo, onSentClose, alert, onAlertClose }: { sentTo: string | null; onSentClose: () => void; alert: string | null; onAlertClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Modal open={sentTo !== null} onClose={onSentClose} title={t("invitePage.successTitle")} variant="alert">
        <p>{t("invitePage.successText", { email: sentTo ?? "" })}</p>
        <div className="modal__actions">
          <button type="button" className="btn btn--primary" onClick={onSentClose}>
            {t("invitePage.successOk")}
          </button>
        </div>
      </Modal>
      <AlertModal open={alert !== null} onClose={onAlertClose} title={t("common.errorTitle")} text={alert ?? ""} action={{ label: t("common.backHome"), href: "/" }} />
    </>
  );
}
