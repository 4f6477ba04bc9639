import { Form, Link, useActionData, useLocation, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useId, useState, type ReactNode } from "react";
import type { FinishingService, FinishingUser } from "~/domain/projects/finishing.server";
import { PROJECT_RATING_LIMITS } from "~/domain/limits";
import { useTranslation } from "~/lib/i18n";
import { Modal } from "~/components/ui/modal";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextArea } from "~/components/ui/textarea";
import { Avatar, useHydrated } from "./complete-project";
import { useAnswerErrors } from "~/lib/answer-errors";
import { formatRating } from "~/domain/reputation/score";

type RateData = {
  demand: { id: number; name: string };
  respond: { id: number; user_id: number; user_name: string };
  service: FinishingService;
  back: string;
};
type ActionData = { ok: false; message: string; errors: Record<string, string[]> } | undefined;

const SCORES = [1, 2, 3, 4, 5] as const;

/**
 * /complete-project/{id}/service/{serviceId}/user/{userId}/respond/{respondId} (spec 3 §2 'Rate service
 * page'): the service card with its rating dialog, the team with a dialog per person, 'Завершить оценку'.
 * A dialog is the page's `?modal=` state: a link opens it, so without script the server renders it as a
 * page section and its form posts through the page action.
 */
export function RateServicePage({ data }: { data: RateData }) {
  const { t, lang } = useTranslation();
  const { service, demand, back } = data;
  const [params] = useSearchParams();
  const modal = params.get("modal");
  const team = service.users.length > 1;
  const member = modal?.startsWith("member-") ? service.users.find((u) => `member-${u.id}` === modal) : undefined;
  return (
    <section className="page cp cp-rate">
      <p className="cp__muted">{demand.name}</p>
      <h1 className="cp__title">{team ? t("completeProject.rateTitleTeam") : t("completeProject.rateTitleOne")}</h1>
      <article className="card cp-rate__service" aria-labelledby="cp-service-name" data-testid="cp-service-card">
        <p className="cp__muted">{t("completeProject.service")}</p>
        <h2 id="cp-service-name" className="cp__pane-title">
          {service.name}
        </h2>
        <p className="cp__muted">
          {t("completeProject.serviceRating")}: {service.rating_count ? `★ ${formatRating(service.rating, lang)} · ${t("completeProject.ratings", { count: service.rating_count })}` : t("completeProject.noRatings")}
        </p>
        {service.is_rated ? <p className="cp-rate__mine">{t("completeProject.yourRating", { rating: service.my_rating })}</p> : null}
        <Link to="?modal=service" className="btn btn--primary" preventScrollReset replace>
          {service.is_rated ? t("completeProject.changeRating") : t("completeProject.rateService")}
        </Link>
      </article>
      <section className="card cp-rate__team" aria-labelledby="cp-team-title">
        <h2 id="cp-team-title" className="cp__services-title">
          {team ? t("completeProject.team") : t("completeProject.executor")}
        </h2>
        <ul className="cp__people cp-rate__people">
          {service.users.map((u) => (
            <li key={u.id} className="cp__person" data-testid="cp-member">
              <span className="cp__person-link">
                <Avatar name={u.name} photo={u.photo} checked={u.is_rated} label={u.is_rated ? `${u.name}: ${t("completeProject.memberRated")}` : undefined} />
                <span className="cp__person-text">
                  <span className="cp__person-name">{u.name}</span>
                  {u.user_company.name ? <span className="cp__muted">{u.user_company.name}</span> : null}
                  {u.is_rated ? <span className="cp__rated">{t("completeProject.memberRated")}</span> : null}
                </span>
              </span>
              {/* Like the service's button: once rated, the same dialog changes the rating. */}
              <Link to={`?modal=member-${u.id}`} className="btn btn--ghost btn--sm" preventScrollReset replace aria-label={`${u.is_rated ? t("completeProject.changeRating") : t("completeProject.rateMember")}: ${u.name}`}>
                {u.is_rated ? t("completeProject.changeRating") : t("completeProject.rateMember")}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <p className="cp-rate__finish">
        <Link to={back} className="btn btn--primary">
          {t("completeProject.finishRating")}
        </Link>
      </p>
      {modal === "service" ? (
        <RatingDialog title={t("completeProject.serviceModal")}>
          <ServiceForm service={service} />
        </RatingDialog>
      ) : null}
      {member ? (
        <RatingDialog title={`${t("completeProject.memberModal")}: ${member.name}`}>
          <MemberForm member={member} respondent={member.id === data.respond.user_id} />
        </RatingDialog>
      ) : null}
    </section>
  );
}

/** The dialog of the page's `?modal=`: a modal with script, a page section without. Closing drops `?modal=`. */
function RatingDialog({ title, children }: { title: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const close = () => navigate(pathname, { replace: true, preventScrollReset: true });
  if (!hydrated)
    return (
      <section className="card cp__inline-dialog" aria-label={title}>
        <h2>{title}</h2>
        {children}
      </section>
    );
  return (
    <Modal open onClose={close} title={title}>
      {children}
    </Modal>
  );
}

function useFormState() {
  const action = useActionData<ActionData>();
  const navigation = useNavigation();
  const answered = action && !action.ok ? action.errors : undefined;
  // The server's errors, each hidden once its field is changed (decision 0048).
  const { errors, onChange } = useAnswerErrors(answered);
  const message = action && !action.ok ? action.message : null;
  // `answered`: every error of the answer, for whether its own message shows (when no field has one).
  return { errors, answered: answered ?? {}, message, onChange, pending: navigation.state !== "idle" && navigation.formMethod === "POST" };
}

/** 1 to 5 with the scale's meaning (spec 3 §9: 1 starting, 5 best practices); `optional` adds 'Без оценки'. */
function ScoreField({ name, legend, value, optional, onChange, errors }: { name: string; legend: string; value: number | null; optional?: boolean; onChange?: (v: number | null) => void; errors?: string[] }) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <fieldset className={`cp-score${errors?.length ? " field--invalid" : ""}`} aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="cp-score__options">
        {optional ? (
          <label className="cp-score__option cp-score__option--none">
            <input type="radio" name={name} value="" defaultChecked={value === null} onChange={() => onChange?.(null)} />
            <span>{t("completeProject.notRated")}</span>
          </label>
        ) : null}
        {SCORES.map((s) => (
          <label key={s} className="cp-score__option" title={t(`ratingScale.s${s}`)}>
            <input type="radio" name={name} value={s} defaultChecked={value === s} required={!optional} onChange={() => onChange?.(s)} />
            <span aria-hidden="true">{s}</span>
            <span className="visually-hidden">{t(`ratingScale.s${s}`)}</span>
          </label>
        ))}
      </div>
      {errors?.length ? (
        <p className="field__error" role="alert" id={errorId}>
          {errors.join(". ")}
        </p>
      ) : null}
    </fieldset>
  );
}

function Scale() {
  const { t } = useTranslation();
  return (
    <ul className="cp-score__scale">
      {SCORES.map((s) => (
        <li key={s}>{t(`ratingScale.s${s}`)}</li>
      ))}
    </ul>
  );
}

function CommentField({ value, errors }: { value: string | null; errors?: string[] }) {
  const { t } = useTranslation();
  return <TextArea label={t("completeProject.comment")} name="comment" defaultValue={value ?? ""} required maxLength={PROJECT_RATING_LIMITS.commentMax} rows={4} counter={(count) => t("completeProject.commentCounter", { count, max: PROJECT_RATING_LIMITS.commentMax })} errors={errors} />;
}

function DeleteForm({ ids, pending }: { ids: number[]; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post" replace className="cp-rate__delete">
      <input type="hidden" name="intent" value="delete" />
      {ids.map((id, i) => (
        <input key={id} type="hidden" name={`ids[${i}]`} value={id} />
      ))}
      <SubmitButton pending={pending} className="btn btn--ghost">
        {t("completeProject.delete")}
      </SubmitButton>
    </Form>
  );
}

// Both dialogs' forms leave the checks to the server (`noValidate`): a missing score or comment is then
// refused next to its field in the specification's words ('Комментарий обязателен'), not in the browser's
// bubble and language; `required` stays for screen readers.
function ServiceForm({ service }: { service: FinishingService }) {
  const { t } = useTranslation();
  const { errors, answered, message, onChange, pending } = useFormState();
  return (
    <>
      <Form method="post" replace className="cp-rate__form" onChange={onChange} aria-label={t("completeProject.serviceModal")} noValidate>
        <input type="hidden" name="intent" value="rate-service" />
        <p className="cp-rate__subject">{service.name}</p>
        <ScoreField name="rating" legend={t("completeProject.score")} value={service.my_rating} errors={errors.rating} />
        <Scale />
        <CommentField value={service.rating_comment} errors={errors.comment} />
        {message && !answered.rating && !answered.comment ? (
          <p className="field__error" role="alert">
            {message}
          </p>
        ) : null}
        <div className="modal__actions">
          <SubmitButton pending={pending}>{t("completeProject.save")}</SubmitButton>
        </div>
      </Form>
      {service.is_rated && service.rating_id ? <DeleteForm ids={[service.rating_id]} pending={pending} /> : null}
    </>
  );
}

/**
 * A person's dialog (spec 3 §2 'Member modal'): a score per service of his response, competence and
 * specialization, one comment; save waits for one score.
 */
function MemberForm({ member, respondent }: { member: FinishingUser; respondent: boolean }) {
  const { t } = useTranslation();
  const { errors, answered, message, onChange, pending } = useFormState();
  const hydrated = useHydrated();
  // The respondent's score in a service is the service's own rating, set in the service dialog: shown here.
  const scoredServices = respondent ? [] : member.services;
  const initial = new Map<string, number | null>([
    ...scoredServices.map((sv) => [`s${sv.id}`, sv.my_rating] as const),
    ...member.expertises.map((e) => [`e${e.id}`, e.my_rating] as const),
    ...member.tribes.map((tr) => [`t${tr.id}`, tr.my_rating] as const),
  ]);
  const [scores, setScores] = useState(initial);
  const set = (key: string) => (v: number | null) => setScores((m) => new Map(m).set(key, v));
  const anyScored = [...scores.values()].some((v) => v !== null);
  // Nothing this form can score: no scale, comment or save then, only why (the respondent's services
  // listed above are scored in their own dialogs).
  const nothing = !scoredServices.length && !member.expertises.length && !member.tribes.length;
  return (
    <>
      <Form method="post" replace className="cp-rate__form" onChange={onChange} aria-label={t("completeProject.memberModal")} noValidate>
        <input type="hidden" name="intent" value="rate-user" />
        <input type="hidden" name="user_id" value={member.id} />
        {nothing ? <p className="cp__muted">{t(member.services.length ? "completeProject.nothingElseToRate" : "completeProject.nothingToRate")}</p> : null}
        {member.services.length ? (
          <div className="cp-rate__group">
            <h3 className="cp__services-title">{t("completeProject.memberServices")}</h3>
            {respondent ? (
              <ul className="cp-rate__scores">
                {member.services.map((sv) => (
                  <li key={sv.id}>
                    <span>{sv.name}</span>
                    <strong>{sv.is_rated ? t("completeProject.yourRating", { rating: sv.my_rating }) : t("completeProject.notRated")}</strong>
                  </li>
                ))}
              </ul>
            ) : (
              member.services.map((sv, i) => (
                <div key={sv.id}>
                  <input type="hidden" name={`services[${i}][id]`} value={sv.id} />
                  <ScoreField name={`services[${i}][rating]`} legend={sv.name} value={sv.my_rating} optional onChange={set(`s${sv.id}`)} />
                </div>
              ))
            )}
          </div>
        ) : null}
        {member.expertises.length ? (
          <div className="cp-rate__group">
            <h3 className="cp__services-title">{t("completeProject.competences")}</h3>
            {member.expertises.map((e, i) => (
              <div key={e.id}>
                <input type="hidden" name={`expertises[${i}][id]`} value={e.id} />
                <ScoreField name={`expertises[${i}][rating]`} legend={e.name} value={e.my_rating} optional onChange={set(`e${e.id}`)} />
              </div>
            ))}
          </div>
        ) : null}
        {member.tribes.length ? (
          <div className="cp-rate__group">
            <h3 className="cp__services-title">{t("completeProject.specializations")}</h3>
            {member.tribes.map((tr, i) => (
              <div key={tr.id}>
                <input type="hidden" name={`tribes[${i}][industry_id]`} value={tr.industry_id} />
                <input type="hidden" name={`tribes[${i}][option_id]`} value={tr.option_id} />
                <ScoreField name={`tribes[${i}][rating]`} legend={`${tr.industry_name} - ${tr.option_name}`} value={tr.my_rating} optional onChange={set(`t${tr.id}`)} />
              </div>
            ))}
          </div>
        ) : null}
        {errors.expertises || errors.tribes || errors.services ? (
          <p className="field__error" role="alert">
            {[...(errors.expertises ?? []), ...(errors.tribes ?? []), ...(errors.services ?? [])].join(". ")}
          </p>
        ) : null}
        {nothing ? null : (
          <>
            <Scale />
            <CommentField value={member.rating_comment} errors={errors.comment} />
            {message && !answered.comment && !answered.expertises && !answered.tribes && !answered.services ? (
              <p className="field__error" role="alert">
                {message}
              </p>
            ) : null}
            <div className="modal__actions">
              {hydrated && !anyScored ? (
                <p className="cp__muted" id="cp-save-hint">
                  {t(scoredServices.length ? "completeProject.saveHint" : "completeProject.saveHintNoServices")}
                </p>
              ) : null}
              {/* spec 3 §5: save stays disabled until one item is rated (the server says so without script). */}
              <SubmitButton pending={pending} disabled={hydrated && !anyScored} aria-describedby={hydrated && !anyScored ? "cp-save-hint" : undefined}>
                {t("completeProject.save")}
              </SubmitButton>
            </div>
          </>
        )}
      </Form>
      {member.is_rated ? <DeleteForm ids={member.rating_ids} pending={pending} /> : null}
    </>
  );
}
