import { useTranslation } from "~/lib/i18n";

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <p>{t("footer.rights", { year: new Date().getFullYear() })}</p>
        <nav aria-label={t("nav.help")}>
          <a href="/faq">{t("nav.help")}</a>
        </nav>
      </div>
    </footer>
  );
}
