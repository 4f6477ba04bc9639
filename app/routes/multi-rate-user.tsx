import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { RatedPerson, RateMessage } from "~/components/recommendations/rated-person";
import { RatingInput } from "~/components/rating-input";
import { FormError } from "~/components/ui/field";
import { AlertModal } from "~/components/ui/modal";
import { SubmitButton } from "~/components/ui/submit-button";
import { DomainError } from "~/domain/errors";
import { REC_LIMITS } from "~/domain/recommendations/limits";
import { homeFor, multiRate, ratesByHash, setViewFlags } from "~/domain/recommendations/recommendations.server";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { formObject, pageError, runAction, type ActionErrors } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import recStyles from "~/styles/recommendations.css?url";
import { useAnswerErrors } from "~/lib/answer-errors";

export const handle = { titleKey: "recPages.multi" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: recStyles }];

/**
 * Multi-rate (spec 2 §2 '/multi-rate-user'): every requested item of one invitation on one page. Saving
 * needs the signed-in rater; a guest sees the 'Внимание!' warning (spec README "Document 2 details").
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const hash = new URL(request.url).searchParams.get("hash") ?? "";
  const texts = pageTexts(context, "recommendations");
  const actor = context.actor;
  const base = { texts, hash, guest: !actor, home: homeFor(actor) };
  try {
    const rate = await ratesByHash(context.ctx, actor, hash);
    if (rate.kind !== "multi") throw new DomainError("validation", "recommend.bad_link");
    // Opening the request is acting on it: it is no longer new in the rater's list (spec 2 §4).
    if (actor) await setViewFlags(context.ctx, actor, { model: "recommendation", ids: [rate.invitation_id] });
    return data({ ...base, rate, error: null });
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return data({ ...base, rate: null, error: pageError(context, e).body.message });
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await runAction(context, async () => await multiRate(context.ctx, context.actor, await formObject(request)));
  if (!result.ok) return data({ ...result.body, status: result.init.status as number }, result.init);
  return data({ done: result.value.message });
}

export default function MultiRateRoute() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <MultiRate />
    </PageTexts>
  );
}

type Failure = ActionErrors & { status: number };

function MultiRate() {
  const { hash, rate, error, guest, home } = useLoaderData<typeof loader>();
  const actionData = useActionData<Failure | { done: string }>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [scores, setScores] = useState<Record<number, number>>({});
  const [comment, setComment] = useState("");
  const [alert, setAlert] = useState<Failure | null>(null);
  const answered = actionData && "errors" in actionData ? actionData.errors : undefined;
  // The server's errors, each hidden once its field is changed (decision 0048).
  const { errors, onChange: dismissError } = useAnswerErrors(answered);
  useEffect(() => {
    if (actionData && "status" in actionData && (actionData.status === 401 || actionData.errors.items)) setAlert(actionData);
  }, [actionData]);

  if (actionData && "done" in actionData)
    return <RateMessage title={t("recommendations.rate.thanks")} home={home} />;
  if (!rate)
    // spec 2 §8: the load error is the page's header, with a back-home button.
    return <RateMessage title={error} home={home} />;
  const items = [
    ...rate.tribes.map((x) => ({ id: x.id, label: t("recommendations.rate.specialization"), title: `${x.industry_name} - ${x.option_name}${x.company_name || x.work_role_name ? ` (${[x.company_name, x.work_role_name].filter(Boolean).join(", ")})` : ""}` })),
    ...rate.expertises.map((x) => ({ id: x.id, label: t("recommendations.rate.competence"), title: x.expertise_name })),
    ...rate.services.map((x) => ({ id: x.id, label: t("recommendations.rate.serviceItem"), title: x.service_name })),
  ];
  const rated = items.filter((i) => scores[i.id]);
  const warning = (
    <div className="warning" role="note">
      <p className="warning__title">{t("recommendations.rate.warningTitle")}</p>
      <p>{t("recommendations.rate.warningText")}</p>
      <Link to="/sign-up" className="btn btn--primary btn--sm">
        {t("recommendations.rate.signUp")}
      </Link>
    </div>
  );
  return (
    <section className="page page--narrow">
      <h1>{t("recPages.multi")}</h1>
      {/* noValidate: an empty comment is refused by the server in the spec's words beside the field, not by the browser's bubble. */}
      <Form method="post" className="card rate-card" onChange={dismissError} noValidate>
        {guest ? warning : null}
        <RatedPerson user={rate.user} label={t("recommendations.rate.specialist")} />
        <p className="field__hint">{t("recommendations.rate.info")}</p>
        <input type="hidden" name="hash" value={hash} />
        {rated.map((i, n) => (
          <span key={i.id} hidden>
            <input type="hidden" name={`items[${n}][rate_id]`} value={i.id} />
            <input type="hidden" name={`items[${n}][rating]`} value={scores[i.id]} />
          </span>
        ))}
        <ul className="rate-items">
          {items.map((i) => (
            <li key={i.id}>
              <p className="field__hint">{i.label}</p>
              <RatingInput name={`score-${i.id}`} value={scores[i.id] ?? null} onChange={(v) => setScores((s) => ({ ...s, [i.id]: v }))} legend={i.title} />
            </li>
          ))}
        </ul>
        <div className={`field${errors.comment ? " field--invalid" : ""}`}>
          <label className="field__label" htmlFor="multi-comment">
            {t("recommendations.rate.comment")}
          </label>
          <textarea
            id="multi-comment"
            name="comment"
            className="textarea"
            required
            maxLength={REC_LIMITS.commentMax}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={errors.comment ? "multi-comment-error multi-comment-count" : "multi-comment-count"}
          />
          <p className="field__hint" id="multi-comment-count">
            {t("recommendations.rate.counter", { count: comment.length })}
          </p>
          {errors.comment ? (
            <p className="field__error" id="multi-comment-error" role="alert">
              {errors.comment[0]}
            </p>
          ) : null}
        </div>
        {actionData && "message" in actionData && !answered?.comment && !answered?.items && actionData.status !== 401 ? <FormError message={actionData.message} /> : null}
        <p className="field__hint">{t("recommendations.rate.note")}</p>
        <div>
          <SubmitButton pending={navigation.state !== "idle"}>{t("recommendations.rate.send")}</SubmitButton>
        </div>
      </Form>
      <AlertModal
        open={alert !== null}
        onClose={() => setAlert(null)}
        title={alert?.status === 401 ? t("recommendations.rate.warningTitle") : t("recommendations.rate.rateAll")}
        text={alert?.status === 401 ? t("recommendations.rate.warningText") : (alert?.errors.items?.[0] ?? "")}
        action={alert?.status === 401 ? { label: t("recommendations.rate.signUp"), href: "/sign-up" } : undefined}
      />
    </section>
  );
}
