import type { ButtonHTMLAttributes } from "react";

/**
 * A button whose action is running: it says so (aria-busy, aria-disabled) and refuses another press, but
 * stays focusable. A `disabled` button that has focus drops it to the page's start, and a keyboard or
 * screen reader user pressing it would lose his place.
 */
export function PendingButton({ pending, onClick, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean }) {
  return (
    <button
      {...rest}
      aria-disabled={pending || rest["aria-disabled"] || undefined}
      aria-busy={pending || undefined}
      onClick={(e) => {
        if (pending || rest["aria-disabled"] === true) {
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
    />
  );
}
