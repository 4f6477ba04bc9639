import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n";

/** Tabs of a section that are separate pages: links, the current one marked `aria-current="page"`. */
export function SectionTabs({ label, tabs }: { label: string; tabs: { to: string; labelKey: string }[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  // On a phone the strip scrolls sideways: the current tab is brought into it (the strip alone scrolls,
  // never the page), so a third or fourth tab is not left cut at the edge.
  useEffect(() => {
    const strip = nav.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    const left = current.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
    if (left < strip.scrollLeft || left + current.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = Math.max(0, left - (strip.clientWidth - current.offsetWidth) / 2);
    }
  }, [pathname]);
  return (
    <nav ref={nav} className="section-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} className="section-tabs__tab" aria-current={pathname === tab.to ? "page" : undefined} preventScrollReset>
          {t(tab.labelKey)}
        </Link>
      ))}
    </nav>
  );
}
