import { useId, useState } from "react";
import { useTranslation } from "~/lib/i18n";

export type CompetenceCard = { id: number; icon_name: string; name: string; chips: string[] };

/** spec 1 §2: competence chips show 4 before 'Показать еще'. */
export const FIRST_CHIPS = 4;

function Card({ card }: { card: CompetenceCard }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className="lp-competence">
      <img src={`/landing/icons/${card.icon_name}.svg`} width={48} height={48} alt="" loading="lazy" decoding="async" className="lp-competence__icon" />
      <h3 className="lp-competence__name" id={`${id}-name`}>
        {card.name}
      </h3>
      <ul className="lp-chips lp-chips--small" id={`${id}-chips`}>
        {(open ? card.chips : card.chips.slice(0, FIRST_CHIPS)).map((chip) => (
          <li key={chip} className="lp-chip">
            {chip}
          </li>
        ))}
      </ul>
      {card.chips.length > FIRST_CHIPS ? (
        <button type="button" className="lp-link-button" aria-expanded={open} aria-controls={`${id}-chips`} aria-describedby={`${id}-name`} onClick={() => setOpen((o) => !o)}>
          {open ? t("landing.hide") : t("landing.showMore")}
        </button>
      ) : null}
    </li>
  );
}

export function CompetenceCards({ cards }: { cards: CompetenceCard[] }) {
  return (
    <ul className="lp-competences">
      {cards.map((card) => (
        <Card key={card.id} card={card} />
      ))}
    </ul>
  );
}
