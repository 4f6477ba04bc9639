import { useState } from "react";
import { RESPOND_LIMITS } from "~/domain/limits";
import { useTranslation } from "~/lib/i18n";

/**
 * The response's files (spec 3 §5: ≤ 5, each under 50 MB, any type), isolated in one component: today a
 * plain file input whose files go inline with the form (`attachments[]`, the page's action and POST
 * /api/respond take them); the direct uploads (README "Files of requests and responses") replace this
 * component only — the form renders `<RespondFiles errors={…} />` inside its <form> and reads nothing back.
 */
export function RespondFiles({ errors }: { errors?: string[] }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const invalid = !!errors?.length;
  return (
    <div className={`field${invalid ? " field--invalid" : ""}`} data-field="attachments">
      <label className="field__label" htmlFor="respond-attachments">
        {t("respondPage.attachments")}
      </label>
      <input
        id="respond-attachments"
        type="file"
        name="attachments[]"
        multiple
        className="field__input"
        data-max-files={RESPOND_LIMITS.filesMax}
        onChange={(e) => setChosen(Array.from(e.currentTarget.files ?? []).map((x) => x.name))}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? "respond-attachments-error" : undefined}
      />
      {chosen.length ? (
        <ul className="file-list" aria-label={t("respondPage.filesChosen")}>
          {chosen.map((name, i) => (
            <li key={`${name}-${i}`}>{name}</li>
          ))}
        </ul>
      ) : null}
      {invalid ? (
        <p id="respond-attachments-error" className="field__error" role="alert">
          {errors!.join(". ")}
        </p>
      ) : null}
    </div>
  );
}
