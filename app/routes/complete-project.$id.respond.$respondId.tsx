import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { completeProjectAction } from "~/web/complete-project-page.server";

/**
 * /complete-project/{id}/respond/{respondId}: the parent page shows the chosen respondent (its `respondId`
 * param); this child only carries the URL and posts 'Завершить проект' like the parent.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return await completeProjectAction(context, request, params);
}

export default function CompleteProjectRespond() {
  return null;
}
