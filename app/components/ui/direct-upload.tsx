import { startTransition, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { useTranslation } from "~/lib/i18n";
import { putUpload } from "~/lib/put-upload";

/** What the component says; the page gives them in its language. */
export type DirectUploadTexts = {
  /** The list's name for screen readers ('Новые файлы'). */
  list: string;
  /** A file's status under its name (the name is its label; the live region adds it). */
  uploading: (percent: number) => string;
  done: string;
  /** The PUT or the network failed. */
  failed: string;
  remove: (name: string) => string;
  /** The button that opens the file picker ('Выбрать файлы'), in the page's language, not the browser's. */
  choose: (many: boolean) => string;
  tooBig: string;
  badType: string;
  tooMany: string;
};

type Item = {
  key: string;
  name: string;
  size: number;
  progress: number;
  status: "uploading" | "done" | "error";
  error?: string;
  id?: string;
};

export type DirectUploadProps = {
  /** POST /api/uploads's kind: 'demand', 'respond'. */
  kind: string;
  /** The file input's id (the page's label points at it) and its description. */
  inputId: string;
  describedBy?: string;
  invalid?: boolean;
  /** Without JavaScript the files go inline in the form under this name (`files[]`). */
  inlineName: string;
  /** With JavaScript the form sends the uploads' ids under this name (`uploads[]`). */
  uploadsName: string;
  /** How many new files the form may still take. */
  maxFiles: number;
  /**
   * The largest file checked before asking. Left out, the server's check at POST /api/uploads answers it
   * (before any byte is sent): a page whose bundle must stay small need not carry the limits.
   */
  maxBytes?: number;
  /**
   * The input's accept list, and the extensions checked before asking (null: any type; left out: the accept
   * list's extensions).
   */
  accept?: string;
  extensions?: readonly string[] | null;
  texts: DirectUploadTexts;
  /**
   * Whether a file is still on its way (the form waits for it), how many failed, and how many the field holds
   * (on their way or stored: what a counter shows). Told (false, 0, 0) when the field goes away.
   */
  onBusyChange?: (busy: boolean, failed: number, held: number) => void;
  lang?: string;
  endpoint?: string;
  /**
   * Uploads the server refused for good (the answer's `uploads_gone`: another type than its name, gone,
   * expired): their files are shown refused, with `goneMessage` (the field's error), and their ids no longer sent.
   */
  gone?: readonly string[];
  goneMessage?: string;
  /** The person picked or removed a file (a page drops the field's last error then). */
  onChange?: () => void;
  /** How a file's name is shown (the profile cuts long ones, spec 2 §9); the name itself by default. */
  renderName?: (name: string) => ReactNode;
};

const extOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  const ext = dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
  return ext === "jpeg" ? "jpg" : ext;
};

/**
 * Files sent straight to storage (docs/decisions/0032-direct-uploads.md): for each chosen file the component
 * asks the server for a presigned PUT URL and sends the bytes there with XMLHttpRequest (whose upload reports
 * progress, fetch's does not), showing a labelled <progress> per file; the form then carries only the
 * uploads' ids. Before the script runs, the same input posts the files inline with the form (progressive
 * enhancement): the server takes both. The server checks every file again when the form is sent.
 */
