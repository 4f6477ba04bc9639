import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { signUpHref } from "~/lib/sign-up-link";
import type { Mode } from "~/lib/mode";
import { Modal } from "./ui/modal";

/** 'Войдите или зарегистрируйтесь' (spec 1 §2): a guest asked for `target`; loaded on first use (tab-bar.tsx). */
export default function GuestPrompt({ target, mode, onClose }: { target: string | null; mode: Mode; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={target !== null} onClose={onClose} title={t("guestPrompt.title")} variant="alert">
      {target === null ? null : (
        <>
          <p>{t("guestPrompt.text")}</p>
          <div className="modal__actions">
            <Link className="btn btn--ghost" to={signUpHref(target, mode === "executor" ? "expert" : "customer")}>
              {t("auth.register")}
            </Link>
            <Link className="btn btn--primary" to={`/auth?redirectTo=${encodeURIComponent(target)}`}>
              {t("nav.signIn")}
            </Link>
          </div>
        </>
      )}
    </Modal>
  );
}
