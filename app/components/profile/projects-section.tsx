import { lazy, Suspense, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";

// The industry modal (the registration's pickers, one per industry) loads on first use.
const IndustryModal = lazy(() => import("./industry-modal"));

import type { Option } from "./reference";

export type { Option };
export type Projects = { industries: { id: number; name: string; options: number[] }[]; options: Option[]; unlinked: number[] };

/** Проектная экспертиза (spec 2 §2): industries with the functions chosen under each; pills are view-only for others. */
export function ProjectsSection({ projects, editable, children }: { projects: Projects; editable: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const byId = new Map(projects.options.map((o) => [o.id, o]));
  const empty = !projects.industries.length && !projects.options.length;
  return (
    <section id="projects" className="profile-section card" aria-labelledby="projects-title">
      <div className="profile-section__head">
        <h2 id="projects-title">{t("profilePage.tabs.projects")}</h2>
        {editable ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => { setOpened(true); setOpen(true); }}>
            {empty ? t("profilePage.projects.add") : t("profilePage.projects.edit")}
          </button>
        ) : null}
      </div>
      {empty && editable ? <p className="note">{t("profilePage.projects.empty")}</p> : null}
      <ul className="industry-list">
        {projects.industries.map((i) => (
          <li key={i.id} className="industry-list__item">
            <h3 className="industry-list__name">{i.name}</h3>
            {i.options.length ? <OptionChips options={i.options.map((id) => byId.get(id)).filter((o): o is Option => !!o)} /> : null}
          </li>
        ))}
      </ul>
      {projects.unlinked.length ? (
        <div className="industry-list__unlinked">
          <h3 className="industry-list__name">{t("profilePage.projects.unlinked")}</h3>
          <OptionChips options={projects.unlinked.map((id) => byId.get(id)).filter((o): o is Option => !!o)} />
        </div>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <IndustryModal open={open} onClose={() => setOpen(false)} projects={projects} />
        </Suspense>
      ) : null}
      {children}
    </section>
  );
}

function OptionChips({ options }: { options: Option[] }) {
  const { t } = useTranslation();
  return (
    <ul className="chips">
      {options.map((o) => (
        <li key={o.id} className={`chip${o.status === "moderation" ? " chip--moderation" : ""}`}>
          {o.name}
          {o.status === "moderation" ? ` · ${t("pickers.onModeration")}` : ""}
        </li>
      ))}
    </ul>
  );
}
