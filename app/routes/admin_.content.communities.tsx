import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { adminCommunities, saveCommunity } from "~/domain/admin/content.server";
import { CONTENT_LIMITS } from "~/domain/limits";
import { DomainError } from "~/domain/errors";
import { idOrNotFound } from "~/domain/validation";
import { FieldMessage, invalidProps } from "~/components/admin/field-message";
import { FormError } from "~/components/ui/field";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { formObject, requireAdmin, runAction, type ActionErrors } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import adminStyles from "~/styles/admin.css?url";

export const handle = { titleKey: "admin.content" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const texts = pageTexts(context, "console", "consoleContent");
  try {
    return data({ texts, list: await adminCommunities(context.ctx, actor, { search: params.get("q") ?? undefined, page: params.get("page") ?? undefined }) });
  } catch (e) {
    if (e instanceof DomainError && e.kind === "validation") return data({ texts, list: await adminCommunities(context.ctx, actor, {}) });
    throw e;
  }
}

type Result = { form: string; message?: string; errors?: Record<string, string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireAdmin(context, request);
  let formKey = "";
  const result = await runAction(context, async (): Promise<Result> => {
    const form = await formObject(request);
    formKey = String(form.form_key ?? "");
    const id = form.id ? idOrNotFound(form.id) : null;
    return { form: formKey, message: (await saveCommunity(context.ctx, actor, id, form)).message };
  });
  if (!result.ok) return data({ form: formKey, ...(result.body as ActionErrors) } as Result, result.init);
  return data(result.value);
}

/** Communities (issue 15): name, chat, and the industry and function (or institution or company) they belong to. */
export default function AdminCommunities() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <AdminCommunitiesPage />
    </PageTexts>
  );
}

type Item = ReturnType<typeof useLoaderData<typeof loader>>["list"]["items"][number];

function CommunityForm({ item }: { item?: Item }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const busy = navigation.state !== "idle";
  const formKey = item ? `c${item.id}` : "new";
  const mine = actionData?.form === formKey ? actionData : null;
  const errors: Record<string, string[]> = mine?.errors ?? {};
  const shown = ["type", "name", "chat_name", "chat_link", "industry_id", "option_id", "institution_id", "company_id"];
  // What no field shows beside it (the form as a whole).
  const rest = Object.entries(errors).filter(([f]) => !shown.includes(f));
  const errorId = (name: string) => `${formKey}-${name}-error`;
  const field = (name: keyof Item & string, label: string, extra: Record<string, unknown> = {}) => (
    <div className="console__field">
      <label>
        <span className="field__label">{label}</span>
        <input className="field__input" name={name} defaultValue={item?.[name] === null || item?.[name] === undefined ? "" : String(item[name])} {...extra} {...invalidProps(errorId(name), errors[name])} />
      </label>
      <FieldMessage id={errorId(name)} messages={errors[name]?.slice(0, 1)} />
    </div>
  );
  return (
    <Form method="post" className="console__content-form" noValidate>
      <input type="hidden" name="form_key" value={formKey} />
      {item ? <input type="hidden" name="id" value={item.id} /> : null}
      <div className="console__field">
        <label>
          <span className="field__label">{t("consoleContent.type")}</span>
          <select className="field__input" name="type" defaultValue={item?.type ?? "tribe"} {...invalidProps(errorId("type"), errors.type)}>
            {(["tribe", "option", "alumni"] as const).map((type) => (
              <option key={type} value={type}>
                {t(`consoleContent.type_${type}`)}
              </option>
            ))}
          </select>
        </label>
        <FieldMessage id={errorId("type")} messages={errors.type?.slice(0, 1)} />
      </div>
      {field("name", t("consoleContent.name"), { required: true, maxLength: CONTENT_LIMITS.communityName })}
      {field("chat_name", t("consoleContent.chatName"), { maxLength: CONTENT_LIMITS.communityName })}
      {field("chat_link", t("consoleContent.chatLink"), { type: "url", maxLength: CONTENT_LIMITS.link })}
      {field("industry_id", t("consoleContent.industryId"), { type: "number", min: 1, inputMode: "numeric" })}
      {field("option_id", t("consoleContent.optionId"), { type: "number", min: 1, inputMode: "numeric" })}
      {field("institution_id", t("consoleContent.institutionId"), { type: "number", min: 1, inputMode: "numeric" })}
      {field("company_id", t("consoleContent.companyId"), { type: "number", min: 1, inputMode: "numeric" })}
      {rest.length ? <FormError message={rest.map(([, m]) => m[0]).join("; ")} /> : null}
      {mine && !Object.keys(errors).length && mine.message ? (
        <p className="banner banner--success" role="status">
          {mine.message}
        </p>
      ) : null}
      <div className="console__buttons">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {item ? t("consoleContent.save") : t("consoleContent.addCommunity")}
        </button>
      </div>
    </Form>
  );
}

function AdminCommunitiesPage() {
  const { list } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const href = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next.toString()}`;
  };
  return (
    <section className="page console">
      <p>
        <Link to="/admin/content">{t("consoleContent.back")}</Link>
      </p>
      <h1>{t("consoleContent.communities")}</h1>
      <p>{t("consoleContent.lead")}</p>
      <Form method="get" className="console__filter" role="search">
        <label className="field__label" htmlFor="communities-search">
          {t("consoleContent.search")}
        </label>
        <input id="communities-search" className="field__input" name="q" type="search" defaultValue={list.search} maxLength={100} />
        <button className="btn btn--ghost btn--sm" type="submit">
          {t("consoleContent.find")}
        </button>
      </Form>
      <p role="status">{t("consoleContent.total", { count: list.total })}</p>
      {list.items.length ? null : <p>{t("consoleContent.nothing")}</p>}
      {list.items.map((c) => (
        <details key={c.id} className="console__faq-item" open={actionData?.form === `c${c.id}`} data-testid="community">
          <summary>
            {c.name} · {t(`consoleContent.type_${c.type}`)} · {[c.industry, c.option, c.institution, c.company].filter(Boolean).join(", ")}
          </summary>
          <CommunityForm item={c} />
        </details>
      ))}
      <nav className="console__pager" aria-label={t("consoleContent.page", { page: list.page, pages: list.pages })}>
        <span>{t("consoleContent.page", { page: list.page, pages: list.pages })}</span>
        {list.page > 1 ? <Link to={href(list.page - 1)}>{t("consoleContent.prev")}</Link> : null}
        {list.page < list.pages ? <Link to={href(list.page + 1)}>{t("consoleContent.next")}</Link> : null}
      </nav>
      <section className="card" aria-labelledby="add-community">
        <h2 id="add-community">{t("consoleContent.addCommunity")}</h2>
        <CommunityForm />
      </section>
    </section>
  );
}
