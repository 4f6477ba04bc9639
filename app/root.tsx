import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { Footer } from "./components/footer";
import { Header } from "./components/header";
import styles from "./styles/app.css?url";
import "./server/load-context";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export type RootUser = { id: number; name: string; lastName: string; roles: string[]; isVerified: boolean } | null;

export async function loader({ context }: LoaderFunctionArgs) {
  const actor = context.actor;
  const user: RootUser = actor
    ? { id: actor.user.id, name: actor.user.name, lastName: actor.user.lastName, roles: actor.user.roles, isVerified: actor.user.isVerified }
    : null;
  return data({ lang: context.ctx.lang, user, impersonator: actor?.impersonator?.name ?? null, nonce: context.nonce });
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { t } = useTranslation();
  const lang = root?.lang ?? "ru";
  const nonce = root?.nonce;
  // A page names its title by a locale key (`handle.titleKey`), so the title follows the language.
  const titleKey = [...useMatches()].reverse().find((m) => (m.handle as { titleKey?: string } | undefined)?.titleKey)?.handle as { titleKey: string } | undefined;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3b5bdb" />
        <title>{titleKey ? `${t(titleKey.titleKey)} — ${t("brand.name")}` : t("brand.name")}</title>
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t("nav.skipToContent")}
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { user, impersonator } = useLoaderData<typeof loader>();
  return (
    <>
      <Header user={user} impersonator={impersonator} />
      <main id="main" className="main">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <>
      <Header user={null} impersonator={null} minimal />
      <main id="main" className="main">
        <section className="page page--narrow error-page">
          <p className="error-page__code" aria-hidden="true">
            {isRouteErrorResponse(error) ? error.status : 500}
          </p>
          <h1>{notFound ? t("errors.notFoundTitle") : forbidden ? t("errors.forbidden") : t("errors.serverTitle")}</h1>
          <p>{notFound ? t("errors.notFoundText") : forbidden ? "" : t("errors.serverText")}</p>
          <a className="btn btn--primary" href="/">
            {t("common.backHome")}
          </a>
        </section>
      </main>
    </>
  );
}
