import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";

export const handle = { titleKey: "mock.title" };

/** /mock (spec 1 §2): the corporate-service placeholder with the presentation and a way back home. */
export default function MockPage() {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow">
      <div className="card placeholder">
        <span className="placeholder__badge">{t("common.inDevelopment")}</span>
        <h1>{t("mock.title")}</h1>
        <p className="placeholder__lead">{t("mock.lead")}</p>
        <p>{t("mock.text")}</p>
        <div className="placeholder__actions">
          <a className="btn btn--primary" href="/docs/presentation.pdf" target="_blank" rel="noopener noreferrer" download>
            {t("mock.download")}
          </a>
          <Link className="btn btn--ghost" to="/">
            {t("common.backHome")}
          </Link>
        </div>
      </div>
    </section>
  );
}
