import { useId, type TextareaHTMLAttributes } from "react";

/**
 * A labelled textarea with its hint and error next to it, like `Field` (ui/field.tsx). Its own module, so
 * only the pages with a long text (cases, the service wizard) carry it.
 */
export function TextArea({
  label,
  name,
  errors,
  hint,
  inputClassName,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; name: string; errors?: string[]; hint?: string; inputClassName?: string }) {
  const id = `${name}-${useId()}`;
  const invalid = !!errors?.length;
  return (
    <div className={`field${invalid ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className={`field__input${inputClassName ? ` ${inputClassName}` : ""}`}
        aria-invalid={invalid || undefined}
        aria-describedby={[invalid ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined}
        {...rest}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {errors!.join(". ")}
        </p>
      ) : null}
    </div>
  );
}
