import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useParams } from "@remix-run/react";
import { CompleteProjectPage } from "~/components/projects/complete-project";
import { PageTexts } from "~/lib/i18n";
import styles from "~/styles/complete-project.css?url";
import { completeProjectAction, completeProjectLoader } from "~/web/complete-project-page.server";

export const handle = { titleKey: "projects.completeTitle" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** /complete-project/{id} and its child respond/{respondId} (spec 3 §2 'Complete project page'). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return await completeProjectLoader(context, request, params);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return await completeProjectAction(context, request, params);
}

export default function CompleteProject() {
  const data = useLoaderData<typeof loader>();
  const { respondId } = useParams();
  return (
    <PageTexts texts={data.texts}>
      <CompleteProjectPage data={data} respondId={respondId && /^\d+$/.test(respondId) ? Number(respondId) : null} />
      <Outlet />
    </PageTexts>
  );
}
