import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState, type InputHTMLAttributes } from "react";
import { contentOverview, saveFooter, saveLandingFigures, saveSupport } from "~/domain/admin/content.server";
import { LandingStats } from "~/components/landing/landing-stats";
import { FieldMessage, invalidProps } from "~/components/admin/field-message";
import { FormError } from "~/components/ui/field";
import { CONTENT_LIMITS, LIMITS } from "~/domain/limits";
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

/** The refusals of the form that was sent (`intent`), by field: `experts`, `email`, `social_services.0.link`… */
function useErrors(intent: string): Record<string, string[]> {
  const actionData = useActionData<typeof action>();
  return actionData?.intent === intent ? (actionData.errors ?? {}) : {};
}

/** A refusal's id for the field that `aria-describedby` names. */
const errorId = (intent: string, field: string) => `${intent}-${field.replace(/\./g, "-")}-error`;

/**
 * What the server refused that no field of the form shows beside it (the form as a whole, too many social
 * rows), each named by its label.
 */
function Errors({ intent, shown }: { intent: string; shown: (field: string) => boolean }) {
  const { t } = useTranslation();
  const rest = Object.entries(useErrors(intent)).filter(([f]) => !shown(f));
  if (!rest.length) return null;
  const label = (f: string) => (f === "form" ? "" : f === "social_services" ? `${t("consoleContent.socialServices")}: ` : `${f}: `);
  return <FormError message={rest.map(([f, m]) => `${label(f)}${m[0]}`).join("; ")} />;
}

/** One input with its label and, below it, the server's refusal of it. */
function Input({ intent, name, field = name, label, errors, ...input }: { intent: string; name: string; field?: string; label: string; errors: Record<string, string[]> } & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  const id = errorId(intent, field);
  return (
    <div className="console__field">
      <label>
        <span className="field__label">{label}</span>
        <input className="field__input" name={name} {...input} {...invalidProps(id, errors[field])} />
      </label>
      <FieldMessage id={id} messages={errors[field]?.slice(0, 1)} />
    </div>
  );
}

const SOCIAL_FIELD = /^social_services\.\d+\.(code|name|link)$/;

function SocialRows({ rows, intent }: { rows: { code: string; name: string; link: string }[]; intent: string }) {
  const { t } = useTranslation();
  const errors = useErrors(intent);
  const all = [...rows, { code: "", name: "", link: "" }];
  return (
    <fieldset className="console__socials">
      <legend>{t("consoleContent.socialServices")}</legend>
      {all.map((r, i) => (
        <div key={i} className="console__social-row" role="group" aria-label={t("consoleContent.socialRow", { n: i + 1 })}>
          <Input intent={intent} errors={errors} name={`social_services[${i}][code]`} field={`social_services.${i}.code`} label={t("consoleContent.socialCode")} defaultValue={r.code} maxLength={CONTENT_LIMITS.code} id={`${intent}-code-${i}`} />
          <Input intent={intent} errors={errors} name={`social_services[${i}][name]`} field={`social_services.${i}.name`} label={t("consoleContent.socialName")} defaultValue={r.name} maxLength={CONTENT_LIMITS.groupName} />
          <Input intent={intent} errors={errors} name={`social_services[${i}][link]`} field={`social_services.${i}.link`} label={t("consoleContent.socialLink")} defaultValue={r.link} maxLength={CONTENT_LIMITS.link} type="url" />
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
  const figureErrors = useErrors("figures");
  const footerErrors = useErrors("footer");
  const supportErrors = useErrors("support");
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

      <Form method="post" className="card console__content-form" aria-labelledby="figures-title" noValidate>
        <h2 id="figures-title">{t("consoleContent.figures")}</h2>
        <input type="hidden" name="intent" value="figures" />
        {(["experts", "areas", "competences"] as const).map((k) => (
          <Input key={k} intent="figures" errors={figureErrors} name={k} label={t(`consoleContent.figures${k[0]!.toUpperCase()}${k.slice(1)}`)} required maxLength={CONTENT_LIMITS.figure} defaultValue={content.landing_figures[k]} onChange={(e) => setFigures({ ...figures, [k]: e.target.value })} />
        ))}
        <div className="console__preview" aria-label={t("consoleContent.previewTitle")} role="region">
          <p className="field__hint">{t("consoleContent.previewTitle")}</p>
          <div data-testid="figures-preview">
            <LandingStats figures={figures} className="lp-stats console__preview-stats" />
          </div>
        </div>
        <Errors intent="figures" shown={(f) => f in content.landing_figures} />
        <Outcome intent="figures" />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t("consoleContent.save")}
        </button>
      </Form>

      <Form method="post" className="card console__content-form" aria-labelledby="footer-title" noValidate>
        <h2 id="footer-title">{t("consoleContent.footer")}</h2>
        <input type="hidden" name="intent" value="footer" />
        <SocialRows rows={content.footer.social_services} intent="footer" />
        <Input intent="footer" errors={footerErrors} name="popup_url" label={t("consoleContent.popupUrl")} type="url" maxLength={CONTENT_LIMITS.link} defaultValue={content.footer.popup_url ?? ""} />
        <Errors intent="footer" shown={(f) => f === "popup_url" || SOCIAL_FIELD.test(f)} />
        <Outcome intent="footer" />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t("consoleContent.save")}
        </button>
      </Form>

      <Form method="post" className="card console__content-form" aria-labelledby="support-title" noValidate>
        <h2 id="support-title">{t("consoleContent.support")}</h2>
        <input type="hidden" name="intent" value="support" />
        <Input intent="support" errors={supportErrors} name="email" label={t("consoleContent.supportEmail")} type="email" required maxLength={LIMITS.emailMax} defaultValue={content.support.email} />
        <Input intent="support" errors={supportErrors} name="tel" label={t("consoleContent.supportTel")} type="tel" maxLength={LIMITS.phoneMax} defaultValue={content.support.tel} />
        <SocialRows rows={content.support.social_services} intent="support" />
        <Errors intent="support" shown={(f) => f === "email" || f === "tel" || SOCIAL_FIELD.test(f)} />
        <Outcome intent="support" />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t("consoleContent.save")}
        </button>
      </Form>
    </section>
  );
}
