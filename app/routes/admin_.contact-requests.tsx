import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { listContactRequests, markContactRequestDone } from "~/domain/support/support.server";
import { FormError } from "~/components/ui/field";
import { formatDateTime } from "~/lib/format";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { formObject, requireAdmin, runAction, type ActionErrors } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import adminStyles from "~/styles/admin.css?url";

export const handle = { titleKey: "console.callbacks" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireAdmin(context, request);
  const url = new URL(request.url);
  // An address edited by hand shows the first page of new requests rather than an error.
  const page = Number(url.searchParams.get("page"));
  const params = { status: url.searchParams.get("status") === "done" ? "done" : "new", page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
  return data({ texts: pageTexts(context, "console"), list: await listContactRequests(context.ctx, actor, params) });
}

/** "Called back": marks one request handled (the same call as POST /api/admin/contact-requests/{id}/done). */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireAdmin(context, request);
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    const id = Number(form.id);
    return await markContactRequestDone(context.ctx, actor, Number.isSafeInteger(id) && id > 0 ? id : 0);
  });
  if (!result.ok) return data(result.body as ActionErrors | { message: string }, result.init);
  return data({ message: result.value.message } as ActionErrors | { message: string });
}

/** The support block's callback requests (spec 1 §2): the operator calls back and marks each one. */
export default function AdminContactRequests() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <AdminContactRequestsPage />
    </PageTexts>
  );
}

function AdminContactRequestsPage() {
  const { list } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { t, lang } = useTranslation();
  const tab = (status: "new" | "done") => {
    const next = new URLSearchParams(params);
    next.set("status", status);
    next.delete("page");
    return `?${next}`;
  };
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next}`;
  };
  return (
    <section className="page console">
      <p>
        <Link to="/admin">{t("console.back")}</Link>
      </p>
      <h1>{t("console.callbacks")}</h1>
      <nav className="console__links" aria-label={t("console.callbacks")}>
        <Link to={tab("new")} aria-current={list.status === "new" ? "page" : undefined}>
          {t("console.callbacksNew")} ({list.waiting})
        </Link>{" "}
        <Link to={tab("done")} aria-current={list.status === "done" ? "page" : undefined}>
          {t("console.callbacksDone")}
        </Link>
      </nav>
      {actionData && "errors" in actionData ? <FormError message={actionData.message} /> : null}
      {actionData && !("errors" in actionData) ? (
        <p className="banner banner--success" role="status">
          {actionData.message}
        </p>
      ) : null}
      {list.items.length ? (
        <div className="table-wrap">
          <table className="table console__stack" aria-label={t("console.callbacks")}>
            <thead>
              <tr>
                <th scope="col">{t("console.callbackWhen")}</th>
                <th scope="col">{t("console.callbackName")}</th>
                <th scope="col">{t("console.callbackPhone")}</th>
                <th scope="col">{t("console.callbackAccount")}</th>
                {list.status === "new" ? <th scope="col"><span className="visually-hidden">{t("console.callbackMarkDone")}</span></th> : null}
              </tr>
            </thead>
            <tbody>
              {list.items.map((r) => (
                <tr key={r.id} data-testid="callback-row">
                  <td data-label={t("console.callbackWhen")}>{formatDateTime(r.createdAt, lang)}</td>
                  <td data-label={t("console.callbackName")}>{r.name}</td>
                  <td>
                    <a href={`tel:${r.phone.replace(/[^\d+]/g, "")}`}>{r.phone}</a>
                  </td>
                  <td data-label={t("console.callbackAccount")}>{r.userId ? <Link to={`/admin/users/${r.userId}`}>{r.email ?? `ID ${r.userId}`}</Link> : t("console.callbackGuest")}</td>
                  {list.status === "new" ? (
                    <td>
                      <Form method="post">
                        <input type="hidden" name="id" value={r.id} />
                        <button className="btn btn--ghost btn--sm" type="submit" disabled={navigation.state !== "idle"} aria-label={t("console.callbackMarkDoneFor", { name: r.name })}>
                          {t("console.callbackMarkDone")}
                        </button>
                      </Form>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t("console.callbacksEmpty")}</p>
      )}
      {list.page > 1 || list.hasMore ? (
        <nav className="console__pager">
          {list.page > 1 ? <Link to={pageHref(list.page - 1)}>{t("console.prev")}</Link> : null}{" "}
          {list.hasMore ? <Link to={pageHref(list.page + 1)}>{t("console.next")}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
