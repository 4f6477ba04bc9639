import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SectionPlaceholder } from "~/components/section-placeholder";
import { requireUser } from "~/server/page.server";

export const handle = { titleKey: "community.functions" };

/** /community/functions: a placeholder until the communities issue (document 3) brings the directory. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  return data({});
}

export default function CommunityFunctions() {
  return <SectionPlaceholder titleKey="community.functions" textKey="community.soon" level={2} />;
}
