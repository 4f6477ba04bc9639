import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { PromoBlock } from "~/components/promo-block";
import { PageTexts, useTranslation } from "~/lib/i18n";
import type { ProfilePageData } from "~/server/profile-page.server";
import { ContactsSection } from "./contacts-section";
import { CouncilSection } from "./council-section";
import { ProfileHead } from "./profile-head";
import { ProjectsSection } from "./projects-section";
import { ScrollTabs, type SectionId } from "./scroll-tabs";

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
  // LEAD (merge): "case" on someone else's profile only when the cases section has items.
  const sections: SectionId[] = own ? ["contact", "projects", "case", "experience", "expertise", "publication", "expert"] : ["projects", "experience", "expertise"];
  return (
    <section className="page profile">
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
      <ProfileHead head={data.head} editable={own} />
      <div className="profile__layout">
        <aside className="profile__aside">
          <ScrollTabs sections={sections} />
          {own ? (
            <a className="profile__instruction" href="/docs/expert-instruction.pdf" target="_blank" rel="noopener">
              {t("profilePage.instruction")}
            </a>
          ) : null}
        </aside>
        <div className="profile__sections">
          {/* Someone else's contacts: the spec's text until a paid request joins them (canSeeContacts). */}
          <ContactsSection contacts={data.contacts} editable={own} />
          <ProjectsSection projects={data.projects} reference={data.reference} editable={own} />
          {/* LEAD (merge): Кейсы, the cases+publications+resume part: <CasesSection id="case" … editable={own} /> */}
          <SectionSoon id="case" />
          {/* LEAD (merge): Опыт работы, the works+specializations+competences part: <ExperienceSection id="experience" … /> */}
          <SectionSoon id="experience" />
          {/* LEAD (merge): Компетенции, the same part: <CompetencesSection id="expertise" … /> */}
          <SectionSoon id="expertise" />
          {/* LEAD (merge): Дополнительная информация (publications), the owner's only: <PublicationsSection id="publication" … /> */}
          {own ? <SectionSoon id="publication" /> : null}
          {own && data.council && data.reference ? <CouncilSection applications={data.council} reference={data.reference} /> : null}
        </div>
      </div>
    </section>
  );
}

/** A section another part of the product fills in (replaced at the merge). */
function SectionSoon({ id }: { id: SectionId }) {
  const { t } = useTranslation();
  return (
    <section id={id} className="profile-section card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(`profilePage.tabs.${id}`)}</h2>
      <p className="note">{t("profilePage.soon")}</p>
    </section>
  );
}

/** spec 2 §2: the route hash carries the request id (/profile/12#34); the back button leads to it. */
function useRequestIdFromHash() {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => setId(/^#(?:request_id=)?(\d{1,12})$/.exec(window.location.hash)?.[1] ?? null), []);
  return id;
}
