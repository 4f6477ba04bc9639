import { DirectUpload, useUploadTexts } from "~/components/ui/direct-upload";
import { RESPOND_LIMITS } from "~/domain/limits";
import { useTranslation } from "~/lib/i18n";

/**
 * The response's files (spec 3 §5: ≤ 5, each under 50 MB, any type), isolated in one component. With script
 * each chosen file goes straight to storage (DirectUpload, kind 'respond': docs/decisions/0032-direct-uploads.md)
 * and the form carries its id as `uploads[]`; before the script runs the same input posts the files inline
 * as `attachments[]`. The server takes both (together ≤ 5). `onBusyChange` tells the form whether a file is
 * still on its way (it holds the submit until then) and how many failed.
 */
export function RespondFiles({
  errors,
  onBusyChange,
  gone,
  goneMessage,
}: {
  errors?: string[];
  onBusyChange?: (busy: boolean, failed: number, held: number) => void;
  gone?: readonly string[];
  goneMessage?: string;
}) {
  const { t, lang } = useTranslation();
  const invalid = !!errors?.length;
  const texts = useUploadTexts("respondPage");
  return (
    <div className={`field${invalid ? " field--invalid" : ""}`} data-field="attachments">
      <label className="field__label" htmlFor="respond-attachments">
        {t("respondPage.attachments")}
      </label>
      <DirectUpload
        kind="respond"
        inputId="respond-attachments"
        describedBy={invalid ? "respond-attachments-error" : undefined}
        invalid={invalid}
        inlineName="attachments[]"
        uploadsName="uploads[]"
        maxFiles={RESPOND_LIMITS.filesMax}
        maxBytes={RESPOND_LIMITS.fileBytes - 1}
        extensions={null}
        texts={texts}
        lang={lang}
        onBusyChange={onBusyChange}
        gone={gone}
        goneMessage={goneMessage}
      />
      {invalid ? (
        <p id="respond-attachments-error" className="field__error" role="alert">
          {errors!.join(". ")}
        </p>
      ) : null}
    </div>
  );
}
