import { Form } from "@remix-run/react";
import { Field } from "~/components/ui/field";
import { Modal } from "~/components/ui/modal";
import { SubmitButton } from "~/components/ui/submit-button";
import { useTranslation } from "~/lib/i18n";

/**
 * The 'Восстановление пароля' modal (spec 1 §2; spec 2 §2 'Забыли пароль?' on the settings page): posts
 * `intent=forgot` and the e-mail to the page's action, which mails a 6-digit access code. On /auth the
 * visitor types the address; on the settings page it is the signed-in user's own, shown read-only.
 */
export function ForgotPasswordModal({
  open,
  onClose,
  action,
  pending,
  errors,
  email,
  text,
}: {
  open: boolean;
  onClose: () => void;
  action: string;
  pending: boolean;
  errors?: string[];
  email?: string;
  text?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t("auth.forgotModal.title")}>
      <Form method="post" className="form" action={action}>
        <input type="hidden" name="intent" value="forgot" />
        <p>{text ?? t("auth.forgotModal.text")}</p>
        <Field label={t("auth.email")} name="email" type="email" autoComplete="email" required maxLength={254} errors={errors} defaultValue={email} readOnly={email !== undefined} />
        <SubmitButton pending={pending}>{t("auth.forgotModal.submit")}</SubmitButton>
      </Form>
    </Modal>
  );
}
