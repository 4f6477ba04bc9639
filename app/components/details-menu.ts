import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from "react";

/**
 * A menu on <details>/<summary>: it opens before the scripts load; with them it reports
 * `aria-expanded`, and closes on Esc (the focus goes back to its summary), on a click outside, on a
 * press of one of its items and on navigation.
 */
export function useDetailsMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const { key } = useLocation();
  const close = () => {
    ref.current?.removeAttribute("open");
  };
  useEffect(close, [key]);
  useEffect(() => {
    if (!open) return;
    const onEvent = (e: Event) => {
      const esc = e instanceof KeyboardEvent;
      if (esc ? e.key !== "Escape" : ref.current?.contains(e.target as Node)) return;
      close();
      if (esc) ref.current?.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", onEvent);
    document.addEventListener("pointerdown", onEvent);
    return () => {
      document.removeEventListener("keydown", onEvent);
      document.removeEventListener("pointerdown", onEvent);
    };
  }, [open]);
  return {
    open,
    details: {
      ref,
      onToggle: (e: SyntheticEvent<HTMLDetailsElement>) => setOpen(e.currentTarget.open),
      onClick: (e: MouseEvent) => {
        if ((e.target as Element).closest("a, button[type=button]")) close();
      },
    },
  };
}
