import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ExpertProjectList } from "~/components/expert-projects/expert-project-list";
import { PAGE_TABS, type PageTab } from "~/domain/responds/expert-projects";
import { declineInvitation, expertProjectsPage } from "~/domain/responds/expert-projects.server";
import { idField } from "~/domain/validation";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { pageTexts } from "~/web/page-texts.server";
import { formObject, requireUser, runAction } from "~/web/page.server";

export const handle = { titleKey: "projects.responseTitle" };

/**
 * /projects/response (spec 3 §2): the expert's invitations and responses by tab, 3 per page
 * (`?group=<tab>&page=` pages one tab; the hash picks the tab), with the decline of an invitation.
 * `?decline=<request id>` shows the 'Удалить' choice of that invitation without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireUser(context, request);
  const url = new URL(request.url);
  const tabs = await expertProjectsPage(context.ctx, actor, Object.fromEntries(url.searchParams));
  const group = url.searchParams.get("group");
  const decline = idField.safeParse(url.searchParams.get("decline"));
  return data({
    texts: pageTexts(context, "responsesPage"),
    tabs,
    pagedTab: group && group in PAGE_TABS ? (group as PageTab) : null,
    confirming: decline.success ? decline.data : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireUser(context, request);
  const result = await runAction(context, async () => {
    const input = await formObject(request);
    return input.intent === "decline" ? await declineInvitation(context.ctx, actor, input) : null;
  });
  if (!result.ok) return data({ ok: false as const, ...result.body }, result.init);
  return data({ ok: true as const });
}

export default function ProjectsResponse() {
  const { texts, tabs, pagedTab, confirming } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <PageTexts texts={texts}>
      <ActionNotice answer={answer} />
      <ExpertProjectList tabs={tabs} pagedTab={pagedTab} confirming={confirming} />
    </PageTexts>
  );
}

/** The decline's outcome, announced to screen readers too. */
function ActionNotice({ answer }: { answer: { ok: boolean; message?: string } | undefined }) {
  const { t } = useTranslation();
  if (!answer) return null;
  return answer.ok ? (
    <p className="xprojects__notice" role="status">
      {t("responsesPage.removed")}
    </p>
  ) : (
    <p className="xprojects__notice xprojects__notice--error" role="alert">
      {answer.message ?? t("common.errorTitle")}
    </p>
  );
}
