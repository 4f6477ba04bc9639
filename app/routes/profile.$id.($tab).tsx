import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProfilePage } from "~/components/profile/profile-page";
import { publicProfileLoader } from "~/web/public-profile.server";
import profileStyles from "~/styles/profile.css?url";

export const handle = { titleKey: "profile.title" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: profileStyles }];

/**
 * Someone else's profile, read-only (spec 2 §2): /profile/{id} and its children information and expert,
 * one route (every route adds to the manifest each page downloads). Any other child is the 404 page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (params.tab !== undefined && params.tab !== "information" && params.tab !== "expert") throw new Response("Not Found", { status: 404 });
  return data(await publicProfileLoader(context, request, params.id));
}

export default function PublicProfile() {
  return <ProfilePage data={useLoaderData<typeof loader>()} />;
}
