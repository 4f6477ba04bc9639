import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { RespondForm } from "~/components/responds/respond-form";
import { SubmitButton } from "~/components/ui/submit-button";
import { DomainError } from "~/domain/errors";
import { declineInvitation } from "~/domain/responds/expert-projects.server";
import { respondPageData } from "~/domain/responds/page.server";
import { createRespond } from "~/domain/responds/respond.server";
import { inviteEmployee } from "~/domain/services/services.server";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { routeModeCookie } from "~/web/mode.server";
import { pageTexts } from "~/web/page-texts.server";
import { formObject, pageError, runAction, type ActionErrors, pageId } from "~/web/page.server";
import demandsStyles from "~/styles/demands.css?url";
import styles from "~/styles/responds.css?url";
// The team's add-employee dialog is the services' (its tabs and search results are styled there).
import servicesStyles from "~/styles/services.css?url";
import { formatNumber } from "~/lib/format";

export const handle = { titleKey: "projects.responseTitle" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: demandsStyles },
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: servicesStyles },
];

/**
 * /response-request/{id} (spec 3 §2 'Expert responses'): not behind the auth guard (spec 3 §2); a guest gets
 * the sign-in prompt, as GET /api/demand/short answers guests 401. A signed-in user sees the request as an
 * expert does with 'Откликнуться' (`?respond=true` opens the form) and, for an invitation, 'Не интересно' →
 * 'Удалить' (`?decline=1`): links, so the page works without script.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = pageId(params.id);
  const texts = pageTexts(context, "respondPage", "servicesPage");
  const actor = context.actor;
  if (!actor) return data({ texts, guest: true as const, id, page: null, meId: 0 });
  try {
    const headers = new Headers({ "Cache-Control": "private, no-store" });
    // An expert's page: the device switches to the expert mode (app/lib/mode.ts routeMode).
    const modeCookie = routeModeCookie(context, request);
    if (modeCookie) headers.append("Set-Cookie", modeCookie);
    return data({ texts, guest: false as const, id, page: await respondPageData(context.ctx, actor, id), meId: actor.user.id }, { headers });
  } catch (e) {
    if (e instanceof DomainError && e.kind === "not_found") throw new Response("Not found", { status: 404 });
    throw e;
  }
}

type Answer = (ActionErrors & { ok?: false }) | { ok: true; thanks: true } | { invited: { id: number; name: string; link: string } };

/** The form's three acts, each through its domain function: respond, decline the invitation, invite a new employee. */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const id = pageId(params.id);
  const actor = context.actor;
  if (!actor) return data({ message: context.ctx.t("errors.unauthorized"), errors: {} } satisfies ActionErrors, { status: 401 });
  let form: Record<string, unknown>;
  try {
    form = await formObject(request);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const { body, init } = pageError(context, e);
    return data(body, init);
  }
  switch (form.intent) {
    case "decline": {
      const result = await runAction(context, async () => await declineInvitation(context.ctx, actor, { demand_id: id }));
      if (!result.ok) return data(result.body, result.init);
      return redirect("/projects/response#invite");
    }
    case "invite": {
      const result = await runAction(context, async () => await inviteEmployee(context.ctx, actor, form));
      if (!result.ok) return data(result.body, result.init);
      const inv = result.value.invite;
      return data({ invited: { id: inv.id, name: `${inv.name} ${inv.lastName}`.trim(), link: result.value.link } });
    }
    default: {
      // The request is the page's, whatever the form says.
      const result = await runAction(context, async () => await createRespond(context.ctx, actor, { ...form, demand_id: id }));
      if (!result.ok) return data(result.body, result.init);
      return data({ ok: true as const, thanks: true as const });
    }
  }
}

export default function ResponseRequestRoute() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <ResponseRequest />
    </PageTexts>
  );
}