export function DirectUpload(props: DirectUploadProps) {
  const { kind, texts, maxFiles, maxBytes, onBusyChange } = props;
  const extensions = props.extensions !== undefined ? props.extensions : props.accept ? props.accept.split(",").flatMap((a) => (a.startsWith(".") ? [extOf(a)] : [])) : null;
  const uid = useId();
  const [hydrated, setHydrated] = useState(false);
  const [items, setItems] = useState<Item[]>([]);
  const [announce, setAnnounce] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const requests = useRef(new Map<string, AbortController>());
  const seq = useRef(0);

  const inputRef = useRef<HTMLInputElement>(null);
  const early = useRef(false);
  useEffect(() => {
    setHydrated(true);
    // Files picked before the script ran would lose their way once the input loses its name: send them now.
    // The page hears of them in a transition: it may still be hydrating a Suspense boundary (React #421).
    if (inputRef.current?.files?.length) {
      early.current = true;
      choose(inputRef.current);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const busy = items.some((i) => i.status === "uploading");
  const failed = items.filter((i) => i.status === "error").length;
  const held = items.length - failed;
  // Told only when it changes, whatever the page's callback's identity; never on mount (the page starts with
  // nothing on its way): an update to the page while one of its Suspense boundaries still hydrates would
  // make React throw that boundary away (error #421, the registration form's lazy pickers).
  const onBusy = useRef(onBusyChange);
  onBusy.current = onBusyChange;
  const told = useRef("false,0,0");
  useEffect(() => {
    const now = `${busy},${failed},${held}`;
    if (now === told.current) return;
    told.current = now;
    const tell = () => onBusy.current?.(busy, failed, held);
    if (!early.current) return tell();
    early.current = false;
    startTransition(tell);
  }, [busy, failed, held]);
  // A file still on its way when the page goes away is dropped (its upload is swept later).
  // The form is told that nothing is on its way any more: it must not wait for these.
  useEffect(
    () => () => {
      requests.current.forEach((r) => r.abort());
      if (told.current !== "false,0,0") onBusy.current?.(false, 0, 0);
    },
    [],
  );

  useEffect(() => {
    const gone = props.gone;
    if (!gone?.length) return;
    const error = props.goneMessage ?? texts.failed;
    setItems((list) => list.map((i) => (i.id && gone.includes(i.id) ? { ...i, status: "error", error, id: undefined } : i)));
    // Only a new answer marks files; its message may change as the page drops it (decision 0048).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.gone]);

  const update = (key: string, patch: Partial<Item>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  const fail = (key: string, name: string, error: string) => {
    requests.current.delete(key);
    update(key, { status: "error", error });
    setAnnounce(`${name}: ${error}`);
  };

  async function start(key: string, file: File) {
    const controller = new AbortController();
    requests.current.set(key, controller);
    const result = await putUpload(file, { kind, endpoint: props.endpoint, lang: props.lang, signal: controller.signal, onProgress: (progress) => update(key, { progress }) });
    if (!result) return;
    if (!result.ok) return fail(key, file.name, result.message ?? texts.failed);
    requests.current.delete(key);
    update(key, { status: "done", progress: 100, id: result.id });
    setAnnounce(`${file.name}: ${texts.done}`);
  }

  function choose(input: HTMLInputElement) {
    const chosen = Array.from(input.files ?? []);
    // The input only picks: its files are sent by the component, never inline with the form.
    input.value = "";
    setNote(null);
    let room = maxFiles - items.filter((i) => i.status !== "error").length;
    const added: Item[] = [];
    const toStart: [string, File][] = [];
    for (const file of chosen) {
      const key = `${uid}-${++seq.current}`;
      if (room <= 0) {
        setNote(texts.tooMany);
        break;
      }
      const base = { key, name: file.name, size: file.size, progress: 0 };
      // The server checks the same again; this only saves sending what it would refuse.
      if (extensions && !extensions.includes(extOf(file.name))) added.push({ ...base, status: "error", error: texts.badType });
      else if (maxBytes !== undefined && file.size > maxBytes) added.push({ ...base, status: "error", error: texts.tooBig });
      else {
        added.push({ ...base, status: "uploading" });
        toStart.push([key, file]);
        room--;
      }
    }
    setItems((list) => [...list, ...added]);
    const firstError = added.find((a) => a.error);
    if (firstError) setAnnounce(`${firstError.name}: ${firstError.error}`);
    else if (added.length) setAnnounce(added.map((a) => `${a.name}: ${texts.uploading(0)}`).join(". "));
    for (const [key, file] of toStart) void start(key, file);
  }

  function remove(item: Item) {
    requests.current.get(item.key)?.abort();
    requests.current.delete(item.key);
    setItems((list) => list.filter((i) => i.key !== item.key));
    setNote(null);
    props.onChange?.();
    // The focus stays in the field: on the input, which the removed row's button was after.
    document.getElementById(props.inputId)?.focus();
  }

  return (
    <div className="direct-upload">
      <input
        ref={inputRef}
        id={props.inputId}
        type="file"
        // Before hydration the form posts the files inline; after it, the component sends them.
        name={hydrated ? undefined : props.inlineName}
        multiple={props.maxFiles > 1}
        accept={props.accept}
        // Once React runs, the browser's own picker ('Choose Files · No file chosen', in the browser's language,
        // and blank again after each upload) gives way to our button and the list below; the input stays
        // focusable, and its focus shows on the button.
        className={hydrated ? "field__input direct-upload__input" : "field__input"}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        // Always handled once React runs here: a modal mounts on the client, where a file set before the
        // mount effect flips `hydrated` would otherwise be lost (before hydration no handler runs anyway).
        onChange={(e) => {
          choose(e.currentTarget);
          props.onChange?.();
        }}
      />
      {hydrated ? (
        <label htmlFor={props.inputId} className="btn btn--ghost btn--sm direct-upload__pick" aria-hidden="true">
          {texts.choose(props.maxFiles > 1)}
        </label>
      ) : null}
      {note ? (
        <p className="field__error" role="alert">
          {note}
        </p>
      ) : null}
      {items.length ? (
        <ul className="direct-upload__list" aria-label={texts.list}>
          {items.map((item) => {
            const progressId = `${item.key}-progress`;
            return (
              <li key={item.key} className={`direct-upload__item direct-upload__item--${item.status}`} data-upload-status={item.status}>
                <div className="direct-upload__row">
                  {item.status === "error" ? (
                    <span className="direct-upload__name">{props.renderName ? props.renderName(item.name) : item.name}</span>
                  ) : (
                    <label htmlFor={progressId} className="direct-upload__name">
                      {props.renderName ? props.renderName(item.name) : item.name}
                    </label>
                  )}
                  <button type="button" className="direct-upload__remove" onClick={() => remove(item)} aria-label={texts.remove(item.name)}>
                    <span aria-hidden="true">×</span>
                  </button>
                </div>
                {item.status !== "error" ? (
                  <progress id={progressId} className="direct-upload__progress" max={100} value={item.progress} aria-valuetext={item.status === "done" ? texts.done : texts.uploading(item.progress)} />
                ) : null}
                <p className={item.status === "error" ? "field__error" : "field__hint"}>
                  {item.status === "error" ? item.error : item.status === "done" ? texts.done : texts.uploading(item.progress)}
                </p>
                {item.status === "done" && item.id ? <input type="hidden" name={props.uploadsName} value={item.id} /> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <p className="visually-hidden" aria-live="polite" role="status">
        {announce}
      </p>
    </div>
  );
}

/**
 * A form with DirectUpload waits for its files: a submit while one is on its way is held (`hold` prevents it)
 * and made again once the last one is stored, unless one failed (the person decides: remove it or choose it
 * again), the form is gone, or its dialog was closed. `reset` drops a held submit (a dialog closed, the
 * field's part of the form left). `waiting` says the form is held (the page says so); `held` counts the
 * files the field holds.
 */
export function useUploadGate(formRef: RefObject<HTMLFormElement | null>) {
  const [state, setState] = useState({ busy: false, failed: 0, held: 0 });
  // The held submit: a ref, so that a submit that goes through meanwhile cancels it at once (no second send);
  // the state only shows it.
  const queuedRef = useRef(false);
  const [queued, setQueued] = useState(false);
  const drop = useCallback(() => {
    queuedRef.current = false;
    setQueued(false);
  }, []);
  useEffect(() => {
    if (!queuedRef.current || state.busy) return;
    drop();
    const form = formRef.current;
    const dialog = form?.closest("dialog");
    if (!state.failed && form?.isConnected && (!dialog || dialog.open)) form.requestSubmit();
  }, [queued, state.busy, state.failed, formRef, drop]);
  const onBusyChange = useCallback((busy: boolean, failed: number, held: number) => setState({ busy, failed, held }), []);
  const hold = (e: FormEvent) => {
    if (!state.busy) {
      drop();
      return false;
    }
    e.preventDefault();
    queuedRef.current = true;
    setQueued(true);
    return true;
  };
  const reset = drop;
  return { onBusyChange, hold, reset, waiting: queued && state.busy, held: state.held };
}

/**
 * A form's texts for DirectUpload, from its page's namespace: `filesChosen`, `uploadingFile` ({{percent}}),
 * `uploadDone`, `uploadFailed`, `removeFile` ({{name}}); the refusals are the spec's validation texts.
 */
export function useUploadTexts(ns: string): DirectUploadTexts {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      list: t(`${ns}.filesChosen`),
      uploading: (percent) => t(`${ns}.uploadingFile`, { percent }),
      done: t(`${ns}.uploadDone`),
      failed: t(`${ns}.uploadFailed`),
      remove: (name) => t(`${ns}.removeFile`, { name }),
      choose: (many) => t(many ? "common.chooseFiles" : "common.chooseFile"),
      tooBig: t("validation.file_size"),
      badType: t("validation.file_type"),
      tooMany: t("validation.files_count"),
    }),
    [t, ns],
  );
}
