import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useTranslation } from "~/lib/i18n";
import { requireUser } from "~/server/page.server";

export const handle = { titleKey: "requestAdd.title" };

/** RequestAddPage: the form itself belongs to the requests issue; the route and its guard live here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  return data({});
}

export default function RequestAdd() {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow">
      <div className="card">
        <h1>{t("requestAdd.title")}</h1>
        <p>{t("profile.empty")}</p>
      </div>
    </section>
  );
}
