import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation, useMatches, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import { LEGAL_DOCS } from "~/domain/docs/docs.server";
import { footerContent, supportContent } from "~/domain/reference/reference.server";
import { isOperator } from "~/domain/policy.server";
import { navBadge } from "~/domain/visits/visits.server";
import { useTranslation } from "~/lib/i18n";
import { Footer } from "./components/footer";
import { Header } from "./components/header";
import { FloatingHelp, HelpProvider } from "./components/help";
import { ErrorPage } from "./components/shell-lazy";
import { TabBar } from "./components/tab-bar";
import { readMode } from "./web/mode.server";
import styles from "./styles/app.css?url";
import "./web/load-context";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export type RootUser = { id: number; name: string; lastName: string; isVerified: boolean } | null;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = context.actor;
  const user: RootUser = actor
    ? { id: actor.user.id, name: actor.user.name, lastName: actor.user.lastName, isVerified: actor.user.isVerified }
    : null;
  const mode = readMode(request);
  // Footer and support content come from the reference cache: no D1 round trip on most pages.
  const [footer, support, badge] = await Promise.all([footerContent(context.ctx), supportContent(context.ctx), actor ? navBadge(context.ctx, actor, mode) : { hasNew: false }]);
  return data({
    lang: context.ctx.lang,
    user,
    impersonator: actor?.impersonator?.name ?? null,
    // The console link is shown by the same rule that guards the console (app/domain/policy.server.ts).
    operator: isOperator(actor),
    nonce: context.nonce,
    mode,
    hasNew: badge.hasNew,
    footer: { socialServices: footer.socialServices, docs: LEGAL_DOCS.map((d) => ({ file: d.file, titleKey: d.titleKey })) },
    support,
  });
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** A route's `handle`: its document title's common locale key, or how to pick it from the loader's data. */
export type TitleHandle = { titleKey?: string | ((data: unknown) => string) };

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { t } = useTranslation();
  const lang = root?.lang ?? "ru";
  const nonce = root?.nonce;
  // A page names its title by a locale key (`handle.titleKey`), so the title follows the language; a page
  // with several modes names it from its loader's data.
  const titled = [...useMatches()].reverse().find((m) => (m.handle as TitleHandle | undefined)?.titleKey);
  const titleSpec = (titled?.handle as TitleHandle | undefined)?.titleKey;
  const titleKey = typeof titleSpec === "function" ? titleSpec(titled!.data) : titleSpec;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3b5bdb" />
        <title>{titleKey ? `${t(titleKey)} — ${t("brand.name")}` : t("brand.name")}</title>
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t("nav.skipToContent")}
        </a>
        {children}
        <ScrollBehavior />
        <PageChange />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { user, impersonator, operator, mode, hasNew, footer, support } = useLoaderData<typeof loader>();
  return (
    <HelpProvider support={support}>
      <Header user={user} impersonator={impersonator} operator={operator} mode={mode} hasNew={hasNew} />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer socialServices={footer.socialServices} docs={footer.docs} />
      <FloatingHelp support={support} />
      <TabBar signedIn={!!user} mode={mode} hasNew={hasNew} />
    </HelpProvider>
  );
}

const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * spec 1 §2: the router scrolls to the top on navigation, or smoothly to a hash anchor. Remix's
 * ScrollRestoration does the scrolling; this sets how, just before it runs (it is rendered first, so
 * its layout effect runs first): instantly to the top or a restored position, smoothly to an anchor
 * (unless the user prefers reduced motion: the stylesheet's `scroll-behavior` decides then).
 */
function ScrollBehavior() {
  const location = useLocation();
  useIsomorphicLayoutEffect(() => {
    const root = document.documentElement;
    root.style.scrollBehavior = location.hash ? "" : "auto";
    const frame = requestAnimationFrame(() => (root.style.scrollBehavior = ""));
    return () => cancelAnimationFrame(frame);
  }, [location.key]);
  return null;
}

/**
 * A client-side move to another page says so, as a full page load would: the new title is read out, and
 * focus moves to the main region, so that a screen reader continues from the new page's start and Tab from
 * its content, not from the header link that was clicked (or from nowhere, when the clicked control is
 * gone). Focus stays where the new page put it on purpose (autoFocus), and in a field the person is typing
 * in. A change of the query or the hash on the same page (a pager, a filter, a tab) is no new page.
 */
function PageChange() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [message, setMessage] = useState("");
  const shown = useRef(pathname);
  const trigger = useRef<Element | null>(null);
  useEffect(() => {
    if (navigation.state !== "idle") trigger.current ??= document.activeElement;
    // A navigation that stayed on this page (a query, a failed form) leaves no trigger for the next one.
    else if (shown.current === pathname) trigger.current = null;
  }, [navigation.state, pathname]);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    const from = trigger.current;
    trigger.current = null;
    const typing = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement;
    if (!typing && (!active || active === document.body || active === from)) document.getElementById("main")?.focus({ preventScroll: true });
    setMessage(document.title);
  }, [pathname]);
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}

// The error page loads only when there is an error to show (app/components/shell-lazy.ts).
export function ErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <ErrorPage />
    </Suspense>
  );
}
