import { useCallback, useMemo, useState, type FormEvent } from "react";

type FieldErrors = Record<string, string[]>;

const NONE: ReadonlySet<string> = new Set();
const EMPTY: FieldErrors = {};

/**
 * The field whose control changed: the `data-field` of the block around it (the forms' convention: the
 * error key of the block), else the control's own name without its `[…]` part (`options[]` → `options`);
 * none for a nameless search box.
 */
export function changedField(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  // A box that only narrows a list (the industries' filter) is not the field's value: picking from it is.
  if (target instanceof HTMLInputElement && target.type === "search" && !target.name) return null;
  const block = target.closest<HTMLElement>("[data-field]");
  if (block?.dataset.field) return block.dataset.field;
  const name = target.getAttribute("name");
  return name ? name.replace(/\[.*$/, "") : null;
}

/**
 * A form's field errors from the server's last answer, each hidden as soon as the person changes that
 * field, so that a corrected field no longer says it is wrong while the others still do (decision 0048).
 * The next answer shows its own errors afresh. Put `onChange` on the form (or on any element around the
 * fields): React's change events bubble from every input, select and textarea inside it. `together`
 * names errors that belong to one control (`["options", "sub_options"]`): changing it hides them all.
 */
export function useAnswerErrors(errors: FieldErrors | undefined, together: readonly (readonly string[])[] = []) {
  const [dismissed, setDismissed] = useState<{ of: FieldErrors | undefined; keys: ReadonlySet<string> }>({ of: undefined, keys: NONE });
  const keys = dismissed.of === errors ? dismissed.keys : NONE;
  const shown = useMemo(() => {
    if (!errors) return EMPTY;
    if (!keys.size) return errors;
    return Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.has(k)));
  }, [errors, keys]);
  /** Hides the errors of `fields` (and of those that go with them): also for a change no input reports, e.g. a file removed from a list. */
  const dismiss = useCallback(
    (...fields: string[]) => {
      if (!errors) return;
      const hidden = fields.flatMap((field) => together.find((g) => g.includes(field)) ?? [field]);
      // Nothing new to hide (the usual case while typing on): no render.
      if (!hidden.some((k) => errors[k] && !keys.has(k))) return;
      // Functional: two calls in one event (a control's own handler, then the form's) both count.
      setDismissed((prev) => ({ of: errors, keys: new Set([...(prev.of === errors ? prev.keys : NONE), ...hidden]) }));
    },
    // `together` is a constant of each form.
    [errors, keys],
  );
  const onChange = useCallback(
    (e: FormEvent<HTMLElement>) => {
      const field = changedField(e.target);
      if (field) dismiss(field);
    },
    [dismiss],
  );
  return { errors: shown, onChange, dismiss };
}
