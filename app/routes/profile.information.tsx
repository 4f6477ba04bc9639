import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { PromoBlock } from "~/components/promo-block";
import { CasesSection } from "~/components/profile/cases-section";
import { PublicationsSection } from "~/components/profile/publications-section";
import { ResumeBanner } from "~/components/profile/resume-banner";
import { ResumeSection } from "~/components/profile/resume-section";
import { loadCasesSections } from "~/domain/cases/profile-sections.server";
import { PageTexts } from "~/lib/i18n";
import { pageTexts } from "~/server/page-texts.server";
import { currentUser } from "~/domain/users/users.server";
import { useTranslation } from "~/lib/i18n";
import { requireUser } from "~/server/page.server";
import { promoForPage } from "~/server/promo.server";

export const handle = { titleKey: "profile.title" };

// The owner's profile. The full profile (document 2) is its own issue; this shows what registration stored.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireUser(context, request);
  const uid = actor.user.id;
  const [user, promo, { cases, publications, resume }] = await Promise.all([currentUser(context.ctx, actor), promoForPage(context), loadCasesSections(context.ctx, uid, { readOnly: false, viewerId: uid })]);
  return data({ user, promo, cases, publications, resume, casesTexts: pageTexts(context, "profileCases") });
}

export default function ProfileInformation() {
  const { user, promo, cases, publications, resume, casesTexts } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="page">
      <PromoBlock show={promo.show} />
      {resume && user.is_expert ? (
        <PageTexts texts={casesTexts}>
          <ResumeBanner data={resume} />
        </PageTexts>
      ) : null}
      <h1>
        {user.name} {user.lastName}
      </h1>
      {!user.isVerified ? (
        <div className="banner" role="status">
          <p>{t("profile.notVerified")}</p>
          <Form method="post" action="/verify">
            <button type="submit" className="btn btn--ghost btn--sm">
              {t("verify.resend")}
            </button>
          </Form>
        </div>
      ) : null}
      <div className="card">
        <h2>{t("profile.contacts")}</h2>
        <dl className="props">
          <dt>{t("register.email")}</dt>
          <dd>{user.email}</dd>
          <dt>{t("register.phone")}</dt>
          <dd>{user.phone}</dd>
          <dt>{t("profile.roles")}</dt>
          <dd>{user.roles.map((r) => t(`profile.role_${r}`)).join(", ")}</dd>
          {user.industries.length ? (
            <>
              <dt>{t("profile.industries")}</dt>
              <dd>
                <ul className="chips">
                  {user.industries.map((i) => (
                    <li key={i.id} className="chip">
                      {i.name}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          {user.options.length ? (
            <>
              <dt>{t("profile.functions")}</dt>
              <dd>
                <ul className="chips">
                  {user.options.map((o) => (
                    <li key={o.id} className={`chip${o.status === "moderation" ? " chip--moderation" : ""}`}>
                      {o.name}
                      {o.status === "moderation" ? ` · ${t("register.onModeration")}` : ""}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
        </dl>
      </div>
      <PageTexts texts={casesTexts}>
        <div id="case">
          <CasesSection data={cases} />
        </div>
        <div id="publication">
          {publications ? <PublicationsSection data={publications} /> : null}
          {resume ? <ResumeSection data={resume} /> : null}
        </div>
      </PageTexts>
    </section>
  );
}
