import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getSettings, saveSettings } from "~/domain/admin/settings.server";
import { Field, FormError } from "~/components/ui/field";
import { PROMO_INTERVAL_MAX } from "~/domain/limits";
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

/**
 * An unchecked box sends nothing, so each switch says what it was when the page was loaded (`<name>_was`):
 * only the switches this operator moved are saved, and another operator's change since stays (and is not
 * written, or audited, as this one's).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireAdmin(context, request);
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    const moved = SWITCHES.filter(([name]) => form[`${name}_was`] === undefined || (form[name] === "1") !== (form[`${name}_was`] === "1"));
    const promo = form.promo_interval_minutes !== undefined && form.promo_interval_minutes !== form.promo_interval_minutes_was ? { promo_interval_minutes: form.promo_interval_minutes } : {};
    return await saveSettings(context.ctx, actor, { ...Object.fromEntries(moved.map(([name]) => [name, form[name] === "1"])), ...promo });
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
              <input type="hidden" name={`${name}_was`} value={settings[name] ? "1" : "0"} />
              <input type="checkbox" name={name} value="1" defaultChecked={settings[name]} />
              {t(label)}
            </label>
          ))}
        </fieldset>
        <p className="field__hint">{t("console.settingsHint")}</p>
        <input type="hidden" name="promo_interval_minutes_was" value={String(settings.promo_interval_minutes)} />
        <Field
          label={t("console.promoInterval")}
          name="promo_interval_minutes"
          type="number"
          inputMode="numeric"
          min={0}
          max={PROMO_INTERVAL_MAX}
          step={1}
          required
          defaultValue={settings.promo_interval_minutes}
          hint={t("console.promoIntervalHint")}
          errors={actionData && "errors" in actionData ? actionData.errors?.promo_interval_minutes : undefined}
        />
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
