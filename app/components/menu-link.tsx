import { Link, useLocation, type LinkProps } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import type { NavItem } from "./nav-items";

/**
 * A link that carries `aria-current="page"` on the page it leads to and inside its section (NavLink's
 * rule without NavLink's weight in every page's scripts). Anchors of / are never current.
 */
export function CurrentLink({ to, ...rest }: LinkProps & { to: string }) {
  const { pathname } = useLocation();
  const current = !to.includes("#") && (pathname === to || pathname.startsWith(`${to}/`));
  return <Link to={to} aria-current={current ? "page" : undefined} {...rest} />;
}

/** A menu link with its 'new' chip. */
export function MenuLink({ item, hasNew, className }: { item: NavItem; hasNew?: boolean; className?: string }) {
  const { t } = useTranslation();
  return (
    <CurrentLink to={item.to} className={className}>
      {t(item.labelKey)}
      {item.chip && hasNew ? <span className="chip chip--new">{t("nav.new")}</span> : null}
    </CurrentLink>
  );
}
