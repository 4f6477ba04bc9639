import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { contentOverview, saveFooter, saveLandingFigures, saveSupport } from "~/domain/admin/content.server";
import { LandingStats } from "~/components/landing/landing-stats";
import { FormError } from "~/components/ui/field";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { formObject, requireAdmin, runAction, type ActionErrors } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import adminStyles from "~/styles/admin.css?url";

export const handle = { titleKey: "admin.content" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireAdmin(context, request);
  return data({ texts: pageTexts(context, "console", "consoleContent", "landingStats"), content: await contentOverview(context.ctx, actor) });
}

type Social = { code?: string; name?: string; link?: string };
/** The empty rows of the social links' table are left out (the form always offers one more). */
const socials = (rows: unknown) => (Array.isArray(rows) ? (rows as Social[]).filter((r) => r && (r.code || r.name || r.link)) : []);

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireAdmin(context, request);
  let intent = "";
  const result = await runAction(context, async () => {
    const form = await formObject(request);
    intent = String(form.intent ?? "");
    if (intent === "figures") return await saveLandingFigures(context.ctx, actor, form);
    if (intent === "footer") return await saveFooter(context.ctx, actor, { popup_url: form.popup_url, social_services: socials(form.social_services) });
    return await saveSupport(context.ctx, actor, { email: form.email, tel: form.tel, social_services: socials(form.social_services) });
  });
  if (!result.ok) return data({ ...(result.body as ActionErrors), intent }, result.init);
  return data({ message: result.value.message, intent, errors: {} as Record<string, string[]> });
}

/** The operator's content (issue 15): the landing's figures, the footer, support; links to the FAQ and communities. */
export default function AdminContent() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <AdminContentPage />
    </PageTexts>
  );
}

function Outcome({ intent }: { intent: string }) {
  const actionData = useActionData<typeof action>();
  if (!actionData || actionData.intent !== intent || Object.keys(actionData.errors ?? {}).length || !actionData.message) return null;
  return (
    <p className="banner banner--success" role="status">
      {actionData.message}
    </p>
  );
}

function Errors({ intent }: { intent: string }) {
  const actionData = useActionData<typeof action>();
  if (!actionData || actionData.intent !== intent || !Object.keys(actionData.errors ?? {}).length) return null;
  return <FormError message={Object.entries(actionData.errors).map(([f, m]) => `${f}: ${m[0]}`).join("; ")} />;
}

function SocialRows({ rows, prefix }: { rows: { code: string; name: string; link: string }[]; prefix: string }) {
  const { t } = useTranslation();
  const all = [...rows, { code: "", name: "", link: "" }];
  return (
    <fieldset className="console__socials">
      <legend>{t("consoleContent.socialServices")}</legend>
      {all.map((r, i) => (
        <div key={i} className="console__social-row" role="group" aria-label={t("consoleContent.socialRow", { n: i + 1 })}>
          <label>
            <span className="field__label">{t("consoleContent.socialCode")}</span>
            <input className="field__input" name={`social_services[${i}][code]`} defaultValue={r.code} maxLength={20} id={`${prefix}-code-${i}`} />
          </label>
          <label>
            <span className="field__label">{t("consoleContent.socialName")}</span>
            <input className="field__input" name={`social_services[${i}][name]`} defaultValue={r.name} maxLength={100} />
          </label>
          <label>
            <span className="field__label">{t("consoleContent.socialLink")}</span>
            <input className="field__input" name={`social_services[${i}][link]`} defaultValue={r.link} maxLength={300} type="url" />
          </label>
        </div>
      ))}
    </fieldset>
  );
}

function AdminContentPage() {
  const { content } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { t } = useTranslation();
  // The figures' preview follows the inputs as they are typed.
  const [figures, setFigures] = useState(content.landing_figures);
  return (
    <section className="page console">
      <p>
        <Link to="/admin">{t("console.back")}</Link>
      </p>
      <h1>{t("consoleContent.title")}</h1>
      <p>{t("consoleContent.lead")}</p>
      <ul className="console__links">
        <li>
          <Link to="/admin/content/faq">{t("consoleContent.faq")}</Link>
        </li>
        <li>
          <Link to="/admin/content/communities">{t("consoleContent.communities")}</Link>
        </li>
      </ul>

      <Form method="post" className="card console__content-form" aria-labelledby="figures-title">
        <h2 id="figures-title">{t("consoleContent.figures")}</h2>
        <input type="hidden" name="intent" value="figures" />
        {(["experts", "areas", "competences"] as const).map((k) => (
          <label key={k}>
            <span className="field__label">{t(`consoleContent.figures${k[0]!.toUpperCase()}${k.slice(1)}`)}</span>
            <input className="field__input" name={k} required maxLength={12} defaultValue={content.landing_figures[k]} onChange={(e) => setFigures({ ...figures, [k]: e.target.value })} />
          </label>
        ))}
        <div className="console__preview" aria-label={t("consoleContent.previewTitle")} role="region">
          <p className="field__hint">{t("consoleContent.previewTitle")}</p>
          <div data-testid="figures-preview">
            <LandingStats figures={figures} className="lp-stats console__preview-stats" />
          </div>
        </div>
        <Errors intent="figures" />
        <Outcome intent="figures" />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t("consoleContent.save")}
        </button>
      </Form>

      <Form method="post" className="card console__content-form" aria-labelledby="footer-title">
        <h2 id="footer-title">{t("consoleContent.footer")}</h2>
        <input type="hidden" name="intent" value="footer" />
        <SocialRows rows={content.footer.social_services} prefix="footer" />
        <label>
          <span className="field__label">{t("consoleContent.popupUrl")}</span>
          <input className="field__input" name="popup_url" type="url" maxLength={300} defaultValue={content.footer.popup_url ?? ""} />
        </label>
        <Errors intent="footer" />
        <Outcome intent="footer" />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t("consoleContent.save")}
        </button>
      </Form>

      <Form method="post" className="card console__content-form" aria-labelledby="support-title">
        <h2 id="support-title">{t("consoleContent.support")}</h2>
        <input type="hidden" name="intent" value="support" />
        <label>
          <span className="field__label">{t("consoleContent.supportEmail")}</span>
          <input className="field__input" name="email" type="email" required maxLength={254} defaultValue={content.support.email} />
        </label>
        <label>
          <span className="field__label">{t("consoleContent.supportTel")}</span>
          <input className="field__input" name="tel" type="tel" maxLength={25} defaultValue={content.support.tel} />
        </label>
        <SocialRows rows={content.support.social_services} prefix="support" />
        <Errors intent="support" />
        <Outcome intent="support" />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t("consoleContent.save")}
        </button>
      </Form>
    </section>
  );
}