function ResponseRequest() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { t, lang } = useTranslation();
  const pending = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";

  if (loaded.guest)
    return (
      <section className="page page--narrow respond-page">
        <div className="card respond-page__notice" role="alert">
          <h1>{t("respondPage.guestTitle")}</h1>
          <p>{t("respondPage.guestText")}</p>
          <div className="respond-page__actions">
            <Link className="btn btn--primary" to={`/auth?redirectTo=${encodeURIComponent(`/response-request/${loaded.id}`)}`}>
              {t("respondPage.signIn")}
            </Link>
            <Link className="btn btn--ghost" to="/sign-up?role=expert">
              {t("respondPage.register")}
            </Link>
          </div>
        </div>
      </section>
    );

  const page = loaded.page!;
  if (answer && "thanks" in answer)
    return (
      <section className="page page--narrow respond-page">
        <div className="card respond-page__thanks" role="status">
          <h1>{t("respondPage.thanksTitle")}</h1>
          <p>{t("respondPage.thanksText")}</p>
          <Link className="btn btn--primary" to="/projects/response#sent" autoFocus>
            {t("respondPage.toProjects")}
          </Link>
        </div>
      </section>
    );

  if (!page.demand)
    return (
      <section className="page page--narrow respond-page">
        <div className="card respond-page__notice" role="alert">
          <h1>{t("respondPage.title")}</h1>
          <p>{page.closed ?? t("respondPage.searchFinished")}</p>
          <Link className="btn btn--ghost" to="/projects/response">
            {t("respondPage.back")}
          </Link>
        </div>
      </section>
    );

  const d = page.demand;
  const responded = page.responded;
  const invited = page.row?.status === "invite";
  const canRespond = !page.isOwner && !responded;
  const formAnswer = answer && "message" in answer ? answer : null;
  // A refused response keeps the form open, so its messages stay beside their fields.
  const formOpen = canRespond && (params.get("respond") === "true" || !!formAnswer);
  const declining = invited && params.get("decline") === "1";
  const noServices = page.form && !page.form.services.length;

  return (
    <section className="page respond-page">
      <p className="respond-page__back">
        <Link to="/projects/response">{t("respondPage.back")}</Link>
      </p>
      <div className="respond-page__layout">
        <article className="card respond-page__demand" aria-labelledby="demand-title">
          {invited ? <p className="chip respond-page__invite">{t("respondPage.invitation")}</p> : null}
          <h1 id="demand-title" className="respond-page__name">
            {d.name}
          </h1>
          <dl className="respond-page__facts">
            <div>
              <dt>{t("respondPage.budget")}</dt>
              <dd className="respond-page__budget">{formatNumber(d.budget, lang)} ₽</dd>
            </div>
            <div>
              <dt>{t("respondPage.deadline")}</dt>
              <dd>{d.execution_period}</dd>
            </div>
            <div>
              <dt>{t("respondPage.type")}</dt>
              <dd>{d.service_type.name}</dd>
            </div>
            {/* spec 3 §9's two levels: an ordinary expert sees that a request asks for top management. */}
            <div>
              <dt>{t("respondPage.level")}</dt>
              <dd>{d.expert_type === "premium" ? t("respondPage.premium") : t("respondPage.ordinary")}</dd>
            </div>
            {d.duration ? (
              <div>
                <dt>{t("respondPage.duration")}</dt>
                <dd>{d.duration.name}</dd>
              </div>
            ) : null}
          </dl>
          <p className="respond-page__description">{d.description}</p>
          {d.industries.length ? (
            <>
              <h2 className="respond-page__h2">{t("respondPage.industries")}</h2>
              <ul className="chips">
                {d.industries.map((x) => (
                  <li key={x.id} className="chip">
                    {x.name}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {d.options.length ? (
            <>
              <h2 className="respond-page__h2">{t("respondPage.functions")}</h2>
              <ul className="chips">
                {[...d.options, ...d.sub_options].map((x) => (
                  <li key={x.id} className="chip">
                    {x.name}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {d.need_team ? <p className="note">{t("respondPage.needTeam")}</p> : null}
          {d.files.length ? (
            <>
              <h2 className="respond-page__h2">{t("respondPage.files")}</h2>
              <ul className="file-list">
                {d.files.map((f) => (
                  <li key={f.id}>
                    <a href={f.filepath}>{f.name}</a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </article>

        <aside className="card respond-page__customer" aria-label={t("respondPage.customer")}>
          <div className="respond-page__person">
            {page.customer?.photo ? <img className="respond-page__photo" src={page.customer.photo} alt="" width={56} height={56} /> : <span className="respond-page__photo respond-page__photo--initials" aria-hidden="true">{(page.customer?.name ?? "?").slice(0, 1)}</span>}
            <div>
              <p className="note">{t("respondPage.customer")}</p>
              <p className="respond-page__customer-name">{page.customer?.name}</p>
              {page.customer?.company ? <p className="note">{page.customer.company}</p> : null}
            </div>
          </div>
          {page.isOwner ? <p className="note">{t("respondPage.ownDemand")}</p> : null}
          {responded ? (
            <p className="banner banner--success" role="status">
              {t("respondPage.alreadyResponded")} <Link to="/projects/response#sent">{t("respondPage.toMyResponses")}</Link>
            </p>
          ) : null}
          {/* spec 3 §2: Respond or Reject. The invitation's link opens the form at once (?respond=true): the
              invited expert can still say 'Не интересно' beside it. */}
          {canRespond && !declining && (!formOpen || invited) ? (
            <div className="respond-page__actions">
              {formOpen ? null : (
                <Link className="btn btn--primary" to="?respond=true" preventScrollReset>
                  {t("respondPage.respond")}
                </Link>
              )}
              {invited ? (
                <Link className="btn btn--ghost" to="?decline=1" preventScrollReset>
                  {t("respondPage.notInterested")}
                </Link>
              ) : null}
            </div>
          ) : null}
          {declining ? (
            <Form method="post" className="respond-page__decline">
              <input type="hidden" name="intent" value="decline" />
              <p className="note">{t("respondPage.declineHint")}</p>
              {formAnswer && !Object.keys(formAnswer.errors ?? {}).some((k) => k !== "demand_id") ? (
                <p className="form-error" role="alert">
                  {formAnswer.message}
                </p>
              ) : null}
              <div className="respond-page__actions">
                <SubmitButton pending={pending} className="btn btn--danger">
                  {t("respondPage.decline")}
                </SubmitButton>
                <Link className="btn btn--ghost respond-page__cross" to="?" aria-label={t("respondPage.cancelDecline")} preventScrollReset>
                  ×
                </Link>
              </div>
            </Form>
          ) : null}
        </aside>
      </div>

      {formOpen && page.form ? (
        <div className="card respond-page__form" id="respond">
          <div className="respond-page__form-head">
            <h2 id="respond-form-title">{t("respondPage.formTitle")}</h2>
            <Link className="respond-page__close" to="?" aria-label={t("respondPage.close")} preventScrollReset>
              ×
            </Link>
          </div>
          {!page.verified ? (
            <div className="banner" role="alert">
              <p>{t("respondPage.notVerified")}</p>
              <Link className="btn btn--primary" to="/verify">
                {t("respondPage.toVerify")}
              </Link>
            </div>
          ) : noServices ? (
            <div className="respond-page__no-services" role="alert">
              <p className="respond-page__no-services-title">{t("respondPage.noServices")}</p>
              <p>{t("respondPage.noServicesHint")}</p>
              <Link className="btn btn--primary" to="/services">
                {t("respondPage.createService")}
              </Link>
            </div>
          ) : (
            <RespondForm demandId={d.id} reference={page.form} answer={formAnswer} pending={pending} meId={loaded.meId} />
          )}
        </div>
      ) : null}
    </section>
  );
}
