import { Form, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";

/** The root error boundary's page: 404, 403 or a server error, with a minimal header. */
export default function ErrorPage() {
  const error = useRouteError();
  const { t, lang } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <>
      {/* A minimal header: the logo and the language (the loaders that feed the menus may be what failed). */}
      <header className="header">
        <div className="header__inner">
          <a href="/" className="logo" aria-label={t("nav.home")}>
            <span className="logo__mark" aria-hidden="true">
              Э
            </span>
            <span className="logo__text">{t("brand.name")}</span>
          </a>
          <div className="header__actions">
            <Form method="post" action="/lang" reloadDocument>
              <input type="hidden" name="lng" value={lang === "ru" ? "en" : "ru"} />
              <button type="submit" className="lang-switch__btn" aria-label={`${t("nav.language")}: ${lang === "ru" ? "English" : "Русский"}`}>
                {lang === "ru" ? "EN" : "RU"}
              </button>
            </Form>
          </div>
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <section className="page page--narrow error-page">
          <p className="error-page__code" aria-hidden="true">
            {isRouteErrorResponse(error) ? error.status : 500}
          </p>
          <h1>{notFound ? t("errors.notFoundTitle") : forbidden ? t("errors.forbidden") : t("errors.serverTitle")}</h1>
          <p>{notFound ? t("errors.notFoundText") : forbidden ? "" : t("errors.serverText")}</p>
          <a className="btn btn--primary" href="/">
            {t("common.backHome")}
          </a>
        </section>
      </main>
    </>
  );
}
