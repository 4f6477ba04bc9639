import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n";

export type SectionId = "contact" | "projects" | "case" | "experience" | "expertise" | "publication" | "expert";

/**
 * spec 2 §2: the profile's vertical section tabs that follow scrolling. Links to the sections' anchors
 * (they work without JavaScript); the section in view is marked `aria-current`. Sticky on the side from
 * 992 px, a horizontal scroller above the content on phones (app/styles/profile.css).
 */
export function ScrollTabs({ sections }: { sections: SectionId[] }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<SectionId | null>(sections[0] ?? null);
  useEffect(() => {
    const els = sections.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => !!el);
    if (!els.length || typeof IntersectionObserver === "undefined") return;
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) visible.set(e.target.id, e.isIntersecting ? e.intersectionRatio : 0);
        // The first section (in page order) that is in view under the header.
        const first = sections.find((id) => (visible.get(id) ?? 0) > 0);
        if (first) setCurrent(first);
      },
      { rootMargin: "-80px 0px -45% 0px", threshold: [0, 0.01, 0.5, 1] },
    );
    els.forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [sections]);
  useEffect(() => {
    // Keep the current tab in view inside the phone's horizontal scroller.
    const link = document.querySelector<HTMLElement>(`.profile-tabs a[href="#${current}"]`);
    const bar = link?.parentElement?.parentElement;
    if (link && bar && bar.scrollWidth > bar.clientWidth) bar.scrollTo({ left: link.offsetLeft - 16, behavior: "smooth" });
  }, [current]);
  return (
    <nav className="profile-tabs" aria-label={t("profilePage.sections")}>
      <ul>
        {sections.map((id) => (
          <li key={id}>
            <a href={`#${id}`} aria-current={current === id ? "true" : undefined} onClick={() => setCurrent(id)}>
              {t(`profilePage.tabs.${id}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
