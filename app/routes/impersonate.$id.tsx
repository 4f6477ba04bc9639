import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { impersonate } from "~/domain/auth/impersonation.server";
import { FormError } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useTranslation } from "~/lib/i18n";
import { prevSessionCookie, runAction, sessionCookie, type ActionErrors } from "~/web/page.server";
import { requestToken } from "~/server/session.server";

export const handle = { titleKey: "impersonate.title" };

/** /impersonate/{id}-{hash} (spec 1 §2). The id is numeric, the hash follows the first dash. */
function parseParam(param: string | undefined) {
  const m = /^(\d{1,10})-([A-Za-z0-9_-]{10,200})$/.exec(param ?? "");
  return m ? { id: m[1]!, hash: m[2]! } : null;
}

export async function loader({ params }: LoaderFunctionArgs) {
  return data({ valid: !!parseParam(params.id) });
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const parsed = parseParam(params.id);
  const own = requestToken(context.ctx, request).token;
  const result = await runAction(context, () => impersonate(context.ctx, context.actor, parsed ?? { id: 0, hash: "" }));
  if (!result.ok) {
    console.warn(JSON.stringify({ level: "warn", requestId: context.ctx.requestId, msg: "impersonation refused" }));
    return data(result.body, result.init);
  }
  // spec 1 §4: the operator's token is kept as the previous one and swapped for the user's.
  const headers = new Headers();
  headers.append("Set-Cookie", prevSessionCookie(context, own));
  headers.append("Set-Cookie", sessionCookie(context, result.value.token));
  return redirect("/", { headers });
}

export default function ImpersonatePage() {
  const { valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionErrors>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const ref = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const { t } = useTranslation();
  useEffect(() => {
    if (valid && !sent.current && ref.current) {
      sent.current = true;
      submit(ref.current, { method: "post" });
    }
  }, [valid, submit]);
  return (
    <section className="page page--narrow">
      <div className="card">
        <h1>{t("impersonate.title")}</h1>
        {!valid || actionData ? <FormError message={actionData?.message ?? t("impersonate.failed")} /> : null}
        {valid ? (
          <Form method="post" ref={ref} reloadDocument>
            <SubmitButton pending={navigation.state !== "idle"}>{t("common.next")}</SubmitButton>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
