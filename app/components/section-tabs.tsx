import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";

/** Tabs of a section that are separate pages: links, the current one marked `aria-current="page"`. */
export function SectionTabs({ label, tabs }: { label: string; tabs: { to: string; labelKey: string }[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav className="section-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} className="section-tabs__tab" aria-current={pathname === tab.to ? "page" : undefined} preventScrollReset>
          {t(tab.labelKey)}
        </Link>
      ))}
    </nav>
  );
}
