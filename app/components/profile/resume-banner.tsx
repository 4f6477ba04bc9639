import { lazy, Suspense } from "react";
import type { ResumeBannerData } from "~/domain/cases/resume.server";
import { RESUME_ACCEPT } from "~/domain/cases/limits";
import { useTranslation } from "~/lib/i18n";
import { FetchFlag, useActionFetcher } from "./cases-shared";
import { useResumeUpload } from "./resume-upload";
import "~/styles/profile-cases.css";

// Steps 3 and 4 come once a resume has been read: their code loads only for a page that shows them (the
// profile's JS budget).
const LaterSteps = lazy(() => import("./resume-banner-later"));

/**
 * The resume prompt banner of the owner's profile (spec 2 §4): 1 upload a resume, 2 offer to fill the
 * profile from it (or fill it oneself), 3 processed: a confirmation went by e-mail and the proposal waits
 * for the expert's ticks, 4 done with one acknowledge button. Closing records parse_close and reports -1.
 */
export function ResumeBanner({ data }: { data: ResumeBannerData }) {
  const { t } = useTranslation();
  const fetcher = useActionFetcher("resume-banner");
  const direct = useResumeUpload(fetcher.submit);
  const pending = direct.busy || fetcher.state !== "idle";
  const answer = direct.busy ? null : fetcher.answer;
  const errors = answer && !answer.ok ? (answer.errors ?? {}) : {};
  const error = direct.error ?? (Object.values(errors).flat().join(". ") || (answer && !answer.ok ? answer.message : undefined));
  if (!data.step) return null;
  const step = data.step;
  const titleId = "resume-banner-title";

  return (
    <section className="pc-banner" aria-labelledby={titleId} data-testid="resume-banner" data-step={step}>
      <div className="pc-banner__head">
        <p className="pc-banner__step">{t("profileCases.banner.step", { step })}</p>
        <fetcher.Form method="post" action="/profile/resume">
          <FetchFlag />
          <input type="hidden" name="intent" value="close" />
          <button type="submit" className="modal__close" aria-label={t("profileCases.banner.close")} aria-disabled={pending || undefined} onClick={(e) => pending && e.preventDefault()}>
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
            {/* Busy, not `disabled`: the pressed button keeps the focus (ui/pending-button's pattern, written out). */}
            <button type="submit" className="btn btn--primary btn--sm" aria-busy={pending || undefined} aria-disabled={pending || undefined} onClick={(e) => pending && e.preventDefault()}>
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

      {step > 2 ? (
        <Suspense fallback={null}>
          <LaterSteps step={step} data={data} fetcher={fetcher} pending={pending} />
        </Suspense>
      ) : null}
    </section>
  );
}
