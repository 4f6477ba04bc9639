import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import { CompetenceCards } from "~/components/landing/competence-cards";
import { ExpertCarousel } from "~/components/landing/expert-carousel";
import { Industries } from "~/components/landing/industries";
import { LandingStats } from "~/components/landing/landing-stats";
import { TaskCards } from "~/components/landing/task-cards";
import { PromoBlock } from "~/components/promo-block";
import { SubmitButton } from "~/components/ui/submit-button";
import { landingContent } from "~/domain/landing/landing.server";
import { landingFigures } from "~/domain/landing/figures.server";
import { listIndustries } from "~/domain/reference/reference.server";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { modeCookieValue, parseMode, readModeCookie, type Mode } from "~/lib/mode";
import { isSocialReturn, socialReturn } from "~/web/social-return.server";
import { pageTexts } from "~/web/page-texts.server";
import { promoForPage } from "~/web/promo.server";
import landingStyles from "~/styles/landing.css?url";

export const handle = { titleKey: "brand.tagline" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: landingStyles }];

// The description in the visitor's language: the hero's lead.
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ name: "description", content: data.texts.landing.lead }] : []);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = context;
  const url = new URL(request.url);
  const secure = ctx.env.APP_ENV === "production";

  // spec 1 §2: "if the query holds a code and the user is not authenticated" (or the person's refusal), it
  // is answered as at /auth/social-callback; a failure is shown here (spec 1 §8) instead of the page failing.
  // A signed-in visitor's stray `?code=` is no sign-in of his: the start page as it is.
  let socialError: string | null = null;
  let socialHeaders: Headers | null = null;
  if (isSocialReturn(url) && !context.actor) {
    const back = await socialReturn(context, request);
    if ("response" in back) throw back.response;
    socialError = back.error;
    socialHeaders = back.headers;
  }

  // The mode: `?mode=` (the toggle without JavaScript), then the device's cookie, then customer.
  const asked = parseMode(url.searchParams.get("mode"));
  const stored = readModeCookie(request.headers.get("Cookie"));
  const mode: Mode = asked ?? stored ?? "customer";

  // Both modes' cards come with the page, so the toggle switches without a round trip.
  const [customer, executor, industries, promo, figures] = await Promise.all([
    landingContent(ctx, "customer"),
    landingContent(ctx, "executor"),
    listIndustries(ctx),
    promoForPage(context),
    landingFigures(ctx),
  ]);
  const headers = new Headers({ "Cache-Control": "private, max-age=0" });
  if (asked && asked !== stored) headers.append("Set-Cookie", modeCookieValue(asked, secure));
  for (const cookie of socialHeaders?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  return data(
    {
      texts: pageTexts(context, "landing", "landingStats"),
      mode,
      socialError,
      promo,
      industries,
      figures,
      competences: customer.competences,
      cards: { customer: { experts: customer.experts, tasks: customer.tasks }, executor: { experts: executor.experts, tasks: executor.tasks } },
    },
    { headers }
  );
}

