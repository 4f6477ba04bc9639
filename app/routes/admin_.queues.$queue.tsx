import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type RowSelectionState,
} from "@tanstack/react-table";
import { Fragment, useEffect, useMemo, useRef, useState } from "react";
import {
  decide,
  queuePage,
  type DecisionResult,
} from "~/domain/admin/queues.server";
import type { QueueItem } from "~/domain/admin/queue";
import { DomainError } from "~/domain/errors";
import { LIMITS } from "~/domain/limits";
import { FieldMessage } from "~/components/admin/field-message";
import { FormError } from "~/components/ui/field";
import { Modal } from "~/components/ui/modal";
import { formatDateTime } from "~/lib/format";
import { PageTexts, useTranslation } from "~/lib/i18n";
import {
  formObject,
  requireAdmin,
  runAction,
  type ActionErrors,
} from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import adminStyles from "~/styles/admin.css?url";
import { PendingButton } from "~/components/ui/pending-button";

export const handle = { titleKey: "admin.title" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adminStyles },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = requireAdmin(context, request);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  try {
    return data({
      texts: pageTexts(context, "console"),
      page: await queuePage(context.ctx, actor, params.queue, query),
    });
  } catch (e) {
    if (
      e instanceof DomainError &&
      (e.kind === "not_found" || e.kind === "validation")
    )
      throw new Response("Not found", { status: 404 });
    throw e;
  }
}

type ActionResult =
  | ActionErrors
  | { message: string; results: DecisionResult[] };

/** The bulk form's versions by id (a JSON object); anything else is none, and the decision says so. */
function jsonObject(raw: unknown): unknown {
  if (typeof raw !== "string" || !raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Decide one item or the selected ones (`ids`: comma-separated, from the table's selection). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = requireAdmin(context, request);
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    const ids =
      typeof form.ids === "string" && form.ids
        ? form.ids.split(",").map(Number)
        : undefined;
    return await decide(context.ctx, actor, {
      kind: params.queue,
      ...(ids ? { ids, versions: jsonObject(form.versions) } : { id: form.id, version: form.version || null }),
      decision: form.decision,
      reason: typeof form.reason === "string" ? form.reason : null,
      merge_into_id: form.merge_into_id ? form.merge_into_id : null,
    });
  });
  if (!result.ok) return data(result.body as ActionResult, result.init);
  return data(result.value as ActionResult);
}

/** Details whose values are codes: shown by their names. */
const ENUM_DETAILS = new Set(["expert_type", "format", "pay_format"]);

type Dialog = { kind: "reject" | "merge"; ids: number[]; title: string } | null;
const column = createColumnHelper<QueueItem>();

/** One queue of the operator console: a server-paged table (the URL is the state), decisions one click away. */
export default function AdminQueue() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <AdminQueuePage />
    </PageTexts>
  );
}

