import { Form, Link, useLocation } from "@remix-run/react";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { shellMode, type Mode } from "~/lib/mode";
import type { RootUser } from "~/root";
import { useDetailsMenu } from "./details-menu";
import { useOpenedOnce } from "./lazy-once";
import { CurrentLink, MenuLink } from "./menu-link";
import { ModeSwitch } from "./mode-switch";
import { GUEST_LINKS, roleLinks } from "./nav-items";
import { SlideMenu } from "./shell-lazy";

/** Initials for the avatar: at most 3 letters (spec 1 §2). */
export function initials(name: string, lastName: string) {
  return `${name.charAt(0)}${lastName.charAt(0)}`.toUpperCase().slice(0, 3);
}

/** `operator`: whether the console link belongs in the menu, decided by the root loader's policy call. */
export type ShellProps = { user: RootUser; impersonator: string | null; operator: boolean; mode: Mode; hasNew: boolean };

export function Header({ user, impersonator, operator, mode: rootMode, hasNew }: ShellProps) {
  const { t, lang } = useTranslation();
  const location = useLocation();
  const { pathname, key } = location;
  const mode = shellMode(location, rootMode);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuLoaded = useOpenedOnce(menuOpen);
  // Any navigation closes the slide menu.
  useEffect(() => setMenuOpen(false), [key]);
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
        <div className={`header__inner${user ? " header__inner--user" : ""}`}>
          <Link to="/" className="logo" aria-label={t("nav.home")}>
            <span className="logo__mark" aria-hidden="true">
              Э
            </span>
            <span className="logo__text">{t("brand.name")}</span>
          </Link>
          <nav className="header__nav" aria-label={t("nav.mainNav")}>
            {/* spec 1 §2: a signed-in user's menus everywhere but on the landing page, which keeps its marketing links. */}
            {(user && pathname !== "/" ? roleLinks(mode) : GUEST_LINKS).map((item) => (
              <MenuLink key={item.to} item={item} hasNew={hasNew} className="header__link" />
            ))}
          </nav>
          <div className="header__actions">
            {user ? <ModeSwitch mode={mode} className="desktop-only" /> : null}
            <Form method="post" action="/lang" className="lang-switch" reloadDocument>
              <input type="hidden" name="lng" value={lang === "ru" ? "en" : "ru"} />
              <button type="submit" className="lang-switch__btn" aria-label={`${t("nav.language")}: ${lang === "ru" ? "English" : "Русский"}`}>
                {lang === "ru" ? "EN" : "RU"}
              </button>
            </Form>
            {user ? (
              <AvatarMenu user={user} admin={operator} />
            ) : (
              <>
                <Link className="btn btn--ghost btn--sm" to="/auth">
                  {t("nav.signIn")}
                </Link>
                <Link className="btn btn--primary btn--sm desktop-only" to="/sign-up">
                  {t("nav.signUp")}
                </Link>
              </>
            )}
            <button type="button" className="burger mobile-only" aria-label={t("nav.menu")} aria-expanded={menuOpen} aria-controls="slide-menu" onClick={() => setMenuOpen(true)}>
              <span className="icon icon--menu" aria-hidden="true" />
            </button>
          </div>
        </div>
        {/* spec 1 §2: on the request and profile pages a switcher sends customer mode to the request page and
            expert mode to the profile. On a desktop it is the header's; on a phone it sits here. */}
        {user && (pathname === "/request-add" || pathname.startsWith("/profile/")) ? (
          <div className="header__subbar mobile-only">
            <ModeSwitch mode={mode} />
          </div>
        ) : null}
      </header>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <SlideMenu open={menuOpen} onClose={() => setMenuOpen(false)} user={user} mode={mode} hasNew={hasNew} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The avatar dropdown (spec 1 §2): profile, settings, sign out. */
function AvatarMenu({ user, admin }: { user: NonNullable<RootUser>; admin: boolean }) {
  const { t } = useTranslation();
  const menu = useDetailsMenu();
  return (
    <details className="avatar-menu" {...menu.details}>
      <summary className="avatar" aria-label={t("nav.userMenu")} aria-expanded={menu.open} aria-controls="avatar-menu-list">
        {initials(user.name, user.lastName)}
      </summary>
      <div className="avatar-menu__list" id="avatar-menu-list">
        <p className="avatar-menu__name">
          {user.name} {user.lastName}
        </p>
        <CurrentLink to="/profile/information">{t("nav.profile")}</CurrentLink>
        <CurrentLink to="/profile/settings">{t("nav.settings")}</CurrentLink>
        {admin ? <CurrentLink to="/admin">{t("admin.title")}</CurrentLink> : null}
        <Form method="post" action="/logout" reloadDocument>
          <button type="submit" className="link-button">
            {t("nav.signOut")}
          </button>
        </Form>
      </div>
    </details>
  );
}
