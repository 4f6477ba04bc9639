import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { pageTexts } from "~/web/page-texts.server";

export const handle = { titleKey: "mock.title" };

/** /mock (spec 1 §2): the corporate-service placeholder with the presentation and a way back home. */
export async function loader({ context }: LoaderFunctionArgs) {
  return data({ texts: pageTexts(context, "accountPages") });
}

export default function MockPage() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <Mock />
    </PageTexts>
  );
}

function Mock() {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow">
      <div className="card placeholder">
        <span className="placeholder__badge">{t("common.inDevelopment")}</span>
        <h1>{t("mock.title")}</h1>
        <p className="placeholder__lead">{t("accountPages.mock_lead")}</p>
        <p>{t("accountPages.mock_text")}</p>
        <div className="placeholder__actions">
          <a className="btn btn--primary" href="/docs/presentation.pdf" target="_blank" rel="noopener noreferrer" download>
            {t("accountPages.mock_download")}
          </a>
          <Link className="btn btn--ghost" to="/">
            {t("common.backHome")}
          </Link>
        </div>
      </div>
    </section>
  );
}
