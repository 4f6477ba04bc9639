import { useNavigate } from "@remix-run/react";
import type { SpecializationsSectionData } from "~/domain/experience/works.server";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { OPEN_WORK_EVENT } from "./experience-section";
import { RatingBadge } from "./ui";
import "./experience.css";

/**
 * 'Специализации' in the 'Проектная экспертиза' section (#projects): the industry - function pairs of the
 * works, grouped by function, best first by Wilson score (spec 2 §3, §9), coloured by rating.
 */
export function SpecializationsSection({ data, texts }: { data: SpecializationsSectionData; texts: object }) {
  return (
    <PageTexts texts={texts}>
      <Specializations data={data} />
    </PageTexts>
  );
}

function Specializations({ data }: { data: SpecializationsSectionData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { readOnly, groups } = data;
  if (readOnly && !groups.length) return null;
  // spec 2 §4: specializations come from the works' workareas, so adding one goes to #experience; with no
  // work yet, the add-work modal opens there at once.
  const add = () => {
    navigate("/profile/information#experience", { preventScrollReset: false });
    if (!data.hasWork) setTimeout(() => window.dispatchEvent(new Event(OPEN_WORK_EVENT)), 0);
  };
  return (
    <div className="xp-section" id="specializations">
      <div className="xp-section__head">
        <h2 className="xp-section__title">{t("profileExperience.specializationsTitle")}</h2>
        {!readOnly ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={add}>
            {t("profileExperience.addSpecialization")}
          </button>
        ) : null}
      </div>
      {groups.length ? (
        <ul className="xp-list">
          {groups.map((g) => (
            <li key={g.name} className="xp-card">
              <div className="xp-card__head">
                <h3 className="xp-card__title">{g.name}</h3>
                <RatingBadge rating={g.rating} count={g.n_rating} />
              </div>
              <ul className="chips">
                {g.tribe.map((item) => (
                  <li key={`${item.industry_id}:${item.option_id}`} className="chip">
                    {item.name}
                  </li>
                ))}
              </ul>
              <dl className="xp-props">
                <dt>{t("profileExperience.experience")}</dt>
                <dd>{t("profileExperience.years", { count: g.years })}</dd>
                {/* A label with nothing under it is left out (a company others may not see yet is not named). */}
                {g.companies.length ? (
                  <>
                    <dt>{t("profileExperience.companies")}</dt>
                    <dd>{g.companies.join(", ")}</dd>
                  </>
                ) : null}
                {g.roles.length ? (
                  <>
                    <dt>{t("profileExperience.roles")}</dt>
                    <dd>{g.roles.join(", ")}</dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <p className="xp-muted">{t("profileExperience.noSpecializations")}</p>
      )}
    </div>
  );
}
