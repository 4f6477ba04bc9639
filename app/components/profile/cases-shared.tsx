import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { useOpenedOnce } from "~/components/lazy-once";
import { shortFileName } from "~/domain/cases/limits";
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
 * `fetcher.answer` is that answer (its errors are shown next to the fields).
 */
export function useActionFetcher(key: string, onDone?: (answer: ActionAnswer) => void) {
  const fetcher = useFetcher<ActionAnswer>({ key });
  // A keyed fetcher keeps its last answer across mounts: a form opened again must not act on the old one.
  const seen = useRef<unknown>(fetcher.data);
  const [answer, setAnswer] = useState<ActionAnswer | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && fetcher.data !== seen.current) {
      seen.current = fetcher.data;
      setAnswer(fetcher.data);
      done.current?.(fetcher.data);
    }
  }, [fetcher.state, fetcher.data]);
  /** The answer to this mount's last submission (null before one arrives, and while a new one is on its way). */
  const current = fetcher.state === "idle" ? answer : null;
  return Object.assign(fetcher, { answer: current });
}

/** A file name as the spec shows it: cut beyond 35 characters, the whole name in the tooltip. */
export function FileName({ name }: { name: string }) {
  return <span title={name}>{shortFileName(name)}</span>;
}

const Dialogs = lazy(() => import("./cases-dialogs").then((m) => ({ default: m.ConfirmDialog })));
const Message = lazy(() => import("./cases-dialogs").then((m) => ({ default: m.MessageDialog })));

/** A question with 'Удалить' and 'Отмена' (spec 2 §8), loaded when first asked. */
export function ConfirmDialog(props: { open: boolean; title: string; text: string; confirmLabel: string; onConfirm: () => void; onClose: () => void; pending?: boolean }) {
  const loaded = useOpenedOnce(props.open);
  return loaded ? (
    <Suspense fallback={null}>
      <Dialogs {...props} />
    </Suspense>
  ) : null;
}

/** An alert with one 'Ок', loaded when first shown. */
export function MessageDialog(props: { open: boolean; title: string; text: string; onClose: () => void }) {
  const loaded = useOpenedOnce(props.open);
  return loaded ? (
    <Suspense fallback={null}>
      <Message {...props} />
    </Suspense>
  ) : null;
}

/** The generic error alert of spec 2 §8: the error's message under the generic title, and 'Ок'. */
export function useErrorAlert() {
  const [message, setMessage] = useState<string | null>(null);
  const { t } = useTranslation();
  const element = <MessageDialog open={message !== null} onClose={() => setMessage(null)} title={t("common.errorTitle")} text={message ?? ""} />;
  return { show: setMessage, element };
}
