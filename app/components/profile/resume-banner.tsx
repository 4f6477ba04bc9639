import { lazy, Suspense } from "react";
import type { ResumeBannerData } from "~/domain/cases/resume.server";
import { RESUME_ACCEPT } from "~/domain/cases/limits";
import { useTranslation } from "~/lib/i18n";
import { FetchFlag, useActionFetcher } from "./cases-shared";
import "~/styles/profile-cases.css";

// Steps 2 to 4 load only when the banner is at one of them: most profiles show step 1 or no banner.
const LaterSteps = lazy(() => import("./resume-banner-steps"));

/**
 * The resume prompt banner of the owner's profile (spec 2 §4): 1 upload a resume, 2 offer to fill the
 * profile from it (or fill it oneself), 3 processed: a confirmation went by e-mail and the proposal waits
 * for the expert's ticks, 4 done with one acknowledge button. Closing records parse_close and reports -1.
 */
export function ResumeBanner({ data }: { data: ResumeBannerData }) {
  const { t } = useTranslation();
  const fetcher = useActionFetcher("resume-banner");
  const pending = fetcher.state !== "idle";
  const errors = fetcher.answer && !fetcher.answer.ok ? (fetcher.answer.errors ?? {}) : {};
  const error = Object.values(errors).flat().join(". ") || (fetcher.answer && !fetcher.answer.ok ? fetcher.answer.message : undefined);
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
          <fetcher.Form method="post" action="/profile/resume" encType="multipart/form-data" className="pc-banner__row" noValidate>
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
          </fetcher.Form>
        </>
      ) : null}

      {step !== 1 ? (
        <Suspense fallback={null}>
          <LaterSteps data={data} step={step} fetcher={fetcher} pending={pending} />
        </Suspense>
      ) : null}
    </section>
  );
}
