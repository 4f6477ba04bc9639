import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import type { RootUser } from "~/root";

/** Initials for the avatar: at most 3 letters (spec 1 §2). */
export function initials(name: string, lastName: string) {
  return `${name.charAt(0)}${lastName.charAt(0)}`.toUpperCase().slice(0, 3);
}

export function Header({ user, impersonator, minimal = false }: { user: RootUser; impersonator: string | null; minimal?: boolean }) {
  const { t, lang: current } = useTranslation();
  const expert = user?.roles.includes("executor");
  const lang = current;
  return (
    <>
      {impersonator && user ? (
        <div className="impersonation-banner" role="status">
          <span>{t("impersonation.banner", { name: `${user.name} ${user.lastName}` })}</span>
          <Form method="post" action="/impersonate/leave" reloadDocument>
            <button type="submit" className="link-button">
              {t("impersonation.exit")}
            </button>
          </Form>
        </div>
      ) : null}
      <header className="header">
        <div className="header__inner">
          <Link to="/" className="logo" aria-label={t("nav.home")}>
            <span className="logo__mark" aria-hidden="true">
              Э
            </span>
            <span className="logo__text">{t("brand.name")}</span>
          </Link>
          {minimal ? null : (
            <nav className="header__nav" aria-label={t("nav.mainNav")}>
              {user ? (
                <>
                  <Link to="/profile/information">{t("nav.profile")}</Link>
                  {expert ? <Link to="/projects/response">{t("nav.requests")}</Link> : null}
                  <Link to="/request-add">{t("nav.createRequest")}</Link>
                  <Link to="/faq">{t("nav.help")}</Link>
                </>
              ) : (
                <>
                  <a href="/#whoweare">{t("nav.whyUs")}</a>
                  <a href="/#industries">{t("nav.industries")}</a>
                  <Link to="/mock">{t("nav.forCompanies")}</Link>
                  <Link to="/faq">{t("nav.help")}</Link>
                </>
              )}
            </nav>
          )}
          <div className="header__actions">
            <Form method="post" action="/lang" className="lang-switch" reloadDocument>
              <input type="hidden" name="lng" value={lang === "ru" ? "en" : "ru"} />
              <button type="submit" className="lang-switch__btn" aria-label={`${t("nav.language")}: ${lang === "ru" ? "English" : "Русский"}`}>
                {lang === "ru" ? "EN" : "RU"}
              </button>
            </Form>
            {user ? (
              <details className="avatar-menu">
                <summary className="avatar" aria-label={t("nav.userMenu")}>
                  {initials(user.name, user.lastName)}
                </summary>
                <div className="avatar-menu__list">
                  <Link to="/profile/information">{t("nav.profile")}</Link>
                  <Link to="/profile/settings">{t("nav.settings")}</Link>
                  {user.roles.includes("admin") && !impersonator ? <Link to="/admin">{t("admin.title")}</Link> : null}
                  <Form method="post" action="/logout" reloadDocument>
                    <button type="submit" className="link-button">
                      {t("nav.signOut")}
                    </button>
                  </Form>
                </div>
              </details>
            ) : minimal ? null : (
              <>
                <Link className="btn btn--ghost btn--sm" to="/auth">
                  {t("nav.signIn")}
                </Link>
                <Link className="btn btn--primary btn--sm hide-xs" to="/sign-up">
                  {t("nav.signUp")}
                </Link>
              </>
            )}
          </div>
        </div>
      </header>
    </>
  );
}
