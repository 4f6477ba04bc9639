import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { PromoBlock } from "~/components/promo-block";
import { CompetencesSection } from "~/components/profile/competences-section";
import { ExperienceSection } from "~/components/profile/experience-section";
import { SpecializationsSection } from "~/components/profile/specializations-section";
import { loadCompetencesSection } from "~/domain/experience/expertises.server";
import { loadExperienceSection, loadSpecializationsSection } from "~/domain/experience/works.server";
import { currentUser } from "~/domain/users/users.server";
import { useTranslation } from "~/lib/i18n";
import { pageTexts } from "~/server/page-texts.server";
import { requireUser } from "~/server/page.server";
import { promoForPage } from "~/server/promo.server";

export const handle = { titleKey: "profile.title" };

// The owner's profile. The full profile (document 2) is its own issue; this shows what registration stored.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireUser(context, request);
  const own = { readOnly: false };
  const [user, promo, experience, specializations, competences] = await Promise.all([
    currentUser(context.ctx, actor),
    promoForPage(context),
    loadExperienceSection(context.ctx, actor.user.id, own),
    loadSpecializationsSection(context.ctx, actor.user.id, own),
    loadCompetencesSection(context.ctx, actor.user.id, own),
  ]);
  return data({ user, promo, experience, specializations, competences, experienceTexts: pageTexts(context, "profileExperience") });
}

export default function ProfileInformation() {
  const { user, promo, experience, specializations, competences, experienceTexts } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="page">
      <PromoBlock show={promo.show} />
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
      <section id="projects" className="profile-anchor">
        <SpecializationsSection data={specializations} texts={experienceTexts} />
      </section>
      <section id="experience" className="profile-anchor">
        <ExperienceSection data={experience} texts={experienceTexts} />
      </section>
      <section id="expertise" className="profile-anchor">
        <CompetencesSection data={competences} texts={experienceTexts} />
      </section>
    </section>
  );
}
