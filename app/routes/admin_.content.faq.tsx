import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { contentOverview, deleteFaqGroup, deleteFaqQuestion, previewAnswer, saveFaqGroup, saveFaqQuestion } from "~/domain/admin/content.server";
import { CONTENT_LIMITS } from "~/domain/limits";
import { idOrNotFound } from "~/domain/validation";
import { FormError } from "~/components/ui/field";
import { PageTexts, useTranslation } from "~/lib/i18n";
import { formObject, requireAdmin, runAction, type ActionErrors } from "~/web/page.server";
import { pageTexts } from "~/web/page-texts.server";
import adminStyles from "~/styles/admin.css?url";

export const handle = { titleKey: "admin.content" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = requireAdmin(context, request);
  const content = await contentOverview(context.ctx, actor);
  return data({ texts: pageTexts(context, "console", "consoleContent"), faq: content.faq });
}

type Result = { form: string; message?: string; preview?: { ru: string; en: string }; errors?: Record<string, string[]> };

/**
 * One form per question and group; `intent` says what to do. A preview saves nothing: it answers the
 * HTML the FAQ page will show for both answers, and the form keeps what was typed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = requireAdmin(context, request);
  let formKey = "";
  const result = await runAction(context, async (): Promise<Result> => {
    const form = await formObject(request);
    formKey = String(form.form_key ?? "");
    const id = form.id ? idOrNotFound(form.id) : null;
    switch (form.intent) {
      case "preview":
        return { form: formKey, preview: { ru: previewAnswer(actor, { answer: form.answer ?? "" }).html, en: previewAnswer(actor, { answer: form.answer_en ?? "" }).html } };
      case "save_question":
        return { form: formKey, message: (await saveFaqQuestion(context.ctx, actor, id, form)).message };
      case "delete_question":
        return { form: formKey, message: (await deleteFaqQuestion(context.ctx, actor, idOrNotFound(form.id))).message };
      case "save_group":
        return { form: formKey, message: (await saveFaqGroup(context.ctx, actor, id, form)).message };
      case "delete_group":
        return { form: formKey, message: (await deleteFaqGroup(context.ctx, actor, idOrNotFound(form.id))).message };
      default:
        return { form: formKey };
    }
  });
  if (!result.ok) return data({ form: formKey, ...(result.body as ActionErrors) } as Result & Partial<ActionErrors>, result.init);
  return data(result.value as Result & Partial<ActionErrors>);
}

/** The FAQ in both languages (issue 15): groups per audience, questions with Markdown answers and a preview. */
export default function AdminFaq() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <PageTexts texts={texts}>
      <AdminFaqPage />
    </PageTexts>
  );
}

type Group = ReturnType<typeof useLoaderData<typeof loader>>["faq"][number];
type Question = Group["questions"][number];

/** The forms' field names and the keys of their labels (consoleContent.*). */
const FIELD_LABELS: Record<string, string> = {
  group_id: "group",
  question: "question",
  question_en: "questionEn",
  answer: "answer",
  answer_en: "answerEn",
  audience: "audience",
  name: "groupName",
  name_en: "groupNameEn",
  sort: "sort",
};

function Feedback({ formKey }: { formKey: string }) {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  if (!actionData || actionData.form !== formKey) return null;
  const errors = Object.entries(actionData.errors ?? {});
  // Each refused field by its label, as the operator reads it ('Ответ: …'), not by its code.
  const label = (field: string) => (FIELD_LABELS[field] ? t(`consoleContent.${FIELD_LABELS[field]}`) : field);
  return (
    <>
      {errors.length ? <FormError message={errors.map(([f, m]) => `${label(f)}: ${m[0]}`).join("; ")} /> : null}
      {!errors.length && actionData.message ? (
        <p className="banner banner--success" role="status">
          {actionData.message}
        </p>
      ) : null}
      {actionData.preview ? (
        <div className="console__preview" role="region" aria-label={t("consoleContent.previewTitle")} data-testid="faq-preview">
          <p className="field__hint">{t("consoleContent.previewTitle")}</p>
          <div className="faq-answer" dangerouslySetInnerHTML={{ __html: actionData.preview.ru }} />
          <hr />
          <div className="faq-answer" lang="en" dangerouslySetInnerHTML={{ __html: actionData.preview.en }} />
        </div>
      ) : null}
    </>
  );
}

