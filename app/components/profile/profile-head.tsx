import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import type { ProfileActionData } from "./types";

// The crop library (react-easy-crop) is loaded on the first photo change only (JS budget, brief).
const AvatarUpload = lazy(() => import("./avatar-cropper"));
// The status editor too, on the first press of 'Изменить статус'.
const StatusEditor = lazy(() => import("./status-editor"));

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
  const [used, setUsed] = useState(false);
  // 'Удалить фото': the page's data come back without it, and the initials show again.
  const removal = useFetcher<ProfileActionData>({ key: "profile-photo-remove" });
  const removed = removal.state === "idle" ? removal.data : undefined;
  const picture = head.photo ? <img className="avatar__img" src={head.photo} alt={t("profilePage.avatar.alt", { name: `${head.name} ${head.lastName}` })} width={120} height={120} /> : (
    <span className="avatar__initials" aria-hidden="true">
      {initials(head.name, head.lastName)}
    </span>
  );
  if (!editable) return <div className="avatar">{picture}</div>;
  return (
    <div className="avatar-edit">
      <div className="avatar">{picture}</div>
      <label className="btn btn--ghost btn--sm btn--nowrap avatar-edit__button">
        {t("profilePage.avatar.change")}
        <input
          className="visually-hidden"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          data-testid="avatar-input"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setUsed(true);
            e.target.value = "";
          }}
        />
      </label>
      {head.photo ? (
        <removal.Form method="post">
          <button type="submit" name="intent" value="photo-remove" className="link-button">
            {t("profilePage.avatar.remove")}
          </button>
        </removal.Form>
      ) : null}
      {removed && !(removed.ok && head.photo) ? (
        <p className={removed.ok ? "success" : "field__error"} role="status">
          {removed.ok ? t("profilePage.avatar.removed") : removed.message}
        </p>
      ) : null}
      {used ? (
        <Suspense fallback={<p className="note">{t("profilePage.avatar.loading")}</p>}>
          <AvatarUpload file={file} onClose={() => setFile(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

function Status({ status, editable }: { status: string; editable: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [expanded, setExpanded] = useState(false);
  // The editor replaces the text and its button: once it is saved or cancelled, focus goes back to the button.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  // spec 2 §5: four lines, then an ellipsis (CSS); the rest on demand when the text may not fit.
  const clamped = status.length > 160;
  if (editing) {
    return (
      <Suspense fallback={<p className="note">{t("profilePage.avatar.loading")}</p>}>
        <StatusEditor status={status} onDone={() => setEditing(false)} />
      </Suspense>
    );
  }
  return (
    <div className="status">
      {status ? (
        <p className={`status__text${expanded ? "" : " status__text--clamped"}`} data-testid="status-text">
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
          <button type="button" className="link-button" ref={editButton} onClick={() => setEditing(true)}>
            {status ? t("profilePage.status.edit") : t("profilePage.status.add")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
