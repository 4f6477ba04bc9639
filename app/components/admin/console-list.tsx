import type { ReactNode } from "react";
import { Form, Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";

/** The address of another page of the list the console shows now, its filter kept. */
export function usePageHref() {
  const [params] = useSearchParams();
  return (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next.toString()}`;
  };
}

type Props = {
  title: string;
  /** The filter form's fields and buttons (a GET form: the address is the state). */
  filter: ReactNode;
  /** Shown between the filter and the table (the users' count). */
  status?: ReactNode;
  /** The table. */
  children: ReactNode;
  /** The text under an empty table, or null when there are rows. */
  empty: string | null;
  pager: {
    page: number;
    /** The pager's accessible name. */
    label: string;
    /** Before the links (the users' "page N of M"). */
    lead?: ReactNode;
    /** Between the links, marked as the current page (the audit's page number). */
    current?: ReactNode;
    hasPrev: boolean;
    hasNext: boolean;
    prev: string;
    next: string;
  };
};

/**
 * The frame of a console list paged and filtered on the server (the users and the audit log): the way
 * back, the heading, the filter form, the table with its empty text, and the pager.
 */
export function ConsoleList({ title, filter, status, children, empty, pager }: Props) {
  const { t } = useTranslation();
  const href = usePageHref();
  return (
    <section className="page console">
      <p>
        <Link to="/admin">{t("console.back")}</Link>
      </p>
      <h1>{title}</h1>
      <Form method="get" className="console__filter" role="search">
        {filter}
      </Form>
      {status}
      <div className="table-wrap">
        {children}
        {empty === null ? null : <p>{empty}</p>}
      </div>
      <nav className="console__pager" aria-label={pager.label}>
        {pager.lead ?? <span />}
        {pager.hasPrev ? <Link to={href(pager.page - 1)}>{pager.prev}</Link> : null}
        {pager.current === undefined ? null : <span aria-current="page">{pager.current}</span>}
        {pager.hasNext ? <Link to={href(pager.page + 1)}>{pager.next}</Link> : null}
      </nav>
    </section>
  );
}
