import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProfilePage } from "~/components/profile/profile-page";
import { requireUser } from "~/web/page.server";
import { loadProfilePage, profileAction } from "~/web/profile-page.server";
import profileStyles from "~/styles/profile.css?url";

export const handle = { titleKey: "profile.title" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: profileStyles }];

/** spec 2 §2: the owner's profile, where everything is edited. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireUser(context, request);
  return data(await loadProfilePage(context, actor, actor.user.id, "own"));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireUser(context, request);
  return profileAction(context, actor, request);
}

export default function ProfileInformation() {
  return <ProfilePage data={useLoaderData<typeof loader>()} />;
}
