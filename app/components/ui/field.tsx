import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { LIMITS, PASSWORD_CHARS } from "~/domain/limits";
import { useTranslation, type TFn } from "~/lib/i18n";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  errors?: string[];
  hint?: ReactNode;
  /** The message for a value the browser refuses (see `schemaMessage`); a generic one otherwise. */
  invalidMessage?: (input: HTMLInputElement) => string | undefined;
};

/** The browser's refusal in our words: required, e-mail format, or a generic "invalid value". */
function defaultInvalidMessage(t: TFn, input: HTMLInputElement) {
  const v = input.validity;
  if (v.valueMissing) return input.type === "email" ? t("validation.email_required") : t("common.required");
  if (v.typeMismatch && input.type === "email") return t("validation.email_invalid");
  return t("validation.invalid");
}

type ValidityFlag = Exclude<keyof ValidityState, "valid" | "customError">;

/**
 * Locale keys per refusal (`{valueMissing: "validation.name_required", …}`) for `invalidMessage`. The
 * browser checks the HTML constraints built from the schema's constants; zod stays on the server
 * (docs/decisions/0005).
 */
export function validityMessage(t: TFn, keys: Partial<Record<ValidityFlag, string>>) {
  return (input: HTMLInputElement) => {
    const flag = (Object.keys(keys) as ValidityFlag[]).find((k) => input.validity[k]);
    return flag ? t(keys[flag]!) : undefined;
  };
}

/**
 * A labelled input with its error next to it, announced to screen readers. A value the browser refuses
 * on submit shows its message here too, instead of the browser's bubble (CONVENTIONS: errors next to
 * the field, in the page's language).
 */
export function Field({ label, name, errors, hint, id, className, invalidMessage, onInvalid, onChange, ...rest }: FieldProps) {
  const autoId = useId();
  const { t } = useTranslation();
  const [clientError, setClientError] = useState<string | null>(null);
  const inputId = id ?? `${name}-${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const shown = errors?.length ? errors : clientError ? [clientError] : undefined;
  const invalid = !!shown;
  return (
    <div className={`field${invalid ? " field--invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        className="field__input"
        aria-invalid={invalid || undefined}
        aria-describedby={[invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined}
        onInvalid={(e) => {
          e.preventDefault();
          const input = e.currentTarget;
          setClientError(invalidMessage?.(input) ?? defaultInvalidMessage(t, input));
          // The first refused field takes the focus, as the browser would have done.
          if (!document.activeElement?.matches(":invalid")) input.focus();
          onInvalid?.(e);
        }}
        onChange={(e) => {
          // Once shown, the message follows the value as it is corrected.
          const input = e.currentTarget;
          if (clientError) setClientError(input.validity.valid ? null : (invalidMessage?.(input) ?? defaultInvalidMessage(t, input)));
          onChange?.(e);
        }}
        {...rest}
      />
      {hint ? (
        <div id={hintId} className="field__hint">
          {hint}
        </div>
      ) : null}
      {invalid ? (
        <p id={errorId} className="field__error" role="alert">
          {shown!.join(". ")}
        </p>
      ) : null}
    </div>
  );
}

export function PasswordField(props: FieldProps) {
  const [shown, setShown] = useState(false);
  const { t } = useTranslation();
  return (
    <div className="password-field">
      <Field {...props} type={shown ? "text" : "password"} />
      {/* The label says what a press does ('Показать пароль' / 'Скрыть пароль'), so no aria-pressed besides. */}
      <button type="button" className="password-field__toggle" onClick={() => setShown((s) => !s)}>
        {shown ? t("common.hidePassword") : t("common.showPassword")}
      </button>
    </div>
  );
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

// The password rules as a page shows them (spec 1 §5, spec 2 §5): the registration and the settings page.
// They live beside PasswordField: a module of their own would be one more script on both pages.

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
      <li data-ok={ok.min}>{t("fields.checklist.min")}</li>
      <li data-ok={ok.upper}>{t("fields.checklist.upper")}</li>
      <li data-ok={ok.chars}>{t("fields.checklist.chars")}</li>
    </ul>
  );
}
