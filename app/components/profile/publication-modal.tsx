import { useRef, useState } from "react";
import { ATTACHMENT_ACCEPT, CASE_LIMITS } from "~/domain/cases/limits";
import { Field } from "~/components/ui/field";
import { Modal } from "~/components/ui/modal";
import { SubmitButton } from "~/components/ui/submit-button";
import { useTranslation } from "~/lib/i18n";
import { FetchFlag, useActionFetcher } from "./cases-shared";
import { useAnswerErrors } from "~/lib/answer-errors";

/** Adding a publication (spec 2 §3 Publication): a link (the button waits for 10 characters) or one file, and a description. */
export default function PublicationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<"link" | "file">("link");
  const [link, setLink] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const adder = useActionFetcher("publication-add", (answer) => {
    if (answer.ok) onClose();
  });
  // A field's message goes once the person edits the field, until the next answer.
  const { errors, onChange: dismissError } = useAnswerErrors(adder.answer && !adder.answer.ok ? adder.answer.errors : undefined);
  return (
    <Modal open={open} onClose={onClose} title={t("profileCases.publications.modalTitle")}>
      <adder.Form
        ref={formRef}
        method="post"
        action="/profile/publications"
        encType="multipart/form-data"
        className="form pc-publication-form"
        noValidate
        onChange={dismissError}
      >
        <FetchFlag />
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
            errors={errors.link}
            hint={t("profileCases.publications.linkHint")}
          />
        ) : (
          <Field
            label={t("profileCases.publications.file")}
            name="publication_file"
            type="file"
            accept={ATTACHMENT_ACCEPT}
            errors={errors.publication_file}
            hint={t("profileCases.publications.fileHint")}
          />
        )}
        <Field label={t("profileCases.publications.description")} name="description" errors={errors.description} hint={t("profileCases.publications.descriptionHint")} autoComplete="off" />
        <div>
          {/* spec 2 §5: a link can be added from 10 characters on. */}
          <SubmitButton pending={adder.state !== "idle"} disabled={kind === "link" && link.trim().length < CASE_LIMITS.linkMinForButton} className="btn btn--primary btn--sm">
            {t("profileCases.publications.add")}
          </SubmitButton>
        </div>
      </adder.Form>
    </Modal>
  );
}
