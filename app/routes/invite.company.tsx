import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CompanyPicker } from "~/components/invite/company-picker";
import { InvitePage } from "~/components/invite/invite-form";
import { PageTexts } from "~/lib/i18n";
import { inviteAction, inviteLoader } from "~/web/invite-page.server";
import inviteStyles from "~/styles/invite.css?url";

export const handle = { titleKey: "invite.companyTitle" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: inviteStyles }];

export const loader = ({ request, context }: LoaderFunctionArgs) => inviteLoader(context, request);

export const action = ({ request, context }: ActionFunctionArgs) => inviteAction(context, request, "company");

export default function InviteCompany() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <InvitePage kind="company" CompanyField={CompanyPicker} />
    </PageTexts>
  );
}
