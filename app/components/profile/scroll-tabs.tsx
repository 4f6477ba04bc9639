import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";

export type SectionId = "contact" | "projects" | "case" | "experience" | "expertise" | "publication" | "expert";

/** Where a section counts as being read: 40 % down the window (below the sticky header and tab strip). */
const readingLine = () => Math.max(160, window.innerHeight * 0.4);

/**
 * spec 2 §2: the profile's vertical section tabs that follow scrolling. Links to the sections' anchors
 * (they work without JavaScript); the section being read is marked `aria-current`: the last one whose
 * top has passed the reading line (40 % down the window), or the last one when the page is scrolled to its end. Sticky on the
 * side from 992 px, a horizontal scroller above the content on phones (app/styles/profile.css).
 */
export function ScrollTabs({ sections }: { sections: SectionId[] }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<SectionId | null>(sections[0] ?? null);
  // A chosen tab stays current where its jump lands, even when the section is too short to reach the line.
  // (During the first second the page may still be scrolling smoothly towards the section.)
  const pinned = useRef<{ id: SectionId; y: number; until: number } | null>(null);
  // The tabs stick under the header, whose height depends on the width and on the rows it shows (the
  // mode switch on phones): `--header-h` (app/styles/profile.css) follows it.
  useEffect(() => {
    const header = document.querySelector<HTMLElement>(".header");
    if (!header || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const seen = new ResizeObserver(() => root.style.setProperty("--header-h", `${Math.round(header.getBoundingClientRect().height)}px`));
    seen.observe(header);
    return () => seen.disconnect();
  }, []);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const pin = pinned.current;
      if (pin) {
        if (Date.now() < pin.until) {
          pin.y = window.scrollY;
          return setCurrent(pin.id);
        }
        if (Math.abs(window.scrollY - pin.y) < 40) return setCurrent(pin.id);
        pinned.current = null;
      }
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      const line = readingLine();
      let found: SectionId | null = sections[0] ?? null;
      for (const id of sections) {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top <= line) found = id;
      }
      setCurrent(atEnd ? (sections[sections.length - 1] ?? found) : found);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [sections]);
  useEffect(() => {
    // Keep the current tab in view inside the phone's horizontal scroller.
    const link = document.querySelector<HTMLElement>(`.profile-sections a[href="#${current}"]`);
    const bar = link?.closest("ul");
    if (link && bar && bar.scrollWidth > bar.clientWidth) bar.scrollTo({ left: link.offsetLeft - 16, behavior: "smooth" });
  }, [current]);
  return (
    <nav className="profile-sections" aria-label={t("profilePage.sections")}>
      <ul>
        {sections.map((id) => (
          <li key={id}>
            <a
              href={`#${id}`}
              aria-current={current === id ? "true" : undefined}
              onClick={() => {
                pinned.current = { id, y: window.scrollY, until: Date.now() + 1000 };
                setCurrent(id);
              }}
            >
              {t(`profilePage.tabs.${id}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
