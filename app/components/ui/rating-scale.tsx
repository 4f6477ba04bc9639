import { Modal } from "~/components/ui/modal";
import { useTranslation } from "~/lib/i18n";

const LEVELS = [1, 2, 3, 4, 5] as const;

/** The rating-scale info dialog (spec 3 §2 'Modals', §9 'Rating scale'): what 1 to 5 mean. Needs the page's `ratingScale` texts. */
export function RatingScaleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t("ratingScale.title")}>
      <p>{t("ratingScale.intro")}</p>
      <ul className="rating-scale">
        {LEVELS.map((s) => (
          <li key={s}>{t(`ratingScale.s${s}`)}</li>
        ))}
      </ul>
    </Modal>
  );
}

/** The small '?' beside a rating that opens the scale. */
export function RatingScaleButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="rating-scale__open" onClick={onClick} aria-label={t("ratingScale.title")} title={t("ratingScale.title")}>
      ?
    </button>
  );
}
