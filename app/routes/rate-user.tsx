import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { RatedPerson, RateMessage } from "~/components/recommendations/rated-person";
import { RatingInput } from "~/components/rating-input";
import { FormError } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { DomainError } from "~/domain/errors";
import { REC_LIMITS } from "~/domain/recommendations/limits";
import { rateByHash, ratesByHash } from "~/domain/recommendations/recommendations.server";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { formObject, pageError, runAction, type ActionErrors } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import recStyles from "~/styles/recommendations.css?url";
import { useAnswerErrors } from "~/lib/answer-errors";

export const handle = { titleKey: "recPages.rate" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: recStyles }];

/**
 * Rating by link (spec 2 §2 '/rate-user'): public, the signed hash names the person, the item and the
 * rater; a guest may rate when the hash names an invited e-mail.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const hash = new URL(request.url).searchParams.get("hash") ?? "";
  const texts = pageTexts(context, "recommendations");
  try {
    const rate = await ratesByHash(context.ctx, context.actor, hash);
    if (rate.kind !== "single") throw new DomainError("validation", "recommend.bad_link");
    return data({ texts, hash, rate, error: null });
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return data({ texts, hash, rate: null, error: pageError(context, e).body.message });
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await runAction(context, async () => await rateByHash(context.ctx, context.actor, await formObject(request)));
  if (!result.ok) return data(result.body, result.init);
  return data({ done: result.value.message });
}

export default function RateUserRoute() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <RateUser />
    </PageTexts>
  );
}

function RateUser() {
  const { hash, rate, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionErrors | { done: string }>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const answered = actionData && "errors" in actionData ? actionData.errors : undefined;
  // The server's errors, each hidden once its field is changed (decision 0048).
  const { errors, onChange: dismissError } = useAnswerErrors(answered);

  if (actionData && "done" in actionData)
    return <RateMessage title={t("recommendations.rate.thanks")} home="/" />;
  if (!rate)
    return <RateMessage title={error} home="/" />;
  const tribe = rate.tribes[0];
  const subject = rate.tribes[0]
    ? { label: t("recommendations.rate.specialization"), value: `${rate.tribes[0].industry_name} - ${rate.tribes[0].option_name}` }
    : rate.expertises[0]
      ? { label: t("recommendations.rate.competence"), value: rate.expertises[0].expertise_name }
      : { label: t("recommendations.rate.serviceItem"), value: rate.services[0]?.service_name ?? "" };
  return (
    <section className="page page--narrow">
      <h1>{t("recPages.rate")}</h1>
      <Form method="post" className="card rate-card" onChange={dismissError}>
        <input type="hidden" name="hash" value={hash} />
        <RatedPerson user={rate.user} label={t("recommendations.rate.specialist")} />
        <dl className="rate-subject">
          <dt>{subject.label}</dt>
          <dd>{subject.value}</dd>
          {tribe?.company_name ? (
            <>
              <dt>{t("recommendations.rate.company")}</dt>
              <dd>{tribe.company_name}</dd>
            </>
          ) : null}
          {tribe?.work_role_name ? (
            <>
              <dt>{t("recommendations.rate.role")}</dt>
              <dd>{tribe.work_role_name}</dd>
            </>
          ) : null}
        </dl>
        <RatingInput name="rating" value={score} onChange={setScore} legend={t("recommendations.rate.scoreLabel")} error={errors.rating?.[0]} />
        <div className={`field${errors.comment ? " field--invalid" : ""}`}>
          <label className="field__label" htmlFor="rate-comment">
            {t("recommendations.rate.commentOptional")}
          </label>
          <textarea id="rate-comment" name="comment" className="textarea" maxLength={REC_LIMITS.commentMax} value={comment} onChange={(e) => setComment(e.target.value)} aria-describedby={errors.comment ? "rate-comment-count rate-comment-error" : "rate-comment-count"} aria-invalid={errors.comment ? true : undefined} />
          <p className="field__hint" id="rate-comment-count">
            {t("recommendations.rate.counter", { count: comment.length })}
          </p>
          {errors.comment ? (
            <p className="form-error" role="alert" id="rate-comment-error">
              {errors.comment[0]}
            </p>
          ) : null}
        </div>
        {actionData && "message" in actionData && !answered?.rating && !answered?.comment ? <FormError message={actionData.message} /> : null}
        <p className="field__hint">{t("recommendations.rate.note")}</p>
        <div>
          <SubmitButton pending={navigation.state !== "idle"} disabled={score === null}>
            {t("recommendations.rate.send")}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
