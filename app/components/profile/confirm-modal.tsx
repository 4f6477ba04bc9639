import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Modal } from "~/components/ui/modal";
import { DirectUpload, useUploadGate, useUploadTexts } from "~/components/ui/direct-upload";
import type { ExpertiseView } from "~/domain/experience/expertises.server";
import { CONFIRMATION_FILE_ACCEPT, EXPERIENCE_LIMITS } from "~/domain/experience/rules";
import { useTranslation } from "~/lib/i18n";
import { callApi } from "./api-client";
import { SearchPicker, type PickedEntry } from "./company-picker";
import { useAnswerErrors } from "~/lib/answer-errors";

type Props = {
  open: boolean;
  kind: "institution" | "publication";
  expertise: ExpertiseView | null;
  studyYears: { from: number; to: number };
  onClose: () => void;
  onSaved: () => void;
};

/**
 * Options (2) and (3) of the confirm menu (spec 2 §4): a place of study with the graduation year (sent
 * as YYYY-01-01), or a document or a link with a title and up to 5 files. The files go straight to storage
 * as they are chosen (DirectUpload, kind 'confirmation': decision 0058); the save sends their ids.
 */
export default function ConfirmModal({ open, kind, expertise, studyYears, onClose, onSaved }: Props) {
  const { t, lang } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const uploads = useUploadGate(formRef);
  // Closed, the modal forgets a save it was holding for a file on its way.
  const close = () => {
    uploads.reset();
    onClose();
  };
  // Each opening starts with no files: the upload list is mounted afresh. Counted while rendering (not in
  // an effect, which would remount the field after it was shown and lose a file chosen at once).
  const [shown, setShown] = useState({ open, kind, opening: 0 });
  if (shown.open !== open || shown.kind !== kind) setShown({ open, kind, opening: shown.opening + 1 });
  const opening = shown.opening;
  const [institution, setInstitution] = useState<PickedEntry | null>(null);
  const [year, setYear] = useState("");
  const [link, setLink] = useState("");
  const [title, setTitle] = useState("");
  const [answered, setErrors] = useState<Record<string, string[]>>({});
  // The server's errors, each hidden once its field is changed (decision 0048).
  const { errors, dismiss } = useAnswerErrors(answered, [["institution_id", "new_institution"]]);
  const [message, setMessage] = useState("");
  // The uploads the last answer refused for good, and its message for them.
  const [gone, setGone] = useState<{ ids: string[]; message?: string } | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!open) return;
    setInstitution(null);
    setYear("");
    setLink("");
    setTitle("");
    setGone(null);
    setErrors({});
    setMessage("");
  }, [open, kind]);

  const uploadTexts = useUploadTexts("profileExperience");

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    // A file still on its way holds the save until it is stored.
    if (uploads.hold(e)) return;
    e.preventDefault();
    if (!expertise || pending) return;
    const uploaded = new FormData(e.currentTarget).getAll("uploads[]").map(String);
    setPending(true);
    let res;
    if (kind === "institution") {
      const json: Record<string, unknown> = { confirm_type: "institution", expertise_id: expertise.expertise_id, study_finish: /^\d{4}$/.test(year.trim()) ? `${year.trim()}-01-01` : year.trim() };
      if (institution?.id) json.institution_id = institution.id;
      else if (institution?.isNew) json.new_institution = institution.name;
      res = await callApi("/api/user/profile/expertises/confirm", { json });
    } else {
      // With files, the link and the title may stay empty (spec 2 §5): then they are not sent.
      const json: Record<string, unknown> = { confirm_type: "publication", expertise_id: expertise.expertise_id, link: link.trim(), description: title.trim() };
      if (uploaded.length) {
        json.uploads = uploaded;
        if (!json.link) delete json.link;
        if (!json.description) delete json.description;
      }
      res = await callApi("/api/user/profile/expertises/confirm", { json });
    }
    setPending(false);
    if (res.ok) {
      onSaved();
      return;
    }
    // 'publication_file.0' and the like belong to the files field.
    const fields: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(res.errors)) (fields[k.split(".")[0]!] ??= []).push(...v);
    setErrors(fields);
    if (res.uploadsGone) setGone({ ids: res.uploadsGone, message: fields.publication_file?.[0] });
    setMessage(Object.keys(fields).length ? "" : res.message || t("errors.unknown"));
  };

  const fieldError = (k: string) =>
    errors[k]?.length ? (
      <p id={`${id}-${k}-error`} className="field__error" role="alert">
        {errors[k]!.join(". ")}
      </p>
    ) : null;
  const input = (k: string, label: string, value: string, set: (v: string) => void, extra: Record<string, unknown> = {}, hint?: string) => (
    <div className={`field${errors[k]?.length ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor={`${id}-${k}`}>
        {label}
      </label>
      <input
        id={`${id}-${k}`}
        className="field__input"
        value={value}
        onChange={(e) => {
          set(e.target.value);
          dismiss(k);
        }}
        aria-invalid={!!errors[k]?.length || undefined}
        aria-describedby={[errors[k]?.length ? `${id}-${k}-error` : "", hint ? `${id}-${k}-hint` : ""].filter(Boolean).join(" ") || undefined}
        {...extra}
      />
      {hint ? (
        <div id={`${id}-${k}-hint`} className="field__hint">
          {hint}
        </div>
      ) : null}
      {fieldError(k)}
    </div>
  );

  return (
    <Modal open={open} onClose={close} title={kind === "institution" ? t("profileExperience.institutionModalTitle") : t("profileExperience.documentModalTitle")}>
      <form ref={formRef} className="form xp-form" noValidate onSubmit={submit}>
        {expertise ? <p className="xp-card__title">{expertise.name}</p> : null}
        {message ? (
          <p className="form-error" role="alert">
            {message}
          </p>
        ) : null}
        {kind === "institution" ? (
          <>
            <SearchPicker
              endpoint="/api/institutions"
              value={institution}
              onChange={(v) => {
                setInstitution(v);
                dismiss("institution_id");
              }}
              errors={errors.institution_id ?? errors.new_institution}
              required
              texts={{
                label: t("profileExperience.institution"),
                placeholder: t("profileExperience.institutionSearch"),
                notFound: t("profileExperience.institutionNotFound"),
                found: (count) => t("profileExperience.foundOptions", { count }),
                add: (name) => t("profileExperience.companyAdd", { name }),
                moderation: t("profileExperience.onModeration"),
                newEntry: t("profileExperience.onModeration"),
                clear: t("profileExperience.companyClear"),
              }}
            />
            {input("study_finish", t("profileExperience.studyFinish"), year, setYear, { inputMode: "numeric", maxLength: 4, autoComplete: "off" }, t("profileExperience.studyHint", studyYears))}
          </>
        ) : (
          <>
            {input("link", t("profileExperience.link"), link, setLink, { type: "url", inputMode: "url", maxLength: EXPERIENCE_LIMITS.linkMax, placeholder: "https://" })}
            {input("description", t("profileExperience.title"), title, setTitle, { maxLength: EXPERIENCE_LIMITS.titleMax })}
            <div className={`field${errors.publication_file?.length ? " field--invalid" : ""}`}>
              <label className="field__label" htmlFor={`${id}-files`}>
                {t("profileExperience.files")}
              </label>
              <DirectUpload
                key={opening}
                kind="confirmation"
                inputId={`${id}-files`}
                describedBy={`${id}-files-hint${errors.publication_file?.length ? ` ${id}-publication_file-error` : ""}`}
                invalid={!!errors.publication_file?.length}
                inlineName="publication_file[]"
                uploadsName="uploads[]"
                maxFiles={EXPERIENCE_LIMITS.confirmationFiles}
                accept={CONFIRMATION_FILE_ACCEPT}
                texts={uploadTexts}
                lang={lang}
                gone={gone?.ids}
                goneMessage={gone?.message}
                onBusyChange={uploads.onBusyChange}
                onChange={() => dismiss("publication_file")}
              />
              <div id={`${id}-files-hint`} className="field__hint">
                {t("profileExperience.filesHint")}
              </div>
              {uploads.waiting ? (
                <p className="field__hint" role="status">
                  {t("profileExperience.waitUploads")}
                </p>
              ) : null}
              {fieldError("publication_file")}
            </div>
          </>
        )}
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={close}>
            {t("profileExperience.cancel")}
          </button>
          <button type="submit" className="btn btn--primary" aria-busy={pending || undefined} aria-disabled={pending || undefined}>
            {t("profileExperience.save")}
          </button>
        </div>
      </form>
    </Modal>
  );
}
