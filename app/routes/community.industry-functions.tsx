import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SectionPlaceholder } from "~/components/section-placeholder";
import { requireUser } from "~/server/page.server";

export const handle = { titleKey: "community.industryFunctions" };

/** /community/industry-functions: a placeholder until the communities issue (document 3) brings the directory. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  return data({});
}

export default function CommunityIndustryFunctions() {
  return <SectionPlaceholder titleKey="community.industryFunctions" textKey="community.soon" level={2} />;
}
