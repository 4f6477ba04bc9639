import { useId } from "react";
import { useTranslation } from "~/lib/i18n";

/**
 * A 1–5 score as a group of radio buttons (spec 2 §5 'Rating by link'): keyboard arrows move within the
 * group, the screen reader reads the legend and each value.
 */
export function RatingInput({ name, value, onChange, legend, error }: { name: string; value: number | null; onChange: (v: number) => void; legend: string; error?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className={`rating-input${error ? " rating-input--invalid" : ""}`} aria-describedby={error ? `${id}-err` : undefined}>
      <legend className="rating-input__legend">{legend}</legend>
      <div className="rating-input__row">
        {[1, 2, 3, 4, 5].map((v) => (
          <label key={v} className="rating-input__star" data-on={value !== null && v <= value ? "true" : undefined}>
            <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} className="visually-hidden" />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t("recommendations.rate.scoreValue", { count: v })}</span>
          </label>
        ))}
        <span className="rating-input__value" aria-hidden="true">
          {value ?? ""}
        </span>
      </div>
      {error ? (
        <p className="form-error" role="alert" id={`${id}-err`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
