import { formatRating, ratingTone } from "~/domain/reputation/score";
import { useTranslation } from "~/lib/i18n";

/** A rating with its colour (spec 2 §9) and the Russian plural of its count. */
export function RatingBadge({ rating, count }: { rating: number; count: number }) {
  const { t, lang } = useTranslation();
  const tone = ratingTone(count ? rating : 0);
  const shown = count ? formatRating(rating, lang) : "0";
  return (
    <span className="xp-rating">
      <span className={`xp-rating__value xp-rating__value--${tone}`} aria-label={t("profileExperience.ratingLabel", { rating: shown })}>
        ★ {shown}
      </span>
      <span className="xp-rating__count">{count ? t("profileExperience.ratings", { count }) : t("profileExperience.noRatings")}</span>
    </span>
  );
}

/** 'Март 2015' from 'YYYY-MM-DD'. */
export function useMonthLabel() {
  const { t } = useTranslation();
  return (day: string) => `${t(`profileExperience.months.m${Number(day.slice(5, 7))}`)} ${day.slice(0, 4)}`;
}
