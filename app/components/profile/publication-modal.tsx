import { useId, useRef, useState, type FormEvent } from "react";
import { DirectUpload, useUploadGate, useUploadTexts } from "~/components/ui/direct-upload";
import { ATTACHMENT_ACCEPT, CASE_LIMITS } from "~/domain/cases/limits";
import { Field } from "~/components/ui/field";
import { Modal } from "~/components/ui/modal";
import { SubmitButton } from "~/components/ui/submit-button";
import { useTranslation } from "~/lib/i18n";
import { FileName, useActionFetcher } from "./cases-shared";
import { useAnswerErrors } from "~/lib/answer-errors";

/**
 * Adding a publication (spec 2 §3 Publication): a link (the button waits for 10 characters) or one file, and
 * a description. The file goes straight to storage as it is chosen (DirectUpload, kind 'publication':
 * decision 0063) with its progress, and the form sends its id as uploads[]; a save clicked while it is on its
 * way waits for it.
 */
export default function PublicationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, lang } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<"link" | "file">("link");
  const [link, setLink] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const uploads = useUploadGate(formRef);
  // Closed, the modal forgets a save it was holding for a file on its way.
  const close = () => {
    uploads.reset();
    onClose();
  };
  const adder = useActionFetcher("publication-add", (answer) => {
    if (answer.ok) onClose();
  });
  // A field's message goes once the person edits the field, until the next answer; the picker is the file's.
  const answered = adder.answer && !adder.answer.ok ? adder.answer.errors : undefined;
  const { errors, onChange: dismissError } = useAnswerErrors(answered, [["publication_file", "picker"]]);
  const uploadTexts = useUploadTexts("profileCases.publications");

  const submit = (e: FormEvent<HTMLFormElement>) => {
    // A file still on its way holds the save until it is stored.
    if (uploads.hold(e)) return;
    e.preventDefault();
    // The form's hidden uploads[] is the stored file; the picker's own bytes never leave.
    const fd = new FormData(e.currentTarget);
    fd.delete("picker");
    adder.submit(fd, { method: "post", action: "/profile/publications", encType: "multipart/form-data" });
  };

  const fileError = errors.publication_file?.length ? `${id}-file-error` : "";
  return (
    <Modal open={open} onClose={close} title={t("profileCases.publications.modalTitle")}>
      <form
        ref={formRef}
        method="post"
        action="/profile/publications"
        encType="multipart/form-data"
        className="form pc-publication-form"
        noValidate
        onSubmit={submit}
        onChange={dismissError}
      >
        <input type="hidden" name="_fetch" value="1" />
        <fieldset className="pc-kind">
          <legend className="field__label">{t("profileCases.publications.kindLabel")}</legend>
          <label className="checkbox">
            <input type="radio" name="type" value="link" checked={kind === "link"} onChange={() => setKind("link")} />
            {t("profileCases.publications.linkTab")}
          </label>
          <label className="checkbox">
            <input type="radio" name="type" value="file" checked={kind === "file"} onChange={() => setKind("file")} />
            {t("profileCases.publications.fileTab")}
          </label>
        </fieldset>
        {kind === "link" ? (
          <Field
            label={t("profileCases.publications.link")}
            name="link"
            type="url"
            inputMode="url"
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            maxLength={CASE_LIMITS.linkMax}
            errors={errors.link}
            hint={t("profileCases.publications.linkHint")}
          />
        ) : (
          <div className={`field${fileError ? " field--invalid" : ""}`} data-field="publication_file">
            <label className="field__label" htmlFor={`${id}-file`}>
              {t("profileCases.publications.file")}
            </label>
            <DirectUpload
              kind="publication"
              inputId={`${id}-file`}
              describedBy={`${id}-file-hint${fileError ? ` ${fileError}` : ""}`}
              invalid={!!fileError}
              inlineName="picker"
              uploadsName="uploads[]"
              maxFiles={1}
              accept={ATTACHMENT_ACCEPT}
              texts={uploadTexts}
              lang={lang}
              onBusyChange={uploads.onBusyChange}
              gone={answered && Array.isArray(adder.answer?.uploads_gone) ? (adder.answer.uploads_gone as string[]) : undefined}
              goneMessage={answered?.publication_file?.[0]}
              renderName={(name) => <FileName name={name} />}
            />
            <p id={`${id}-file-hint`} className="field__hint">
              {t("profileCases.publications.fileHint")}
            </p>
            {uploads.waiting ? (
              <p className="field__hint" role="status">
                {t("profileCases.publications.waitUploads")}
              </p>
            ) : null}
            {fileError ? (
              <p id={fileError} className="field__error" role="alert">
                {errors.publication_file!.join(". ")}
              </p>
            ) : null}
          </div>
        )}
        <Field label={t("profileCases.publications.description")} name="description" errors={errors.description} hint={t("profileCases.publications.descriptionHint")} autoComplete="off" maxLength={CASE_LIMITS.descriptionMax} />
        <div>
          {/* spec 2 §5: a link can be added from 10 characters on. */}
          <SubmitButton pending={adder.state !== "idle"} disabled={kind === "link" && link.trim().length < CASE_LIMITS.linkMinForButton} className="btn btn--primary btn--sm">
            {t("profileCases.publications.add")}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
