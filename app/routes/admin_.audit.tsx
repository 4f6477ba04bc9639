import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { auditPage } from "~/domain/admin/audit.server";
import { ConsoleList } from "~/components/admin/console-list";
import { AuditHead, auditActionLabel, auditActorLabel, auditTargetLabel } from "~/components/admin/audit-entry";
import { formatDateTime } from "~/lib/format";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { readOrFirstPage, requireAdmin } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import adminStyles from "~/styles/admin.css?url";

export const handle = { titleKey: "admin.audit" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireAdmin(context, request);
  const query = Object.fromEntries([...new URL(request.url).searchParams].filter(([, v]) => v !== ""));
  return data({ texts: pageTexts(context, "console"), audit: await readOrFirstPage((q) => auditPage(context.ctx, actor, q), query) });
}

/** The audit log (spec README): who did what, when and why; newest first, filtered; read only. */
export default function AdminAudit() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <AdminAuditPage />
    </PageTexts>
  );
}

function AdminAuditPage() {
  const { audit } = useLoaderData<typeof loader>();
  const { t, lang } = useTranslation();
  return (
    <ConsoleList
      title={t("console.auditLog")}
      filter={
        <>
          <label className="field__label" htmlFor="audit-action">
            {t("console.auditAction")}
          </label>
          <input id="audit-action" className="field__input" name="action" type="search" defaultValue={audit.action} placeholder="moderation." maxLength={100} />
          <label className="field__label" htmlFor="audit-actor">
            {t("console.auditActor")}
          </label>
          <input id="audit-actor" className="field__input" name="actor" type="number" min={1} inputMode="numeric" defaultValue={audit.actor ?? ""} />
          <button className="btn btn--ghost btn--sm" type="submit">
            {t("console.apply")}
          </button>
        </>
      }
      empty={audit.items.length ? null : t("console.auditEmpty")}
      pager={{
        page: audit.page,
        label: t("console.page", { page: audit.page, pages: audit.has_more ? audit.page + 1 : audit.page }),
        current: audit.page,
        hasPrev: audit.page > 1,
        hasNext: audit.has_more,
        prev: t("console.prev"),
        next: t("console.next"),
      }}
    >
      <table className="table console__stack" aria-label={t("console.auditLog")}>
        <AuditHead t={t} reason />
        <tbody>
          {audit.items.map((a) => (
            <tr key={a.id} data-testid="audit-row">
              <td data-label={t("console.auditWhen")}>
                <time dateTime={a.created_at}>{formatDateTime(a.created_at, lang)}</time>
              </td>
              <td data-label={t("console.auditAction")}>
                {/* What happened in words; the key under it is what the filter takes. */}
                {auditActionLabel(t, a.action)}
                <code className="console__key">{a.action}</code>
              </td>
              <td className="console__nowrap" data-label={t("console.auditWhat")}>{auditTargetLabel(t, a.target_type, a.target_id)}</td>
              <td data-label={t("console.auditWho")}>{auditActorLabel(t, a.actor, a.impersonator)}</td>
              <td data-label={t("console.auditReason")}>{a.reason ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ConsoleList>
  );
}
