import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CompanyPicker } from "~/components/invite/company-picker";
import { InvitePage } from "~/components/invite/invite-form";
import { createInvite } from "~/domain/invites/invites.server";
import { PageTexts } from "~/lib/i18n";
import { pageTexts } from "~/server/page-texts.server";
import { formObject, requireUser, runAction } from "~/server/page.server";
import inviteStyles from "~/styles/invite.css?url";

export const handle = { titleKey: "invite.companyTitle" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: inviteStyles }];

/** spec 2 §2 'Invitation pages': signed-in (and, spec README, verified) users only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  return data({ texts: pageTexts(context, "invitePage") });
}

/** POST /api/invite's rule, from the page (spec 2 §2). */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireUser(context, request);
  const result = await runAction(context, async () => createInvite(context.ctx, actor, { ...(await formObject(request)), expert_type: "company" }));
  if (!result.ok) return data(result.body, result.init);
  return data({ sent: true as const, email: result.value.invite.email });
}

export default function InviteCompany() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <InvitePage kind="company" CompanyField={CompanyPicker} />
    </PageTexts>
  );
}
