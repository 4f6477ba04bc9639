import type { ReceivedRating } from "~/domain/reputation/ratings.server";
import { ratingTone } from "~/domain/reputation/score";
import { useTranslation } from "~/lib/i18n";

/**
 * 'Оценки' under the specializations: the newest ratings the person received, from projects and from
 * recommendations side by side, each naming its source (issue 14, decision 0033).
 */
export function ReceivedRatings({ items }: { items: ReceivedRating[] }) {
  const { t } = useTranslation();
  if (!items.length) return null;
  return (
    <div className="xp-section" id="ratings" data-testid="received-ratings">
      <div className="xp-section__head">
        <h2 className="xp-section__title">{t("profileExperience.receivedTitle")}</h2>
      </div>
      <ul className="xp-list">
        {items.map((r) => (
          <li key={r.id} className="xp-card" data-testid="received-rating">
            <div className="xp-card__head">
              <h3 className="xp-card__title">{r.subject}</h3>
              <span className="xp-rating">
                <span className={`xp-rating__value xp-rating__value--${ratingTone(r.rating)}`} aria-label={t("profileExperience.ratingLabel", { rating: String(r.rating) })}>
                  ★ {r.rating}
                </span>
              </span>
            </div>
            <p className="xp-muted">
              {r.source.kind === "project" ? t("profileExperience.fromProject", { name: r.source.name }) : t("profileExperience.fromRecommendation")}
              {" · "}
              {t(`profileExperience.ratingType_${r.type}`)}
            </p>
            {r.comment ? <p>{r.comment}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
