import { data, redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProfilePage } from "~/components/profile/profile-page";
import { publicProfileLoader } from "~/web/public-profile.server";
import { requireUser } from "~/web/page.server";
import profileStyles from "~/styles/profile.css?url";

export const handle = { titleKey: "profile.title" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: profileStyles }];

/**
 * Someone else's profile, read-only (spec 2 §2): /profile/{id} and its children information and expert,
 * one route (every route adds to the manifest each page downloads). Any other child is the 404 page.
 * `/profile/expert` and `/profile/profile`, children of the own profile in spec 2 §2, land here too: the
 * first is the own profile read-only ('a path ending in expert'), the own view others get with its
 * contacts; the second, a placeholder in the spec, is the own profile to edit (decision 0013).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (params.tab === undefined && (params.id === "expert" || params.id === "profile")) {
    const actor = requireUser(context, request);
    throw redirect(params.id === "expert" ? `/profile/${actor.user.id}/expert` : "/profile/information");
  }
  if (params.tab !== undefined && params.tab !== "information" && params.tab !== "expert") throw new Response("Not Found", { status: 404 });
  return data(await publicProfileLoader(context, request, params.id));
}

export default function PublicProfile() {
  return <ProfilePage data={useLoaderData<typeof loader>()} />;
}
