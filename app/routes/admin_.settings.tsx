import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getSettings, saveSettings } from "~/domain/admin/settings.server";
import { FormError } from "~/components/ui/field";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { formObject, requireAdmin, runAction, type ActionErrors } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import adminStyles from "~/styles/admin.css?url";

export const handle = { titleKey: "admin.moderationSettings" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

const SWITCHES = [
  ["moderate_demands", "console.moderateDemands"],
  ["moderate_responds", "console.moderateResponds"],
  ["moderate_services", "console.moderateServices"],
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireAdmin(context, request);
  return data({ texts: pageTexts(context, "console"), settings: await getSettings(context.ctx, actor) });
}

/** An unchecked box sends nothing: every switch is sent explicitly, so unchecking turns it off. */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireAdmin(context, request);
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    return await saveSettings(context.ctx, actor, Object.fromEntries(SWITCHES.map(([name]) => [name, form[name] === "1"])));
  });
  if (!result.ok) return data(result.body as ActionErrors | { message: string }, result.init);
  return data({ message: result.value.message } as ActionErrors | { message: string });
}

/** Moderation on or off per kind (spec README "The operator's calls"). */
export default function AdminSettings() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <AdminSettingsPage />
    </PageTexts>
  );
}

function AdminSettingsPage() {
  const { settings } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  return (
    <section className="page console">
      <p>
        <Link to="/admin">{t("console.back")}</Link>
      </p>
      <h1>{t("console.settings")}</h1>
      <Form method="post" className="card">
        <fieldset className="console__switches">
          <legend className="visually-hidden">{t("console.settings")}</legend>
          {SWITCHES.map(([name, label]) => (
            <label key={name}>
              <input type="checkbox" name={name} value="1" defaultChecked={settings[name]} />
              {t(label)}
            </label>
          ))}
        </fieldset>
        <p className="field__hint">{t("console.settingsHint")}</p>
        {actionData && "errors" in actionData ? <FormError message={actionData.message} /> : null}
        {actionData && !("errors" in actionData) ? (
          <p className="banner banner--success" role="status">
            {actionData.message}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={navigation.state !== "idle"}>
          {t("console.save")}
        </button>
      </Form>
    </section>
  );
}
