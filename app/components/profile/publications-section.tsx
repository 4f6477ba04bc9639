import { useEffect, useRef, useState } from "react";
import type { PublicationsSectionData } from "~/domain/cases/publications.server";
import { ATTACHMENT_ACCEPT, CASE_LIMITS } from "~/domain/cases/limits";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useTranslation } from "~/lib/i18n";
import { FetchFlag, FileName, useActionFetcher, useErrorAlert } from "./cases-shared";
import "~/styles/profile-cases.css";

/** spec 2 §9: a publication's delete waits 400 ms, so repeated presses send one call. */
const DELETE_DEBOUNCE_MS = 400;

/**
 * Additional publications (spec 2 §2, anchor #publication): the owner's only, never shown to others
 * (the loader gives null there). Read-only on the expert view.
 */
export function PublicationsSection({ data }: { data: PublicationsSectionData }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<"link" | "file">("link");
  const [link, setLink] = useState("");
  const [hidden, setHidden] = useState<number[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const errorAlert = useErrorAlert();
  // A field's message goes once the person edits the field, until the next answer.
  const [edited, setEdited] = useState<string[]>([]);
  const adder = useActionFetcher("publication-add", (answer) => {
    setEdited([]);
    if (!answer.ok) return;
    formRef.current?.reset();
    setLink("");
  });
  const remover = useActionFetcher("publication-delete", (answer) => {
    if (!answer.ok) {
      setHidden([]);
      errorAlert.show(answer.message ?? t("errors.unknown"));
    }
  });
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const remove = (id: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setHidden((h) => [...h, id]);
      remover.submit({ intent: "delete", id: String(id), _fetch: "1" }, { method: "post", action: "/profile/publications" });
    }, DELETE_DEBOUNCE_MS);
  };
  const answered = adder.state === "idle" && adder.data && !adder.data.ok ? (adder.data.errors ?? {}) : {};
  const errors = Object.fromEntries(Object.entries(answered).filter(([field]) => !edited.includes(field)));
  const items = data.items.filter((p) => !hidden.includes(p.id));
  const label = (p: (typeof items)[number]) => p.description || p.link || p.filename || "";

  return (
    <div className="pc-section" data-testid="publications-section">
      <div className="pc-section__head">
        <h2 className="pc-section__title">{t("profileCases.publications.title")}</h2>
      </div>
      <p className="note">{t("profileCases.publications.lead")}</p>
      {items.length ? (
        <ul className="pc-list">
          {items.map((p) => (
            <li key={p.id} className="pc-publication">
              <div className="pc-publication__body">
                {p.type === "link" ? (
                  <a href={p.link!} target="_blank" rel="noopener noreferrer nofollow" className="pc-links" aria-label={t("profileCases.publications.open", { name: label(p) })}>
                    {p.link}
                  </a>
                ) : (
                  <a href={p.filepath!} aria-label={t("profileCases.publications.open", { name: label(p) })}>
                    <FileName name={p.filename ?? ""} />
                  </a>
                )}
                {p.description ? <p className="pc-publication__description">{p.description}</p> : null}
              </div>
              {!data.readOnly ? (
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => remove(p.id)} aria-label={t("profileCases.publications.remove", { name: label(p) })}>
                  {t("common.remove")}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : !data.readOnly ? (
        <p className="note">{t("profileCases.publications.empty")}</p>
      ) : null}
      {!data.readOnly ? (
        <adder.Form ref={formRef} method="post" action="/profile/publications" encType="multipart/form-data" className="form pc-publication-form"
          noValidate
          onInput={(e) => {
            const name = (e.target as HTMLInputElement).name;
            if (name && !edited.includes(name)) setEdited((prev) => [...prev, name]);
          }}
        >
          <FetchFlag />
          <fieldset className="pc-kind">
            <legend className="field__label">{t("profileCases.publications.kindLabel")}</legend>
            <label className="checkbox">
              <input type="radio" name="type" value="link" checked={kind === "link"} onChange={() => setKind("link")} />
              {t("profileCases.publications.linkTab")}
            </label>
            <label className="checkbox">
              <input type="radio" name="type" value="file" checked={kind === "file"} onChange={() => setKind("file")} />
              {t("profileCases.publications.fileTab")}
            </label>
          </fieldset>
          {kind === "link" ? (
            <Field
              label={t("profileCases.publications.link")}
              name="link"
              type="url"
              inputMode="url"
              value={link}
              onChange={(e) => setLink(e.currentTarget.value)}
              errors={errors.link}
              hint={t("profileCases.publications.linkHint")}
            />
          ) : (
            <Field label={t("profileCases.publications.file")} name="publication_file" type="file" accept={ATTACHMENT_ACCEPT} errors={errors.publication_file} hint={t("profileCases.publications.fileHint")} />
          )}
          <Field label={t("profileCases.publications.description")} name="description" errors={errors.description} hint={t("profileCases.publications.descriptionHint")} autoComplete="off" />
          <div>
            {/* spec 2 §5: a link can be added from 10 characters on. */}
            <SubmitButton pending={adder.state !== "idle"} disabled={kind === "link" && link.trim().length < CASE_LIMITS.linkMinForButton} className="btn btn--primary btn--sm">
              {t("profileCases.publications.add")}
            </SubmitButton>
          </div>
        </adder.Form>
      ) : null}
      {errorAlert.element}
    </div>
  );
}