function QuestionForm({ groups, groupId, question }: { groups: Group[]; groupId: number; question?: Question }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const formKey = question ? `q${question.id}` : `new-q${groupId}`;
  const ids = (name: string) => `${formKey}-${name}`;
  // Uncontrolled fields: what was typed stays through a preview and the page's revalidation.
  return (
    <Form method="post" className="console__content-form" noValidate>
      <input type="hidden" name="form_key" value={formKey} />
      {question ? <input type="hidden" name="id" value={question.id} /> : null}
      <label htmlFor={ids("group")}>
        <span className="field__label">{t("consoleContent.group")}</span>
      </label>
      <select id={ids("group")} className="field__input" name="group_id" defaultValue={String(question?.group_id ?? groupId)}>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {t(`consoleContent.${g.audience}`)}: {g.name}
          </option>
        ))}
      </select>
      <label>
        <span className="field__label">{t("consoleContent.question")}</span>
        <input className="field__input" name="question" required maxLength={CONTENT_LIMITS.question} defaultValue={question?.question ?? ""} />
      </label>
      <label>
        <span className="field__label">{t("consoleContent.questionEn")}</span>
        <input className="field__input" name="question_en" lang="en" required maxLength={CONTENT_LIMITS.question} defaultValue={question?.question_en ?? ""} />
      </label>
      <label>
        <span className="field__label">{t("consoleContent.answer")}</span>
        <textarea className="field__input" name="answer" rows={5} required maxLength={CONTENT_LIMITS.answer} defaultValue={question?.answer ?? ""} />
      </label>
      <label>
        <span className="field__label">{t("consoleContent.answerEn")}</span>
        <textarea className="field__input" name="answer_en" lang="en" rows={5} required maxLength={CONTENT_LIMITS.answer} defaultValue={question?.answer_en ?? ""} />
      </label>
      <label>
        <span className="field__label">{t("consoleContent.sort")}</span>
        <input className="field__input" name="sort" type="number" min={0} max={CONTENT_LIMITS.sort} defaultValue={question?.sort ?? 0} />
      </label>
      <Feedback formKey={formKey} />
      <div className="console__buttons">
        <button type="submit" name="intent" value="save_question" className="btn btn--primary" disabled={busy}>
          {t("consoleContent.save")}
        </button>
        <button type="submit" name="intent" value="preview" className="btn btn--ghost" formNoValidate disabled={busy}>
          {t("consoleContent.preview")}
        </button>
        {question ? (
          <button type="submit" name="intent" value="delete_question" className="btn btn--ghost" formNoValidate disabled={busy}>
            {t("consoleContent.delete")}
          </button>
        ) : null}
      </div>
    </Form>
  );
}

function GroupForm({ group }: { group?: Group }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const formKey = group ? `g${group.id}` : "new-group";
  return (
    <Form method="post" className="console__content-form" noValidate>
      <input type="hidden" name="form_key" value={formKey} />
      {group ? <input type="hidden" name="id" value={group.id} /> : null}
      <label>
        <span className="field__label">{t("consoleContent.audience")}</span>
        <select className="field__input" name="audience" defaultValue={group?.audience ?? "customer"}>
          <option value="customer">{t("consoleContent.customer")}</option>
          <option value="expert">{t("consoleContent.expert")}</option>
        </select>
      </label>
      <label>
        <span className="field__label">{t("consoleContent.groupName")}</span>
        <input className="field__input" name="name" required maxLength={CONTENT_LIMITS.groupName} defaultValue={group?.name ?? ""} />
      </label>
      <label>
        <span className="field__label">{t("consoleContent.groupNameEn")}</span>
        <input className="field__input" name="name_en" lang="en" required maxLength={CONTENT_LIMITS.groupName} defaultValue={group?.name_en ?? ""} />
      </label>
      <label>
        <span className="field__label">{t("consoleContent.sort")}</span>
        <input className="field__input" name="sort" type="number" min={0} max={CONTENT_LIMITS.sort} defaultValue={group?.sort ?? 0} />
      </label>
      <Feedback formKey={formKey} />
      <div className="console__buttons">
        <button type="submit" name="intent" value="save_group" className="btn btn--primary" disabled={busy}>
          {group ? t("consoleContent.save") : t("consoleContent.addGroup")}
        </button>
        {group && !group.questions.length ? (
          <button type="submit" name="intent" value="delete_group" className="btn btn--ghost" formNoValidate disabled={busy}>
            {t("consoleContent.delete")}
          </button>
        ) : null}
      </div>
    </Form>
  );
}

function AdminFaqPage() {
  const { faq } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  // A form that answered stays open after the page revalidates.
  const open = (key: string) => actionData?.form === key;
  return (
    <section className="page console">
      <p>
        <Link to="/admin/content">{t("consoleContent.back")}</Link>
      </p>
      <h1>{t("consoleContent.faq")}</h1>
      <p>{t("consoleContent.lead")}</p>
      {(["customer", "expert"] as const).map((audience) => (
        <section key={audience} aria-labelledby={`faq-${audience}`}>
          <h2 id={`faq-${audience}`}>{t(`consoleContent.${audience}`)}</h2>
          {faq
            .filter((g) => g.audience === audience)
            .map((g) => (
              <section key={g.id} className="card" aria-labelledby={`group-${g.id}`} data-testid="faq-group">
                <h3 id={`group-${g.id}`}>{g.name}</h3>
                <details className="console__faq-item" open={open(`g${g.id}`)}>
                  <summary>{t("consoleContent.editGroup", { name: g.name })}</summary>
                  <GroupForm group={g} />
                </details>
                {g.questions.length ? null : <p>{t("consoleContent.noQuestions")}</p>}
                {g.questions.map((q) => (
                  <details key={q.id} className="console__faq-item" open={open(`q${q.id}`)} data-testid="faq-question">
                    <summary>{q.question}</summary>
                    <QuestionForm groups={faq} groupId={g.id} question={q} />
                  </details>
                ))}
                <details className="console__faq-item" open={open(`new-q${g.id}`)}>
                  <summary>{t("consoleContent.addQuestion")}</summary>
                  <QuestionForm groups={faq} groupId={g.id} />
                </details>
              </section>
            ))}
        </section>
      ))}
      <section className="card" aria-labelledby="add-group">
        <h2 id="add-group">{t("consoleContent.addGroup")}</h2>
        <GroupForm />
      </section>
    </section>
  );
}
