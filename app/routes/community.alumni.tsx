import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CommunityDirectory } from "~/components/communities/community-directory";
import { communityTabLoader } from "~/web/community-page.server";

export const handle = { titleKey: "community.alumni" };

/** /community/alumni: the communities of type `alumni` that fit the user's profile (spec 3 §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return await communityTabLoader(context, request, "alumni");
}

export default function CommunityAlumni() {
  return <CommunityDirectory />;
}
