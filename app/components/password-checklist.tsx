import { LIMITS, PASSWORD_CHARS } from "~/domain/limits";
import { useTranslation } from "~/lib/i18n";

// The password rules as a page shows them (spec 1 §5, spec 2 §5): the registration and the settings page.

/** The HTML constraint of a new password: an uppercase letter, only the allowed characters. */
export const PASSWORD_PATTERN_HTML = "(?=.*[A-Z])[A-Za-z0-9_*@!#]+";

/** spec 1 §5 password rules, in the order the server reports them (app/domain/validation.ts). */
export const passwordRules = (value: string) => ({ min: value.length >= LIMITS.passwordMin, upper: /[A-Z]/.test(value), chars: value.length > 0 && PASSWORD_CHARS.test(value) });

/** The locale key of the first rule a password breaks, or null. */
export function passwordProblem(value: string) {
  if (!value) return "validation.password_required";
  const ok = passwordRules(value);
  return !ok.min ? "validation.password_min" : !ok.upper ? "validation.password_uppercase" : !ok.chars ? "validation.password_chars" : null;
}

export function PasswordChecklist({ value }: { value: string }) {
  const { t } = useTranslation();
  const ok = passwordRules(value);
  return (
    <ul className="checklist" aria-live="polite">
      <li data-ok={ok.min}>{t("register.checklist.min")}</li>
      <li data-ok={ok.upper}>{t("register.checklist.upper")}</li>
      <li data-ok={ok.chars}>{t("register.checklist.chars")}</li>
    </ul>
  );
}
