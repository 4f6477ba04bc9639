import { useState } from "react";
import type { ResumeBannerData } from "~/domain/cases/resume.server";
import { RESUME_ACCEPT } from "~/domain/cases/limits";
import { useTranslation } from "~/lib/i18n";
import { FetchFlag, useActionFetcher } from "./cases-shared";
import { OPEN_WORK_EVENT, type OpenWorkDetail } from "./experience-section";
import { useResumeUpload } from "./resume-upload";
import "~/styles/profile-cases.css";

/**
 * The resume prompt banner of the owner's profile (spec 2 §4): 1 upload a resume, 2 offer to fill the
 * profile from it (or fill it oneself), 3 processed: a confirmation went by e-mail and the proposal waits
 * for the expert's ticks, 4 done with one acknowledge button. Closing records parse_close and reports -1.
 */
export function ResumeBanner({ data }: { data: ResumeBannerData }) {
  const { t, lang } = useTranslation();
  const fetcher = useActionFetcher("resume-banner");
  const [addedWorks, setAddedWorks] = useState<string[]>([]);
  const direct = useResumeUpload(fetcher.submit);
  const pending = direct.busy || fetcher.state !== "idle";
  const answer = direct.busy ? null : fetcher.answer;
  const errors = answer && !answer.ok ? (answer.errors ?? {}) : {};
  const error = direct.error ?? (Object.values(errors).flat().join(". ") || (answer && !answer.ok ? answer.message : undefined));
  if (!data.step) return null;
  const step = data.step;
  const titleId = "resume-banner-title";
  const name = (r: { name: string; nameEn: string | null }) => (lang === "en" && r.nameEn ? r.nameEn : r.name);
  const p = data.proposal;
  const hasProposal = !!p && p.industries.length + p.options.length + p.expertises.length > 0;
  const formatDate = (d: string) => d.slice(0, 7).split("-").reverse().join(".");
  // A proposed work period opens the works modal prefilled (decision 0015); it is marked once saved.
  const addWork = (key: string, w: { company: string; work_start: string; work_finish: string | null }) => {
    const detail: OpenWorkDetail = { prefill: { company: w.company, work_start: w.work_start, work_finish: w.work_finish }, onSaved: () => setAddedWorks((list) => [...list, key]) };
    window.dispatchEvent(new CustomEvent(OPEN_WORK_EVENT, { detail }));
  };

  return (
    <section className="pc-banner" aria-labelledby={titleId} data-testid="resume-banner" data-step={step}>
      <div className="pc-banner__head">
        <p className="pc-banner__step">{t("profileCases.banner.step", { step })}</p>
        <fetcher.Form method="post" action="/profile/resume">
          <FetchFlag />
          <input type="hidden" name="intent" value="close" />
          <button type="submit" className="modal__close" aria-label={t("profileCases.banner.close")} disabled={pending}>
            ×
          </button>
        </fetcher.Form>
      </div>
      <h2 id={titleId} className="pc-banner__title">
        {t(`profileCases.banner.step${step}Title`)}
      </h2>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}

      {step === 1 ? (
        <>
          <p>{t("profileCases.banner.step1Text")}</p>
          <fetcher.Form method="post" action="/profile/resume" encType="multipart/form-data" className="pc-banner__row" noValidate onSubmit={direct.onSubmit} onChange={direct.clearError}>
            <FetchFlag />
            <input type="hidden" name="intent" value="upload" />
            <label className="visually-hidden" htmlFor="banner-resume">
              {t("profileCases.resume.choose")}
            </label>
            <input id="banner-resume" className="field__input" type="file" name="resume" accept={RESUME_ACCEPT} aria-describedby="banner-resume-hint" />
            <button type="submit" className="btn btn--primary btn--sm" disabled={pending} aria-busy={pending || undefined}>
              {t("profileCases.resume.upload")}
            </button>
            <p id="banner-resume-hint" className="field__hint">
              {t("profileCases.resume.hint")}
            </p>
            {direct.element}
          </fetcher.Form>
        </>
      ) : null}

      {step === 2 ? (
        <>
          <p>{t("profileCases.banner.step2Text", { name: data.resume?.name ?? "" })}</p>
          {!data.readable ? <p className="note">{t("profileCases.banner.docNote")}</p> : null}
          <div className="pc-banner__row">
            <fetcher.Form method="post" action="/profile/resume">
              <FetchFlag />
              <input type="hidden" name="process" value="1" />
              <button type="submit" className="btn btn--primary btn--sm" disabled={pending} aria-busy={pending || undefined}>
                {t("profileCases.banner.fill")}
              </button>
            </fetcher.Form>
            <fetcher.Form method="post" action="/profile/resume">
              <FetchFlag />
              <input type="hidden" name="process" value="0" />
              <button type="submit" className="btn btn--ghost btn--sm" disabled={pending}>
                {t("profileCases.banner.self")}
              </button>
            </fetcher.Form>
          </div>
        </>
      ) : null}

      {step === 3 && p ? (
        <fetcher.Form method="post" action="/profile/resume" className="form">
          <FetchFlag />
          <input type="hidden" name="intent" value="confirm" />
          <p>{t("profileCases.banner.step3Text")}</p>
          {!hasProposal ? <p className="note">{t("profileCases.banner.nothing")}</p> : null}
          {(["industries", "options", "expertises"] as const).map((group) =>
            p[group].length ? (
              <fieldset key={group} className="pc-proposal">
                <legend className="field__label">{t(`profileCases.banner.${group}`)}</legend>
                <ul className="pc-proposal__list">
                  {p[group].map((item) => (
                    <li key={item.id}>
                      <label className="checkbox">
                        <input type="checkbox" name={`${group}[]`} value={item.id} defaultChecked />
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
              <p className="field__hint">{t("profileCases.banner.worksHint")}</p>
              <ul className="pc-proposal__works">
                {p.works.map((w) => {
                  const key = `${w.company}-${w.work_start}`;
                  return (
                    <li key={key}>
                      {w.company}: {formatDate(w.work_start)} – {w.work_finish ? formatDate(w.work_finish) : t("profileCases.banner.current")}{" "}
                      {addedWorks.includes(key) ? (
                        <span className="chip">{t("profileCases.banner.workAdded")}</span>
                      ) : (
                        <button type="button" className="link-button" aria-label={t("profileCases.banner.addWorkLabel", { company: w.company })} onClick={() => addWork(key, w)}>
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
            <button type="submit" className="btn btn--primary btn--sm" disabled={pending} aria-busy={pending || undefined}>
              {hasProposal ? t("profileCases.banner.confirm") : t("common.ok")}
            </button>
          </div>
        </fetcher.Form>
      ) : null}

      {step === 4 ? (
        <>
          {data.added && data.added.industries.length + data.added.options.length + data.added.expertises.length ? (
            <>
              <p>{t("profileCases.banner.step4Text")}</p>
              <dl className="pc-added">
                {(["industries", "options", "expertises"] as const).map((group) =>
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
            <button type="submit" className="btn btn--primary btn--sm" disabled={pending} aria-busy={pending || undefined}>
              {t("profileCases.banner.ok")}
            </button>
          </fetcher.Form>
        </>
      ) : null}
    </section>
  );
}
