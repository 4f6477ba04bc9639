import { useEffect, useId, useRef, useState, type TextareaHTMLAttributes } from "react";
import { useFetcher } from "@remix-run/react";
import { shortFileName } from "~/domain/cases/limits";
import { Modal } from "~/components/ui/modal";
import { useTranslation } from "~/lib/i18n";

export type ActionAnswer = { ok?: true; message?: string; errors?: Record<string, string[]> } & Record<string, unknown>;

/**
 * Forms carry `_fetch=1` once the page's script runs (they are then sent by a fetcher): the action answers
 * JSON instead of redirecting back to the page, as it does for a form sent without JavaScript.
 */
export function FetchFlag() {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live ? <input type="hidden" name="_fetch" value="1" /> : null;
}

/**
 * A fetcher whose answer is handed to `onDone` once, when it arrives (success or a refusal).
 * The answer object stays in `fetcher.data` for the errors shown next to the fields.
 */
export function useActionFetcher(key: string, onDone?: (answer: ActionAnswer) => void) {
  const fetcher = useFetcher<ActionAnswer>({ key });
  const seen = useRef<unknown>(undefined);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && fetcher.data !== seen.current) {
      seen.current = fetcher.data;
      done.current?.(fetcher.data);
    }
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

/** A file name as the spec shows it: cut beyond 35 characters, the whole name in the tooltip. */
export function FileName({ name }: { name: string }) {
  return <span title={name}>{shortFileName(name)}</span>;
}

/** A labelled textarea with its error next to it, like `Field`. */
export function TextArea({ label, name, errors, hint, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; name: string; errors?: string[]; hint?: string }) {
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
        className="field__input pc-textarea"
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

/** A question with 'Удалить' and 'Отмена' (spec 2 §8 confirmations). */
export function ConfirmDialog({ open, title, text, confirmLabel, onConfirm, onClose, pending }: { open: boolean; title: string; text: string; confirmLabel: string; onConfirm: () => void; onClose: () => void; pending?: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={title} variant="alert">
      <p>{text}</p>
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t("common.cancel")}
        </button>
        <button type="button" className="btn btn--primary" onClick={onConfirm} aria-busy={pending || undefined} disabled={pending}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** The generic error alert of spec 2 §8: the error's message under the generic title, and 'Ок'. */
export function useErrorAlert() {
  const [message, setMessage] = useState<string | null>(null);
  const { t } = useTranslation();
  const element = (
    <Modal open={message !== null} onClose={() => setMessage(null)} title={t("common.errorTitle")} variant="alert">
      <p>{message}</p>
      <div className="modal__actions">
        <button type="button" className="btn btn--primary" onClick={() => setMessage(null)}>
          {t("common.ok")}
        </button>
      </div>
    </Modal>
  );
  return { show: setMessage, element };
}
