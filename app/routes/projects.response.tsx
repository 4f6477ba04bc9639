import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SectionPlaceholder } from "~/components/section-placeholder";
import { requireUser } from "~/web/page.server";

export const handle = { titleKey: "projects.responseTitle" };

/** /projects/response: a placeholder until the requests issue (document 3) brings the list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  return data({});
}

export default function ProjectsResponse() {
  return <SectionPlaceholder titleKey="projects.responseTitle" textKey="projects.responseSoon" level={2} />;
}
