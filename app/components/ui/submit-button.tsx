import { useEffect, useRef, useState, type ButtonHTMLAttributes } from "react";

/**
 * The spec's double-click guard (1 §9): a press locks the button while the form is pending, for at
 * most 3000 ms, and it unlocks 600 ms after the answer.
 */
export function SubmitButton({ pending, children, className = "btn btn--primary", ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean }) {
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    if (pending) return;
    if (!locked) return;
    timer.current = setTimeout(() => setLocked(false), 600);
    return () => clearTimeout(timer.current);
  }, [pending, locked]);
  return (
    <button
      type="submit"
      className={className}
      aria-busy={pending || undefined}
      aria-disabled={locked || pending || undefined}
      onClick={(e) => {
        if (locked || pending) {
          e.preventDefault();
          return;
        }
        // A form the browser will refuse is not sent: nothing to guard, and the corrected form must go
        // at the next press. (`validity` is read without firing the fields' invalid events.)
        const form = e.currentTarget.form;
        if (form && !form.noValidate && !Array.from(form.elements).every((el) => !("validity" in el) || (el as HTMLInputElement).validity.valid)) return;
        setLocked(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setLocked(false), 3000);
      }}
      {...rest}
    >
      {children}
    </button>
  );
}
