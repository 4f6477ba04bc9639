import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { listIndustries } from "~/domain/reference/reference.server";

export const handle = { titleKey: "brand.tagline" };

export const meta: MetaFunction = () => [
  { name: "description", content: "Более 1000 экспертов, 70 направлений бизнеса и 800 областей компетенций." },
];

export async function loader({ context }: LoaderFunctionArgs) {
  const industries = await listIndustries(context.ctx);
  return data({ industries }, { headers: { "Cache-Control": "private, max-age=0" } });
}

export default function StartPage() {
  const { industries } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <section className="hero" id="whoweare">
        <div className="hero__inner">
          <h1>{t("landing.title")}</h1>
          <p>{t("landing.lead")}</p>
          <div className="hero__cta">
            <Link className="btn btn--primary" to="/sign-up?role=customer">
              {t("landing.findExpert")}
            </Link>
            <Link className="btn btn--ghost" to="/sign-up?role=expert">
              {t("landing.becomeExpert")}
            </Link>
          </div>
        </div>
      </section>
      <section className="page" id="industries" aria-labelledby="industries-title">
        <h2 id="industries-title">
          {t("landing.industriesTitle")} · {t("landing.industriesCount", { count: industries.length })}
        </h2>
        <ul className="chips">
          {industries.map((i) => (
            <li key={i.id} className="chip">
              {i.name}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
