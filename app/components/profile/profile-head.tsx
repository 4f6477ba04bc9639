import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { PROFILE_LIMITS } from "~/domain/profile/limits";
import { useTranslation } from "~/lib/i18n";
import type { ProfileActionData } from "./types";

// The crop library (react-easy-crop) is loaded on the first photo change only (JS budget, brief).
const AvatarCropper = lazy(() => import("./avatar-cropper"));

type Head = { id: number; name: string; lastName: string; patronymic: string | null; status: string; photo: string | null };

export function initials(name: string, lastName: string) {
  return `${name.trim()[0] ?? ""}${lastName.trim()[0] ?? ""}`.toUpperCase();
}

/** The profile's header: photo (initials when none), name and the status (spec 2 §2, §5). */
export function ProfileHead({ head, editable }: { head: Head; editable: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="profile-head card">
      <Avatar head={head} editable={editable} />
      <div className="profile-head__text">
        <h1>{`${head.name} ${head.lastName}`}</h1>
        <Status status={head.status} editable={editable} />
      </div>
    </header>
  );
}

function Avatar({ head, editable }: { head: Head; editable: boolean }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const fetcher = useFetcher<ProfileActionData>({ key: "profile-photo" });
  const answer = fetcher.data?.intent === "photo" ? fetcher.data : undefined;
  const picture = head.photo ? <img className="avatar__img" src={head.photo} alt={t("profilePage.avatar.alt", { name: `${head.name} ${head.lastName}` })} width={120} height={120} /> : (
    <span className="avatar__initials" aria-hidden="true">
      {initials(head.name, head.lastName)}
    </span>
  );
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.ok) setFile(null);
  }, [fetcher.state, answer]);
  if (!editable) return <div className="avatar">{picture}</div>;
  function onPick(e: React.ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    e.target.value = "";
    if (!f) return;
    // spec 2 §5/§8: 20 MB, an image. The server checks the content again.
    if (f.size > PROFILE_LIMITS.avatarBytes) return setError(t("profilePage.avatar.tooBig"));
    if (!/^image\/(png|jpeg|gif|webp)$/.test(f.type)) return setError(t("profilePage.avatar.wrongType"));
    setError(null);
    setFile(f);
  }
  const serverError = answer && !answer.ok ? (answer.errors.photo?.[0] ?? answer.message) : null;
  return (
    <div className="avatar-edit">
      <div className="avatar">{picture}</div>
      <label className="btn btn--ghost btn--sm avatar-edit__button">
        {t("profilePage.avatar.change")}
        <input ref={inputRef} className="visually-hidden" type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={onPick} data-testid="avatar-input" />
      </label>
      {answer?.ok && !file ? (
        <p className="success" role="status">
          {t("profilePage.avatar.done")}
        </p>
      ) : null}
      {error || serverError ? (
        <p className="field__error" role="alert">
          {error ?? serverError}
        </p>
      ) : null}
      {file ? (
        <Suspense fallback={<p className="note">{t("profilePage.avatar.loading")}</p>}>
          <AvatarCropper
            file={file}
            pending={fetcher.state !== "idle"}
            onCancel={() => setFile(null)}
            onError={(key) => {
              setFile(null);
              setError(t(`profilePage.avatar.${key}`));
            }}
            onSave={(png) => {
              const fd = new FormData();
              fd.set("intent", "photo");
              fd.set("photo", png, "avatar.png");
              fetcher.submit(fd, { method: "post", encType: "multipart/form-data" });
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function Status({ status, editable }: { status: string; editable: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ProfileActionData>({ key: "profile-status" });
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(status);
  const [expanded, setExpanded] = useState(false);
  const [clamped, setClamped] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);
  const answer = fetcher.data?.intent === "status" ? fetcher.data : undefined;
  useEffect(() => setText(status), [status]);
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.ok) setEditing(false);
  }, [fetcher.state, answer]);
  useEffect(() => {
    // spec 2 §5: four lines, then an ellipsis; the rest on demand.
    const el = ref.current;
    if (el) setClamped(el.scrollHeight > el.clientHeight + 1);
  }, [status, editing]);
  if (editing) {
    return (
      <fetcher.Form method="post" className="status-form">
        <input type="hidden" name="intent" value="status" />
        <label className="field__label" htmlFor="status-text">
          {t("profilePage.status.label")}
        </label>
        <textarea id="status-text" name="text" className="field__input" rows={4} maxLength={PROFILE_LIMITS.statusMax} value={text} placeholder={t("profilePage.status.placeholder")} onChange={(e) => setText(e.target.value)} aria-describedby="status-counter" />
        <p id="status-counter" className="field__hint" aria-live="polite">
          {t("profilePage.status.counter", { count: text.length, max: PROFILE_LIMITS.statusMax })}
        </p>
        {answer && !answer.ok ? (
          <p className="field__error" role="alert">
            {answer.message}
          </p>
        ) : null}
        <div className="status-form__actions">
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => { setText(status); setEditing(false); }}>
            {t("profilePage.status.cancel")}
          </button>
          <button type="submit" className="btn btn--primary btn--sm" aria-busy={fetcher.state !== "idle" || undefined} onClick={(e) => fetcher.state !== "idle" && e.preventDefault()}>
            {t("profilePage.status.save")}
          </button>
        </div>
      </fetcher.Form>
    );
  }
  return (
    <div className="status">
      {status ? (
        <p ref={ref} className={`status__text${expanded ? "" : " status__text--clamped"}`} data-testid="status-text">
          {status}
        </p>
      ) : null}
      <div className="status__actions">
        {status && (clamped || expanded) ? (
          <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
            {expanded ? t("profilePage.status.less") : t("profilePage.status.more")}
          </button>
        ) : null}
        {editable ? (
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            {status ? t("profilePage.status.edit") : t("profilePage.status.add")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