function AdminQueuePage() {
  const { page } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [params] = useSearchParams();
  const { t, lang } = useTranslation();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [open, setOpen] = useState<Record<number, boolean>>({});
  const [dialog, setDialog] = useState<Dialog>(null);
  // The dialog's refusal: its fields say what the server refused beside themselves (the form does not
  // use the browser's bubbles, whose words are not the spec's). A dialog opened afresh starts clean.
  const [refusal, setRefusal] = useState<ActionErrors | null>(null);
  useEffect(() => setRefusal(actionData && "errors" in actionData ? actionData : null), [actionData]);
  useEffect(() => setRefusal(null), [dialog]);
  const fieldErrors = refusal?.errors;
  const firstField = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  // The dialog opens on its first field (showModal() would focus its close button).
  useEffect(() => {
    if (dialog) requestAnimationFrame(() => firstField.current?.focus());
  }, [dialog]);
  // Another page, sort or filter: the rows selected are no longer on screen, so the selection goes.
  const view = params.toString();
  useEffect(() => setSelection({}), [view]);
  // A decision done: the selection and the dialog are spent (the loader already sends the new page).
  useEffect(() => {
    if (actionData && "results" in actionData) {
      setSelection({});
      setDialog(null);
    }
  }, [actionData]);

  // A decision takes its rows off the page, and with them the button pressed: the focus goes to the same
  // decision of the row that took its place (else of the last row), or to the banner saying what was done.
  const refocus = useRef<{ index: number; decision: string } | null>(null);
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const after = refocus.current;
    if (!after || dialog || !actionData) return;
    if (!("results" in actionData)) return void (refocus.current = null);
    // Until the page read after the decision shows, the decided rows are still on it.
    const gone = new Set(actionData.results.filter((r) => r.status === "decided" || r.status === "already_decided").map((r) => r.id));
    if (page.items.some((i) => gone.has(i.id))) return;
    refocus.current = null;
    requestAnimationFrame(() => {
      const rows = document.querySelectorAll<HTMLElement>('tr[data-testid="queue-row"]');
      const row = after.index >= 0 ? rows[Math.min(after.index, rows.length - 1)] : undefined;
      (row?.querySelector<HTMLElement>(`[data-decision="${after.decision}"]`) ?? banner.current)?.focus();
    });
  }, [actionData, dialog, page]);
  const decided = (ids: number[], decision: string) => {
    refocus.current = { index: ids.length === 1 ? page.items.findIndex((i) => i.id === ids[0]) : -1, decision };
  };

  const href = (change: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, String(v));
    }
    return `?${next.toString()}`;
  };
  const sortLink = (key: "title" | "created_at") => {
    const active = page.sort === key;
    const dir = active && page.dir === "asc" ? "desc" : "asc";
    return {
      to: href({ sort: key, dir, page: null }),
      active,
      aria: active ? (page.dir === "asc" ? "ascending" : "descending") : "none",
    } as const;
  };

  const columns = useMemo(
    () => [
      column.display({
        id: "select",
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={t("console.selectAll")}
            checked={table.getIsAllRowsSelected()}
            ref={(el) =>
              void (el && (el.indeterminate = table.getIsSomeRowsSelected()))
            }
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={t("console.select", { title: row.original.title })}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      }),
      column.accessor("title", {
        id: "title",
        header: () => t("console.title"),
      }),
      column.accessor((r) => r.userName ?? "", {
        id: "user",
        header: () => t("console.user"),
      }),
      column.accessor("createdAt", {
        id: "created_at",
        header: () => t("console.created"),
        cell: (c) => (
          <time dateTime={c.getValue()}>
            {formatDateTime(c.getValue(), lang)}
          </time>
        ),
      }),
      column.display({ id: "actions", header: () => t("console.actions") }),
    ],
    [t, lang]
  );
  const table = useReactTable({
    data: page.items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (r) => String(r.id),
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
    enableRowSelection: page.decidable,
    // The server sorts, filters and pages: the table shows the page it got.
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    pageCount: page.pages,
  });
  // Only rows of the page on screen, with the versions shown (decision 0052): another page's rows are not
  // decided unseen.
  const selectedIds = page.items.filter((i) => selection[String(i.id)]).map((i) => i.id);
  const queueTitle = t(`console.queues.${page.queue}`);
  const results =
    actionData && "results" in actionData ? actionData.results : null;
  const titles = new Map(page.items.map((i) => [i.id, i.title]));
  // The versions the operator is looking at (decision 0052): an approval of a changed item is refused.
  const versions = JSON.stringify(
    Object.fromEntries(
      page.items
        .filter((i) => selectedIds.includes(i.id) && i.version)
        .map((i) => [i.id, i.version]),
    ),
  );

  return (
    <section className="page console">
      <p>
        <Link to="/admin">{t("console.back")}</Link>
      </p>
      <h1>{queueTitle}</h1>
      {/* A refusal of a row's own button; the dialog says its own refusals (once, beside the field). */}
      {actionData && "errors" in actionData && !dialog && !actionData.errors.reason && !actionData.errors.merge_into_id ? (
        <FormError message={actionData.message} />
      ) : null}
      {results ? (
        <div className="banner banner--success" role="status" tabIndex={-1} ref={banner}>
          <p>{actionData!.message}</p>
          {results.some((r) => r.status !== "decided") ? (
            <ul>
              {results
                .filter((r) => r.status !== "decided")
                .map((r) => (
                  <li key={r.id}>
                    #{r.id}: {t(`console.result_${r.status}`)}
                  </li>
                ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <Form method="get" className="console__filter" role="search">
        <input type="hidden" name="sort" value={page.sort} />
        <input type="hidden" name="dir" value={page.dir} />
        <label className="field__label" htmlFor="queue-filter">
          {t("console.filter")}
        </label>
        <input
          id="queue-filter"
          className="field__input"
          name="filter"
          type="search"
          defaultValue={page.filter}
          placeholder={t("console.filterPlaceholder")}
          maxLength={100}
        />
        <button className="btn btn--ghost btn--sm" type="submit">
          {t("console.apply")}
        </button>
        {page.filter ? (
          <Link
            className="btn btn--ghost btn--sm"
            to={href({ filter: null, page: null })}
          >
            {t("console.reset")}
          </Link>
        ) : null}
      </Form>

      {!page.ready ? <p>{t("console.queueNotReady")}</p> : null}

      {page.decidable ? (
        <div
          className="console__bulk"
          role="group"
          aria-label={t("console.selected", { count: selectedIds.length })}
        >
          <span aria-live="polite">
            {t("console.selected", { count: selectedIds.length })}
          </span>
          <Form method="post" onSubmit={() => decided(selectedIds, "approve")}>
            <input type="hidden" name="ids" value={selectedIds.join(",")} />
            <input type="hidden" name="versions" value={versions} />
            <button
              type="submit"
              name="decision"
              value="approve"
              className="btn btn--primary btn--sm"
              disabled={busy || !selectedIds.length}
            >
              {t("console.approveSelected")}
            </button>
          </Form>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={busy || !selectedIds.length}
            onClick={() =>
              setDialog({
                kind: "reject",
                ids: selectedIds,
                title: t("console.rejectManyTitle", {
                  count: selectedIds.length,
                }),
              })
            }
          >
            {t("console.rejectSelected")}
          </button>
        </div>
      ) : null}

      <div className="table-wrap">
        <table
          className="table console__table"
          aria-label={queueTitle}
          aria-rowcount={page.total + 1}
        >
          <thead>
            {table.getHeaderGroups().map((g) => (
              <tr key={g.id}>
                {g.headers.map((h) => {
                  const sortable =
                    h.column.id === "title" || h.column.id === "created_at";
                  const s = sortable
                    ? sortLink(h.column.id as "title" | "created_at")
                    : null;
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      data-col={h.column.id}
                      aria-sort={s ? s.aria : undefined}
                      className={
                        h.column.id === "select" ? "console__check" : undefined
                      }
                    >
                      {s ? (
                        <Link
                          to={s.to}
                          className="console__sort"
                          title={t("console.sortBy", {
                            column:
                              h.column.id === "title"
                                ? t("console.title")
                                : t("console.created"),
                          })}
                          preventScrollReset
                        >
                          {flexRender(
                            h.column.columnDef.header,
                            h.getContext()
                          )}
                          <span aria-hidden="true">
                            {s.active
                              ? page.dir === "asc"
                                ? " ▲"
                                : " ▼"
                              : " ↕"}
                          </span>
                        </Link>
                      ) : h.column.id === "select" && !page.decidable ? null : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => {
              const item = row.original;
              const expanded = !!open[item.id];
              const detailsId = `details-${item.id}`;
              return (
                <Fragment key={row.id}>
                  <tr
                    data-testid="queue-row"
                    aria-selected={row.getIsSelected()}
                  >
                    {row.getVisibleCells().map((cell) =>
                      cell.column.id === "actions" ? (
                        <td key={cell.id} data-col="actions">
                          <div className="console__actions">
                            <button
                              type="button"
                              className="btn btn--ghost btn--sm"
                              aria-expanded={expanded}
                              aria-controls={detailsId}
                              aria-label={t("console.detailsOf", {
                                title: item.title,
                              })}
                              onClick={() =>
                                setOpen((o) => ({
                                  ...o,
                                  [item.id]: !o[item.id],
                                }))
                              }
                            >
                              {expanded
                                ? t("console.hideDetails")
                                : t("console.details")}
                            </button>
                            {page.decidable ? (
                              <>
                                <Form method="post" onSubmit={() => decided([item.id], "approve")}>
                                  <input
                                    type="hidden"
                                    name="id"
                                    value={item.id}
                                  />
                                  {item.version ? (
                                    <input
                                      type="hidden"
                                      name="version"
                                      value={item.version}
                                    />
                                  ) : null}
                                  <PendingButton
                                    type="submit"
                                    name="decision"
                                    value="approve"
                                    data-decision="approve"
                                    className="btn btn--primary btn--sm"
                                    pending={busy}
                                    aria-label={`${t("console.approve")}: ${
                                      item.title
                                    }`}
                                  >
                                    {t("console.approve")}
                                  </PendingButton>
                                </Form>
                                <PendingButton
                                  type="button"
                                  className="btn btn--ghost btn--sm"
                                  data-decision="reject"
                                  pending={busy}
                                  aria-label={`${t("console.reject")}: ${
                                    item.title
                                  }`}
                                  onClick={() =>
                                    setDialog({
                                      kind: "reject",
                                      ids: [item.id],
                                      title: t("console.rejectTitle", {
                                        title: item.title,
                                      }),
                                    })
                                  }
                                >
                                  {t("console.reject")}
                                </PendingButton>
                                {page.queue === "companies" || page.queue === "institutions" ? (
                                  <PendingButton
                                    type="button"
                                    className="btn btn--ghost btn--sm"
                                    data-decision="merge"
                                    pending={busy}
                                    aria-label={`${t("console.merge")}: ${
                                      item.title
                                    }`}
                                    onClick={() =>
                                      setDialog({
                                        kind: "merge",
                                        ids: [item.id],
                                        title: t("console.mergeTitle", {
                                          title: item.title,
                                        }),
                                      })
                                    }
                                  >
                                    {t("console.merge")}
                                  </PendingButton>
                                ) : null}
                              </>
                            ) : null}
                          </div>
                        </td>
                      ) : (
                        <td
                          key={cell.id}
                          data-col={cell.column.id}
                          className={
                            cell.column.id === "select"
                              ? "console__check"
                              : undefined
                          }
                        >
                          {cell.column.id === "select" && !page.decidable
                            ? null
                            : flexRender(
                                cell.column.columnDef.cell,
                                cell.getContext()
                              )}
                        </td>
                      )
                    )}
                  </tr>
                  <tr
                    id={detailsId}
                    hidden={!expanded}
                    className="console__details"
                  >
                    <td colSpan={row.getVisibleCells().length}>
                      <dl>
                        <dt>ID</dt>
                        <dd>{item.id}</dd>
                        {Object.entries(item.details).map(([k, v]) => (
                          <Fragment key={k}>
                            <dt>
                              {t(`console.detail_${k}`, { defaultValue: k })}
                            </dt>
                            <dd>
                              {v === null
                                ? "—"
                                : ENUM_DETAILS.has(k)
                                  ? t(`console.value_${k}_${v}`, { defaultValue: String(v) })
                                  : String(v)}
                            </dd>
                          </Fragment>
                        ))}
                        {item.files?.length ? (
                          <>
                            <dt>{t("console.detail_files")}</dt>
                            <dd>
                              <ul className="console__files">
                                {item.files.map((f) => (
                                  <li key={f.id}>
                                    <a href={f.url} target="_blank" rel="noopener noreferrer">
                                      {f.name}
                                      <span className="visually-hidden"> {t("common.newTab")}</span>
                                    </a>
                                  </li>
                                ))}
                              </ul>
                            </dd>
                          </>
                        ) : null}
                      </dl>
                    </td>
                  </tr>
                </Fragment>
              );
            })}
          </tbody>
        </table>
        {page.items.length ? null : <p>{t("console.nothing")}</p>}
      </div>

      <nav
        className="console__pager"
        aria-label={t("console.page", { page: page.page, pages: page.pages })}
      >
        <span>{t("console.total", { count: page.total })}</span>
        {page.page > 1 ? (
          <Link to={href({ page: page.page - 1 })}>{t("console.prev")}</Link>
        ) : null}
        <span aria-current="page">
          {t("console.page", { page: page.page, pages: page.pages })}
        </span>
        {page.page < page.pages ? (
          <Link to={href({ page: page.page + 1 })}>{t("console.next")}</Link>
        ) : null}
      </nav>

      <Modal
        open={!!dialog}
        onClose={() => setDialog(null)}
        title={dialog?.title ?? ""}
      >
        {dialog ? (
          <Form method="post" className="console__dialog" noValidate onSubmit={() => decided(dialog.ids, dialog.kind)}>
            {dialog.ids.length === 1 ? (
              <input type="hidden" name="id" value={dialog.ids[0]} />
            ) : (
              <input type="hidden" name="ids" value={dialog.ids.join(",")} />
            )}
            <input type="hidden" name="decision" value={dialog.kind} />
            {dialog.kind === "reject" ? (
              <>
                <label className="field__label" htmlFor="decision-reason">
                  {t("console.reason")}
                </label>
                <textarea
                  ref={firstField}
                  id="decision-reason"
                  className="field__input"
                  name="reason"
                  required
                  maxLength={LIMITS.decisionReason}
                  rows={4}
                  aria-invalid={fieldErrors?.reason ? true : undefined}
                  aria-describedby={fieldErrors?.reason ? "decision-reason-error" : undefined}
                />
                <FieldMessage id="decision-reason-error" messages={fieldErrors?.reason} />
                {dialog.ids.length > 1 ? (
                  <ul className="console__dialog-list">
                    {dialog.ids.map((id) => (
                      <li key={id}>{titles.get(id) ?? `#${id}`}</li>
                    ))}
                  </ul>
                ) : null}
              </>
            ) : (
              <>
                <label className="field__label" htmlFor="merge-into">
                  {t("console.mergeInto")}
                </label>
                <input
                  ref={firstField}
                  id="merge-into"
                  className="field__input"
                  name="merge_into_id"
                  type="number"
                  min={1}
                  required
                  inputMode="numeric"
                  aria-invalid={fieldErrors?.merge_into_id ? true : undefined}
                  aria-describedby={fieldErrors?.merge_into_id ? "merge-into-error merge-hint" : "merge-hint"}
                />
                <FieldMessage id="merge-into-error" messages={fieldErrors?.merge_into_id} />
                <p className="field__hint" id="merge-hint">{t("console.mergeHint")}</p>
                <label className="field__label" htmlFor="merge-reason">
                  {t("console.reason")}
                </label>
                <textarea
                  id="merge-reason"
                  className="field__input"
                  name="reason"
                  maxLength={LIMITS.decisionReason}
                  rows={2}
                  aria-invalid={fieldErrors?.reason ? true : undefined}
                  aria-describedby={fieldErrors?.reason ? "merge-reason-error" : undefined}
                />
                <FieldMessage id="merge-reason-error" messages={fieldErrors?.reason} />
              </>
            )}
            {refusal && !fieldErrors?.reason && !fieldErrors?.merge_into_id ? <FormError message={refusal.message} /> : null}
            <div className="modal__actions">
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => setDialog(null)}
              >
                {t("console.cancel")}
              </button>
              <PendingButton
                type="submit"
                className="btn btn--primary"
                pending={busy}
              >
                {dialog.kind === "reject"
                  ? t("console.reject")
                  : t("console.merge")}
              </PendingButton>
            </div>
          </Form>
        ) : null}
      </Modal>
    </section>
  );
}
