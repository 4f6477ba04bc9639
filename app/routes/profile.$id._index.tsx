import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProfilePage } from "~/components/profile/profile-page";
import { publicProfileLoader } from "~/server/public-profile.server";
import profileStyles from "~/styles/profile.css?url";

export const handle = { titleKey: "profile.title" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: profileStyles }];

/** Someone else's profile, read-only (spec 2 §2; app/server/public-profile.server.ts). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return data(await publicProfileLoader(context, request, params.id));
}

export default function PublicProfile() {
  return <ProfilePage data={useLoaderData<typeof loader>()} />;
}
