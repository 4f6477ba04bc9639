import { lazy } from "react";

/**
 * The shell's parts that only an action shows (the slide menu, the sign-in prompt, the help menu and
 * modals, the error page) load together, on first use: they stay out of every page's initial scripts, which
 * have a 100 KB budget (docs/decisions/0011-shell-and-promo.md).
 */
const load = () => import("./shell-dialogs");

export const SlideMenu = lazy(() => load().then((m) => ({ default: m.SlideMenu })));
export const GuestPrompt = lazy(() => load().then((m) => ({ default: m.GuestPrompt })));
export const HelpDialogs = lazy(() => load().then((m) => ({ default: m.HelpDialogs })));
export const HelpMenu = lazy(() => load().then((m) => ({ default: m.HelpMenu })));
export const ErrorPage = lazy(() => load().then((m) => ({ default: m.ErrorPage })));
