import type { Mode } from "~/lib/mode";

/**
 * The shell's menus (spec 1 §2, "Header and menus"), one list per place. `chip` marks the link that
 * carries the 'new' chip; `guard` marks what a guest may not open (the sign-in prompt shows instead).
 */
export type NavItem = { to: string; labelKey: string; chip?: boolean; guard?: boolean; icon?: IconName };
export type IconName = "plus" | "folder" | "users" | "user" | "list";

/** Marketing links for guests (and for everyone on the landing page). Hash links are anchors of /. */
export const GUEST_LINKS: NavItem[] = [
  { to: "/#whoweare", labelKey: "nav.whyUs" },
  { to: "/#industries", labelKey: "nav.industries" },
  { to: "/mock", labelKey: "nav.forCompanies" },
  { to: "/faq", labelKey: "nav.help" },
];

/** Attributes of a link that opens in a new tab. */
export const NEW_TAB = { target: "_blank", rel: "noopener noreferrer" } as const;

const PROFILE: NavItem = { to: "/profile/information", labelKey: "nav.profile" };
const HELP: NavItem = { to: "/faq", labelKey: "nav.help" };

/** The header of a signed-in user: customer mode or expert mode. */
export function roleLinks(mode: Mode): NavItem[] {
  return mode === "executor"
    ? [PROFILE, { to: "/projects/response", labelKey: "nav.requests", chip: true }, HELP]
    : [PROFILE, { to: "/request-add", labelKey: "nav.createRequest" }, { to: "/projects/request", labelKey: "nav.projects", chip: true }, HELP];
}

/** The slide menu of a signed-in user on mobile: the role's links and the sections the tab bar leaves out. */
export function slideLinks(mode: Mode): NavItem[] {
  const links = roleLinks(mode).slice(0, -1);
  if (mode === "executor") links.push({ to: "/services", labelKey: "nav.services" });
  return [...links, { to: "/community", labelKey: "nav.communities" }, { to: "/profile/settings", labelKey: "nav.settings" }, HELP];
}

/** The bottom tab bar on mobile (< 992 px). */
export function tabItems(mode: Mode): NavItem[] {
  const community: NavItem = { to: "/community", labelKey: "nav.communities", guard: true, icon: "users" };
  const profile: NavItem = { ...PROFILE, icon: "user" };
  return mode === "executor"
    ? [{ to: "/projects/response", labelKey: "tabs.requests", guard: true, chip: true, icon: "list" }, community, profile]
    : [{ to: "/request-add", labelKey: "tabs.newRequest", icon: "plus" }, { to: "/projects/request", labelKey: "tabs.myProjects", guard: true, chip: true, icon: "folder" }, community, profile];
}
