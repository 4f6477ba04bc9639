import { useState } from "react";
import type { ResumeBannerData } from "~/domain/cases/resume.server";
import { RESUME_ACCEPT } from "~/domain/cases/limits";
import { useTranslation } from "~/lib/i18n";
import { ConfirmDialog, FetchFlag, FileName, MessageDialog, useActionFetcher, useErrorAlert } from "./cases-shared";
import { useResumeUpload } from "./resume-upload";
import "~/styles/profile-cases.css";

/**
 * The profile's resume (spec 2 §3 User: resume, resume_filename): download, upload or replace (one pdf, doc
 * or docx under 50 MB, checked by the server) and delete after the spec's question. Owner only.
 */
export function ResumeSection({ data }: { data: ResumeBannerData }) {
  const { t } = useTranslation();
  const [success, setSuccess] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const errorAlert = useErrorAlert();
  const uploader = useActionFetcher("resume-upload", (answer) => {
    if (answer.ok && answer.message) setSuccess(answer.message);
  });
  const remover = useActionFetcher("resume-delete", (answer) => {
    setConfirmDelete(false);
    if (!answer.ok) errorAlert.show(answer.message || t("errors.unknown"));
  });
  const direct = useResumeUpload(uploader.submit);
  const errors = uploader.answer && !uploader.answer.ok && !direct.busy ? (uploader.answer.errors ?? {}) : {};
  const error = direct.error ?? errors.resume?.join(". ") ?? errors.form?.join(". ");
  const busy = direct.busy || uploader.state !== "idle";
  const resume = data.resume;

  return (
    <div className="pc-section" data-testid="resume-section">
      <div className="pc-section__head">
        <h2 className="pc-section__title">{t("profileCases.resume.title")}</h2>
      </div>
      {resume ? (
        <p className="pc-resume">
          <a href={resume.url} aria-label={t("profileCases.resume.download", { name: resume.name })}>
            <FileName name={resume.name} />
          </a>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirmDelete(true)}>
            {t("profileCases.resume.remove")}
          </button>
        </p>
      ) : (
        <p className="note">{t("profileCases.resume.none")}</p>
      )}
      <uploader.Form method="post" action="/profile/resume" encType="multipart/form-data" className={`pc-upload${error ? " field--invalid" : ""}`} noValidate onSubmit={direct.onSubmit} onChange={direct.clearError}>
        <FetchFlag />
        <input type="hidden" name="intent" value="upload" />
        <label className="field__label" htmlFor="resume-file">
          {t("profileCases.resume.choose")}
        </label>
        <input id="resume-file" className="field__input" type="file" name="resume" accept={RESUME_ACCEPT} aria-describedby="resume-file-hint" aria-invalid={!!error || undefined} />
        <p id="resume-file-hint" className="field__hint">
          {t("profileCases.resume.hint")}
        </p>
        {direct.element}
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <div>
          {/* Busy, not `disabled`: the pressed button keeps the focus (ui/pending-button's pattern, written out). */}
          <button type="submit" className="btn btn--primary btn--sm" aria-busy={busy || undefined} aria-disabled={busy || undefined} onClick={(e) => busy && e.preventDefault()}>
            {t(resume ? "profileCases.resume.replace" : "profileCases.resume.upload")}
          </button>
        </div>
      </uploader.Form>
      <ConfirmDialog
        open={confirmDelete}
        title={t("profileCases.resume.deleteTitle")}
        text={t("profileCases.resume.deleteText")}
        confirmLabel={t("common.remove")}
        pending={remover.state !== "idle"}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => remover.submit({ intent: "delete", _fetch: "1" }, { method: "post", action: "/profile/resume" })}
      />
      <MessageDialog open={success !== null} onClose={() => setSuccess(null)} title={t("profileCases.resume.doneTitle")} text={success ?? ""} />
      {errorAlert.element}
    </div>
  );
}
