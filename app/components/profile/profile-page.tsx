import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ProfileTabs } from "~/components/profile-tabs";
import { PromoBlock } from "~/components/promo-block";
import { PageTexts, useTranslation } from "~/lib/i18n";
import type { ProfilePageData } from "~/web/profile-page.server";
import { CasesSection } from "./cases-section";
import { CompetencesSection } from "./competences-section";
import { ContactsSection } from "./contacts-section";
import { ExperienceSection } from "./experience-section";
import { CouncilSection } from "./council-section";
import { ProfileHead } from "./profile-head";
import { ProjectsSection } from "./projects-section";
import { PublicationsSection } from "./publications-section";
import { ResumeBanner } from "./resume-banner";
import { ResumeSection } from "./resume-section";
import { ScrollTabs, type SectionId } from "./scroll-tabs";
import { SpecializationsSection } from "./specializations-section";
import { ReceivedRatings } from "./received-ratings";

/**
 * The profile page (spec 2 §2): the owner's /profile/information, and someone else's /profile/{id}
 * (read-only). The frame other parts plug into: a section is one element below with its anchor id, and
 * one entry in `sections` (the tabs follow the sections that are on the page).
 */
export function ProfilePage({ data }: { data: ProfilePageData }) {
  return (
    <PageTexts texts={data.texts}>
      <Profile data={data} />
    </PageTexts>
  );
}

function Profile({ data }: { data: ProfilePageData }) {
  const { t } = useTranslation();
  const own = data.view === "own";
  const requestId = useRequestIdFromHash();
  // spec 2 §2: the owner's tabs; someone else's: projects, cases (only if any), experience, expertise.
  // spec 2 §2: "case" on someone else's profile only when the person has cases.
  const sections: SectionId[] = own
    ? ["contact", "projects", "case", "experience", "expertise", "publication", "expert"]
    : data.cases.items.length
      ? ["projects", "case", "experience", "expertise"]
      : ["projects", "experience", "expertise"];
  return (
    <section className="page profile">
      {own ? <ProfileTabs /> : null}
      {own ? <PromoBlock show={data.promo.show} /> : null}
      {requestId ? (
        <p>
          <Link to={`/request-list/${requestId}`} className="btn btn--ghost btn--sm">
            ← {t("profilePage.back")}
          </Link>
        </p>
      ) : null}
      {own && !data.head.isVerified ? (
        <div className="banner" role="status">
          <p>{t("profile.notVerified")}</p>
          <Form method="post" action="/verify">
            <button type="submit" className="btn btn--ghost btn--sm">
              {t("verify.resend")}
            </button>
          </Form>
        </div>
      ) : null}
      {data.resume ? (
        <PageTexts texts={data.casesTexts}>
          <ResumeBanner data={data.resume} />
        </PageTexts>
      ) : null}
      {own && data.rejected.length ? (
        <div className="banner" role="status" data-testid="rejected-proposals">
          <p>
            <strong>{t("profilePage.rejectedTitle")}</strong>
          </p>
          <ul>
            {data.rejected.map((r, i) => (
              <li key={i}>{t(`profilePage.rejected_${r.kind}`, { name: r.name, reason: r.reason ?? "" })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <ProfileHead head={data.head} editable={own} />
      <div className="profile__layout">
        <aside className="profile__aside">
          <ScrollTabs sections={sections} />
          {own ? (
            <a className="profile__instruction" href="/docs/expert-instruction.pdf" target="_blank" rel="noopener">
              {t("profilePage.instruction")}
              <span className="visually-hidden"> {t("common.newTab")}</span>
            </a>
          ) : null}
        </aside>
        <div className="profile__sections">
          {/* Someone else's contacts: the spec's text until a paid request joins them (contactsAllowed). */}
          <ContactsSection contacts={data.contacts} editable={own} />
          <ProjectsSection projects={data.projects} editable={own}>
            {/* 'Проектная экспертиза' also holds the specializations drawn from the works (spec 2 §3). */}
            <SpecializationsSection data={data.specializations} texts={data.experienceTexts} />
            {/* The ratings received, from projects and recommendations, each with its source (decision 0033). */}
            <PageTexts texts={data.experienceTexts}>
              <ReceivedRatings items={data.received} />
            </PageTexts>
          </ProjectsSection>
          {own || data.cases.items.length ? (
            <section id="case" className="profile-anchor">
              <PageTexts texts={data.casesTexts}>
                <CasesSection data={data.cases} />
              </PageTexts>
            </section>
          ) : null}
          <section id="experience" className="profile-section card profile-anchor">
            <ExperienceSection data={data.experience} texts={data.experienceTexts} />
          </section>
          <section id="expertise" className="profile-section card profile-anchor">
            <CompetencesSection data={data.competences} texts={data.experienceTexts} />
          </section>
          {own && data.publications ? (
            <section id="publication" className="profile-anchor">
              <PageTexts texts={data.casesTexts}>
                <PublicationsSection data={data.publications} />
                {data.resume ? <ResumeSection data={data.resume} /> : null}
              </PageTexts>
            </section>
          ) : null}
          {own && data.council ? <CouncilSection applications={data.council} /> : null}
        </div>
      </div>
    </section>
  );
}


/** spec 2 §2: the route hash carries the request id (/profile/12#34); the back button leads to it. */
function useRequestIdFromHash() {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => setId(/^#(?:request_id=)?(\d{1,12})$/.exec(window.location.hash)?.[1] ?? null), []);
  return id;
}
