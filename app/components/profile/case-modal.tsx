import { TextArea } from "~/components/ui/textarea";
import { useRef, useState, type FormEvent } from "react";
import { DirectUpload, useUploadGate, useUploadTexts } from "~/components/ui/direct-upload";
import type { CaseView } from "~/domain/cases/cases.server";
import { ATTACHMENT_ACCEPT, CASE_LIMITS } from "~/domain/cases/limits";
import { Field } from "~/components/ui/field";
import { Modal, scrollDialogToTop } from "~/components/ui/modal";
import { SubmitButton } from "~/components/ui/submit-button";
import { useTranslation } from "~/lib/i18n";
import { FileName, useActionFetcher } from "./cases-shared";
import { useAnswerErrors } from "~/lib/answer-errors";
import { focusAfterRemove } from "~/lib/focus-on-remove";

type Attachment = { key: string; id: number; name: string };

/**
 * Adding or editing a case (spec 2 §3 Case): sent as multipart with attachments[n][id] for the kept files;
 * new ones go straight to storage as they are chosen (DirectUpload, kind 'case': decision 0058) and the form
 * sends their ids as uploads[]. The server checks everything; on a refusal the modal scrolls to its top
 * (spec 2 §5) where the messages start, and the uploaded files stay chosen for the corrected form.
 */
export default function CaseModal({ open, value, onClose }: { open: boolean; value: CaseView | null; onClose: () => void }) {
  const { t, lang } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const uploads = useUploadGate(formRef);
  // Closed, the modal forgets a save it was holding for a file on its way.
  const close = () => {
    uploads.reset();
    onClose();
  };
  const [attachments, setAttachments] = useState<Attachment[]>(() => (value?.attachments ?? []).map((a) => ({ key: `id-${a.id}`, id: a.id, name: a.name })));
  const fetcher = useActionFetcher(`case-save-${value?.id ?? "new"}`, (answer) => {
    if (answer.ok) onClose();
    else scrollDialogToTop(formRef.current);
  });
  // A field's message goes once the person edits the field, until the next answer; the file picker is the attachments'.
  const answered = fetcher.answer && !fetcher.answer.ok ? fetcher.answer.errors : undefined;
  const { errors, onChange: dismissError, dismiss } = useAnswerErrors(answered, [["attachments", "picker"]]);
  const uploadTexts = useUploadTexts("profileCases.caseModal");
  const formError = errors.form?.join(". ") ?? (fetcher.answer && !fetcher.answer.ok && !Object.keys(answered ?? {}).length ? fetcher.answer.message : undefined);

  const chars = (max: number) => (count: number) => t("profileCases.caseModal.chars", { count, max });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    // A file still on its way holds the save until it is stored.
    if (uploads.hold(e)) return;
    e.preventDefault();
    // The form's hidden uploads[] are the stored new files.
    const fd = new FormData(e.currentTarget);
    fd.delete("picker");
    attachments.forEach((a, i) => fd.append(`attachments[${i}][id]`, String(a.id)));
    fetcher.submit(fd, { method: "post", action: "/profile/cases", encType: "multipart/form-data" });
  };

  return (
    <Modal open={open} onClose={close} title={t(value ? "profileCases.caseModal.editTitle" : "profileCases.caseModal.addTitle")}>
      <form
        ref={formRef}
        className="form"
        onSubmit={submit}
        onChange={dismissError}
        noValidate
        encType="multipart/form-data"
        method="post"
        action="/profile/cases"
      >
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <input type="hidden" name="_fetch" value="1" />
        {value ? <input type="hidden" name="id" value={value.id} /> : null}
        <Field label={t("profileCases.caseModal.name")} name="name" defaultValue={value?.name} errors={errors.name} autoComplete="off" maxLength={CASE_LIMITS.nameMax} />
        <TextArea inputClassName="pc-textarea" label={t("profileCases.caseModal.task")} name="task" defaultValue={value?.task} errors={errors.task} rows={4} maxLength={CASE_LIMITS.textMax} counter={chars(CASE_LIMITS.textMax)} />
        <TextArea inputClassName="pc-textarea" label={t("profileCases.caseModal.solution")} name="solution" defaultValue={value?.solution} errors={errors.solution} rows={4} maxLength={CASE_LIMITS.textMax} counter={chars(CASE_LIMITS.textMax)} />
        <TextArea inputClassName="pc-textarea" label={t("profileCases.caseModal.results")} name="results" defaultValue={value?.results} errors={errors.results} rows={4} maxLength={CASE_LIMITS.textMax} counter={chars(CASE_LIMITS.textMax)} />
        <TextArea inputClassName="pc-textarea" label={t("profileCases.caseModal.links")} name="links" defaultValue={value?.links ?? ""} errors={errors.links} rows={2} hint={t("profileCases.caseModal.linksHint")} maxLength={CASE_LIMITS.linksMax} counter={chars(CASE_LIMITS.linksMax)} />
        <div className={`field${errors.attachments ? " field--invalid" : ""}`} data-field="attachments">
          <label className="field__label" id="case-attachments-label" htmlFor="case-attachments">
            {t("profileCases.caseModal.attachments")} <span className="note">{t("profileCases.caseModal.counter", { count: attachments.length + uploads.held, max: CASE_LIMITS.attachmentsMax })}</span>
          </label>
          {attachments.length ? (
            <ul className="file-list pc-files" aria-label={t("profileCases.caseModal.filesKept")}>
              {attachments.map((a) => (
                <li key={a.key} className="pc-file">
                  <FileName name={a.name} />
                  <button
                    type="button"
                    className="link-button"
                    aria-label={t("profileCases.caseModal.removeFile", { name: a.name })}
                    onClick={(e) => {
                      focusAfterRemove(e.currentTarget);
                      setAttachments((prev) => prev.filter((x) => x.key !== a.key));
                      dismiss("attachments");
                    }}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <DirectUpload
            kind="case"
            inputId="case-attachments"
            describedBy={errors.attachments ? "case-attachments-hint case-attachments-error" : "case-attachments-hint"}
            invalid={!!errors.attachments}
            inlineName="picker"
            uploadsName="uploads[]"
            maxFiles={CASE_LIMITS.attachmentsMax - attachments.length}
            accept={ATTACHMENT_ACCEPT}
            texts={uploadTexts}
            lang={lang}
            onBusyChange={uploads.onBusyChange}
            gone={answered && Array.isArray(fetcher.answer?.uploads_gone) ? (fetcher.answer.uploads_gone as string[]) : undefined}
            goneMessage={answered?.attachments?.[0]}
            renderName={(name) => <FileName name={name} />}
          />
          <p id="case-attachments-hint" className="field__hint">
            {t("profileCases.caseModal.attachHint")}
          </p>
          {uploads.waiting ? (
            <p className="field__hint" role="status">
              {t("profileCases.caseModal.waitUploads")}
            </p>
          ) : null}
          {errors.attachments ? (
            <p id="case-attachments-error" className="field__error" role="alert">
              {errors.attachments.join(". ")}
            </p>
          ) : null}
        </div>
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={close}>
            {t("profileCases.caseModal.cancel")}
          </button>
          <SubmitButton pending={fetcher.state !== "idle"}>{t("profileCases.caseModal.save")}</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
