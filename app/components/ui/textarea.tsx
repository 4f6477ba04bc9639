import { useId, useState, type TextareaHTMLAttributes } from "react";

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
  counter,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  name: string;
  errors?: string[];
  hint?: string;
  inputClassName?: string;
  /** The characters typed against the field's `maxLength` ("12 из 2000"), under the field, as it is typed. */
  counter?: (count: number) => string;
}) {
  const id = `${name}-${useId()}`;
  const invalid = !!errors?.length;
  const [length, setLength] = useState(() => String(rest.value ?? rest.defaultValue ?? "").length);
  const note = [hint, counter?.(length)].filter(Boolean).join(" · ");
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
        aria-describedby={[invalid ? `${id}-error` : null, note ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined}
        {...rest}
        onInput={(e) => {
          if (counter) setLength(e.currentTarget.value.length);
          rest.onInput?.(e);
        }}
      />
      {note ? (
        <p id={`${id}-hint`} className="field__hint">
          {note}
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
