import { ForgotPasswordModal } from "~/components/auth/forgot-password-modal";
import { AlertModal } from "~/components/ui/modal";
import { useTranslation } from "~/lib/i18n";

// The settings page's modals (spec 2 §2), loaded when one first opens: they stay out of the page's
// initial scripts (the 100 KB budget, docs/decisions/0011).

/** 'Забыли пароль?' for the signed-in user (the code goes to his own address) and the failure alert. */
export default function SettingsDialogs({
  forgotOpen,
  onForgotClose,
  pending,
  email,
  alert,
  onAlertClose,
}: {
  forgotOpen: boolean;
  onForgotClose: () => void;
  pending: boolean;
  email: string;
  alert: string | null;
  onAlertClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ForgotPasswordModal open={forgotOpen} onClose={onForgotClose} action="/profile/settings" pending={pending} email={email} text={t("settingsPage.forgotText")} />
      <AlertModal open={alert !== null} onClose={onAlertClose} title={t("common.errorTitle")} text={alert ?? ""} />
    </>
  );
}