/** The pre-footers (spec 1 §2): set the user mode, then registration in the matching role. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const mode = parseMode(String(form.get("mode") ?? "")) ?? "customer";
  return redirect(`/sign-up?role=${mode === "executor" ? "expert" : "customer"}`, {
    headers: { "Set-Cookie": modeCookieValue(mode, context.ctx.env.APP_ENV === "production") },
  });
}

const signUp = (mode: Mode) => `/sign-up?role=${mode === "executor" ? "expert" : "customer"}`;
const TAGS = ["t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9", "t10", "t11", "t12", "t13", "t14", "t15", "t16"];
const POINTS = {
  customer: [
    ["experts", "hr"],
    ["load", "operations"],
    ["speed", "strategy"],
    ["contract", "legal"],
  ],
  expert: [
    ["industries", "data"],
    ["load", "operations"],
    ["payment", "finance"],
    ["invites", "sales"],
  ],
} as const;

export default function StartPageRoute() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <StartPage />
    </PageTexts>
  );
}

function StartPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [mode, setMode] = useState<Mode>(loaded.mode);
  useEffect(() => setMode(loaded.mode), [loaded.mode]);

  const ns = mode === "executor" ? "expert" : "customer";
  const cards = loaded.cards[mode];

  // The toggle is a pair of links (`?mode=`) that work without JavaScript; with it, the page switches
  // in place, the choice is kept in the cookie, and the address keeps a `mode` it already had in sync.
  const switchMode = (e: MouseEvent<HTMLAnchorElement>, next: Mode) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    if (next === mode) return;
    setMode(next);
    document.cookie = modeCookieValue(next, window.location.protocol === "https:");
    const url = new URL(window.location.href);
    if (url.searchParams.has("mode")) {
      url.searchParams.set("mode", next);
      window.history.replaceState(window.history.state, "", url);
    }
    // The menus follow the mode (spec 1 §2, §4), a guest's tab bar too: the root loader reads the cookie again.
    revalidator.revalidate();
  };

  const photos = cards.experts.slice(0, 3);
  return (
    <div className={`lp lp--${ns}`}>
      {loaded.socialError ? (
        <div className="lp-alert" role="alert">
          <div className="lp-container lp-alert__inner">
            <p>
              <strong>{t("landing.socialFailedTitle")}.</strong> {loaded.socialError}
            </p>
            <Link className="btn btn--primary btn--sm" to="/auth">
              {t("landing.socialSignIn")}
            </Link>
          </div>
        </div>
      ) : null}

      <section className="lp-hero" aria-labelledby="lp-title">
        <div className="lp-container lp-hero__grid">
          <div className="lp-hero__text">
            <div className="lp-toggle" role="group" aria-label={t("landing.modeLabel")}>
              {(["customer", "executor"] as const).map((m) => (
                <a key={m} href={`/?mode=${m}`} className="lp-toggle__option" aria-current={m === mode ? "true" : undefined} onClick={(e) => switchMode(e, m)}>
                  {m === "customer" ? t("landing.modeCustomer") : t("landing.modeExpert")}
                </a>
              ))}
            </div>
            <p className="lp-eyebrow">{t(`landing.${ns}.eyebrow`)}</p>
            <h1 id="lp-title" className="lp-hero__title">
              {mode === "executor" ? t("landing.expert.title") : t("landing.title")}
            </h1>
            <p className="lp-hero__lead">{mode === "executor" ? t("landing.expert.lead") : t("landing.lead")}</p>
            <div className="lp-hero__cta">
              <Link className="btn btn--primary lp-btn-lg" to={signUp(mode)}>
                {mode === "executor" ? t("landing.becomeExpert") : t("landing.findExpert")}
              </Link>
              {/* A router link: a plain hash link would be undone by the router's scroll restoration. */}
              <Link className="btn lp-btn-quiet lp-btn-lg" to={{ hash: "#how" }} preventScrollReset>
                {t("landing.howItWorks")}
              </Link>
            </div>
            <LandingStats figures={loaded.figures} className="lp-stats" testIds />
          </div>
          <div className="lp-hero__visual" aria-hidden="true">
            <div className="lp-mock">
              <p className="lp-mock__label">{t(`landing.${ns}.cardLabel`)}</p>
              <p className="lp-mock__title">{t(`landing.${ns}.cardTitle`)}</p>
              <p className="lp-mock__meta">{t(`landing.${ns}.cardMeta`)}</p>
              <div className="lp-mock__bar">
                <span />
              </div>
              <p className="lp-mock__label">{t(`landing.${ns}.cardResponses`)}</p>
              <div className="lp-mock__people">
                {photos.map((e) => (
                  <img key={e.id} src={e.photo} width={44} height={44} alt="" />
                ))}
                <span className="lp-mock__more">+12</span>
              </div>
            </div>
            <p className="lp-mock__badge">{t(`landing.${ns}.cardBadge`)}</p>
          </div>
        </div>
      </section>

      <section className="lp-section" id="whoweare" aria-labelledby="lp-points">
        <div className="lp-container">
          <h2 className="lp-h2" id="lp-points">
            {t(`landing.${ns}.pointsTitle`)}
          </h2>
          <ul className="lp-points">
            {POINTS[ns].map(([key, icon]) => (
              <li key={key} className="lp-point">
                <img src={`/landing/icons/${icon}.svg`} width={48} height={48} alt="" loading="lazy" decoding="async" className="lp-point__icon" />
                <h3 className="lp-point__title">{t(`landing.${ns}.points.${key}Title`)}</h3>
                <p className="lp-point__text">{t(`landing.${ns}.points.${key}Text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="lp-section lp-section--tint" id="how" aria-labelledby="lp-steps">
        <div className="lp-container">
          <h2 className="lp-h2" id="lp-steps">
            {t(`landing.${ns}.stepsTitle`)}
          </h2>
          <p className="lp-lead">{t(`landing.${ns}.stepsLead`)}</p>
          <ol className="lp-steps">
            {(["one", "two", "three"] as const).map((step, i) => (
              <li key={step} className="lp-steps__item">
                <span className="lp-steps__num" aria-hidden="true">
                  {i + 1}
                </span>
                <h3 className="lp-steps__title">{t(`landing.${ns}.steps.${step}Title`)}</h3>
                <p className="lp-steps__text">{t(`landing.${ns}.steps.${step}Text`)}</p>
              </li>
            ))}
          </ol>
          <div className="lp-center">
            <Link className="btn btn--primary lp-btn-lg" to={signUp(mode)}>
              {mode === "executor" ? t("landing.startWork") : t("landing.leaveRequest")}
            </Link>
          </div>
        </div>
      </section>

      <section className="lp-section" aria-labelledby="lp-tags">
        <div className="lp-container">
          <h2 className="lp-h2" id="lp-tags">
            {t("landing.tagsTitle")}
          </h2>
          <p className="lp-lead">{t(`landing.${ns}.tagsLead`)}</p>
          <ul className="lp-tags">
            {TAGS.map((key) => (
              <li key={key} className="lp-tag">
                {t(`landing.tags.${key}`)}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="lp-section lp-section--industries" id="industries" aria-labelledby="lp-industries">
        <div className="lp-container lp-industries">
          <div className="lp-industries__text">
            <h2 className="lp-h2" id="lp-industries">
              {t("landing.industriesHeading")}
            </h2>
            <p className="lp-lead">{t(`landing.${ns}.industriesLead`)}</p>
          </div>
          <Industries industries={loaded.industries} />
          <div className="lp-industries__cta">
            <Link className="btn btn--ghost lp-btn-lg" to={signUp(mode)}>
              {mode === "executor" ? t("landing.becomeExpert") : t("landing.findExpert")}
            </Link>
          </div>
        </div>
      </section>

      <section className="lp-section lp-section--tint" id="tasks" aria-labelledby="lp-tasks">
        <div className="lp-container">
          <h2 className="lp-h2" id="lp-tasks">
            {t(`landing.${ns}.tasksTitle`)}
          </h2>
          <p className="lp-lead">{t(`landing.${ns}.tasksLead`)}</p>
          <TaskCards key={mode} tasks={cards.tasks} ns={ns} />
        </div>
      </section>

      <section className="lp-section" id="experts" aria-labelledby="lp-experts" aria-roledescription={t("landing.carousel.role")}>
        <div className="lp-container">
          <h2 className="lp-h2" id="lp-experts">
            {t(`landing.${ns}.expertsTitle`)}
          </h2>
          <p className="lp-lead">{t(`landing.${ns}.expertsLead`)}</p>
          <ExpertCarousel key={mode} experts={cards.experts} />
        </div>
      </section>

      <section className="lp-section lp-section--tint" id="competences" aria-labelledby="lp-competences">
        <div className="lp-container">
          <h2 className="lp-h2" id="lp-competences">
            {t("landing.competencesTitle")}
          </h2>
          <p className="lp-lead">{t(`landing.${ns}.competencesLead`)}</p>
          <CompetenceCards cards={loaded.competences} />
        </div>
      </section>

      <PromoBlock show={loaded.promo.show} />

      <section className={`lp-prefooter lp-prefooter--${ns}`} aria-labelledby="lp-prefooter">
        <div className="lp-container lp-prefooter__inner">
          <div>
            <h2 className="lp-prefooter__title" id="lp-prefooter">
              {t(`landing.${ns}.prefooterTitle`)}
            </h2>
            <p className="lp-prefooter__text">{t(`landing.${ns}.prefooterText`)}</p>
          </div>
          {/* A document POST, as without JavaScript: its answer is a redirect to registration, which loads as a
              page. Posted by the router, Remix 2.17 left the redirect it throws unhandled for a moment while the
              route's stylesheets were being preloaded (routes.js prefetchStylesAndCallHandler: `return handler()`
              inside try/finally), and the browser reported an uncaught "Response" (the e2e flake of sessions 8–9). */}
          <Form method="post" reloadDocument className="lp-prefooter__form">
            <input type="hidden" name="mode" value={mode} />
            <SubmitButton pending={false} className="btn lp-btn-light lp-btn-lg">
              {mode === "executor" ? t("landing.becomeExpert") : t("landing.startWork")}
            </SubmitButton>
          </Form>
        </div>
      </section>
    </div>
  );
}
