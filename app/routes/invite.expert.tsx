import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { InviteForm } from "~/components/invite/invite-form";
import { createInvite } from "~/domain/invites/invites.server";
import { useTranslation } from "~/lib/i18n";
import { formObject, requireUser, runAction } from "~/server/page.server";

export const handle = { titleKey: "invite.expertTitle" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  return data({});
}

/** POST /api/invite's rule, from the page (spec 2 §2). */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireUser(context, request);
  const result = await runAction(context, async () => createInvite(context.ctx, actor, { ...(await formObject(request)), expert_type: "individual" }));
  if (!result.ok) return data(result.body, result.init);
  return data({ sent: true as const, email: result.value.invite.email });
}

export default function InviteExpert() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("invite.expertTitle")}</h1>
      <InviteForm kind="individual" />
    </>
  );
}
