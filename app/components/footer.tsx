import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { useHelp } from "./help";
import { NEW_TAB } from "./nav-items";

/**
 * The footer: social links from the server's footer content, the legal PDFs (LEGAL_DOCS, served by
 * /docs/{file} through a signed URL, in a new tab), help and support.
 */
export function Footer({ socialServices, docs }: { socialServices: { code: string; name: string; link: string }[]; docs: { file: string; titleKey: string }[] }) {
  const { t } = useTranslation();
  const { openSupport } = useHelp();
  const external = (href: string, text: string) => (
    <a href={href} {...NEW_TAB}>
      {text}
      <span className="visually-hidden"> {t("common.newTab")}</span>
    </a>
  );
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div>
          <p className="footer__name">{t("brand.name")}</p>
          <p>{t("brand.tagline")}</p>
          <ul className="footer__social" aria-label={t("footer.social")}>
            {socialServices.map((s) => (
              <li key={s.code}>{external(s.link, s.name)}</li>
            ))}
          </ul>
        </div>
        <nav aria-label={t("footer.docs")}>
          <p className="footer__title">{t("footer.docs")}</p>
          <ul className="footer__list">
            {docs.map((d) => (
              <li key={d.file}>{external(`/docs/${d.file}`, t(d.titleKey))}</li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t("nav.help")}>
          <p className="footer__title">{t("nav.help")}</p>
          <ul className="footer__list">
            <li>
              <Link to="/faq">{t("footer.faq")}</Link>
            </li>
            <li>
              <Link to="/mock">{t("nav.forCompanies")}</Link>
            </li>
            <li>
              <button type="button" className="footer__button" onClick={openSupport}>
                {t("help.supportTitle")}
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <p className="footer__bottom">{t("footer.rights", { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
