import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; errors?: string[]; hint?: ReactNode };

/** A labelled input with its error next to it, announced to screen readers. */
export function Field({ label, name, errors, hint, id, className, ...rest }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? `${name}-${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const invalid = !!errors?.length;
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
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className="field__error" role="alert">
          {errors!.join(". ")}
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
      <button type="button" className="password-field__toggle" onClick={() => setShown((s) => !s)} aria-pressed={shown}>
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
