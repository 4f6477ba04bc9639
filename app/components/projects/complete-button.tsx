import { Link, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { Modal } from "~/components/ui/modal";
import { useTranslation } from "~/lib/i18n";

/**
 * 'Завершить' on an active request's card (spec 3 §4): after 'Уверены, что хотите завершить проект?' the
 * completion and rating flow of /complete-project/{id} begins. Without script the link goes there at once
 * (the flow asks again before completing with unrated services). Texts: the `completeProject` namespace.
 */
export function CompleteProjectButton({ demandId, name }: { demandId: number; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const href = `/complete-project/${demandId}`;
  return (
    <>
      <Link
        to={href}
        className="btn btn--primary btn--sm"
        aria-label={`${t("completeProject.activeFinish")}: ${name}`}
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        {t("completeProject.activeFinish")}
      </Link>
      <Modal open={open} onClose={() => setOpen(false)} title={t("completeProject.activeConfirmTitle")} variant="alert">
        <p>{t("completeProject.activeConfirm")}</p>
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
            {t("completeProject.cancel")}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => navigate(href)}>
            {t("completeProject.activeFinish")}
          </button>
        </div>
      </Modal>
    </>
  );
}
