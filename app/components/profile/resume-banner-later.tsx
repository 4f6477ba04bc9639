import { useState } from "react";
import type { ResumeBannerData } from "~/domain/cases/resume.server";
import { useTranslation } from "~/lib/i18n";
import { FetchFlag, type useActionFetcher } from "./cases-shared";
import { OPEN_WORK_EVENT, type OpenWorkDetail } from "./experience-section";

/**
 * Steps 3 and 4 of the resume banner (resume-banner.tsx): 3 the proposal read from the resume, waiting for
 * the expert's ticks; 4 done, with one acknowledge button.
 */
export default function LaterSteps({
  step,
  data,
  fetcher,
  pending,
}: {
  step: number;
  data: ResumeBannerData;
  fetcher: ReturnType<typeof useActionFetcher>;
  pending: boolean;
}) {
  const { t, lang } = useTranslation();
  const [addedWorks, setAddedWorks] = useState<string[]>([]);
  const name = (r: { name: string; nameEn: string | null }) =>
    lang === "en" && r.nameEn ? r.nameEn : r.name;
  const p = data.proposal;
  const hasProposal =
    !!p && p.industries.length + p.options.length + p.expertises.length > 0;
  const formatDate = (d: string) =>
    d.slice(0, 7).split("-").reverse().join(".");
  // A proposed work period opens the works modal prefilled (decision 0015); it is marked once saved.
  const addWork = (
    key: string,
    w: { company: string; work_start: string; work_finish: string | null }
  ) => {
    const detail: OpenWorkDetail = {
      prefill: {
        company: w.company,
        work_start: w.work_start,
        work_finish: w.work_finish,
      },
      onSaved: () => setAddedWorks((list) => [...list, key]),
    };
    window.dispatchEvent(new CustomEvent(OPEN_WORK_EVENT, { detail }));
  };
  return (
    <>
      {step === 3 && p ? (
        <fetcher.Form method="post" action="/profile/resume" className="form">
          <FetchFlag />
          <input type="hidden" name="intent" value="confirm" />
          <p>{t("profileCases.banner.step3Text")}</p>
          {!hasProposal ? (
            <p className="note">{t("profileCases.banner.nothing")}</p>
          ) : null}
          {(["industries", "options", "expertises"] as const).map((group) =>
            p[group].length ? (
              <fieldset key={group} className="pc-proposal">
                <legend className="field__label">
                  {t(`profileCases.banner.${group}`)}
                </legend>
                <ul className="pc-proposal__list">
                  {p[group].map((item) => (
                    <li key={item.id}>
                      <label className="checkbox">
                        <input
                          type="checkbox"
                          name={`${group}[]`}
                          value={item.id}
                          defaultChecked
                        />
                        {name(item)}
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ) : null
          )}
          {p.works.length ? (
            <div className="pc-proposal">
              <p className="field__label">{t("profileCases.banner.works")}</p>
              <p className="field__hint">
                {t("profileCases.banner.worksHint")}
              </p>
              <ul className="pc-proposal__works">
                {p.works.map((w) => {
                  const key = `${w.company}-${w.work_start}`;
                  return (
                    <li key={key}>
                      {w.company}: {formatDate(w.work_start)} –{" "}
                      {w.work_finish
                        ? formatDate(w.work_finish)
                        : t("profileCases.banner.current")}{" "}
                      {addedWorks.includes(key) ? (
                        <span className="chip">
                          {t("profileCases.banner.workAdded")}
                        </span>
                      ) : (
                        <button
                          type="button"
                          className="link-button"
                          aria-label={t("profileCases.banner.addWorkLabel", {
                            company: w.company,
                          })}
                          onClick={() => addWork(key, w)}
                        >
                          {t("profileCases.banner.addWork")}
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}
          <div>
            <button
              type="submit"
              className="btn btn--primary btn--sm"
              disabled={pending}
              aria-busy={pending || undefined}
            >
              {hasProposal ? t("profileCases.banner.confirm") : t("common.ok")}
            </button>
          </div>
        </fetcher.Form>
      ) : null}

      {step === 4 ? (
        <>
          {data.added &&
          data.added.industries.length +
            data.added.options.length +
            data.added.expertises.length ? (
            <>
              <p>{t("profileCases.banner.step4Text")}</p>
              <dl className="pc-added">
                {(["industries", "options", "expertises"] as const).map(
                  (group) =>
                    data.added![group].length ? (
                      <div key={group}>
                        <dt>{t(`profileCases.banner.${group}`)}</dt>
                        <dd>{data.added![group].join(", ")}</dd>
                      </div>
                    ) : null
                )}
              </dl>
            </>
          ) : (
            <p>{t("profileCases.banner.step4None")}</p>
          )}
          <fetcher.Form method="post" action="/profile/resume">
            <FetchFlag />
            <input type="hidden" name="process" value="-1" />
            <button
              type="submit"
              className="btn btn--primary btn--sm"
              disabled={pending}
              aria-busy={pending || undefined}
            >
              {t("profileCases.banner.ok")}
            </button>
          </fetcher.Form>
        </>
      ) : null}
    </>
  );
}
