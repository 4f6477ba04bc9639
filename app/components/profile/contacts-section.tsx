import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useMemo, useState, type InputHTMLAttributes } from "react";
import { FIELD_LIMITS as LIMITS } from "~/domain/field-limits";
import { PROFILE_LIMITS } from "~/domain/profile/limits";
import { useTranslation } from "~/lib/i18n";
import type { ProfileActionData } from "./types";

type Contacts = { phone: string; email: string; corp_email: string; socials: { name: "vk" | "linkedIn"; link: string }[] };
const NETWORKS = ["vk", "linkedIn"] as const;

const valuesOf = (c: Contacts) => ({
  phone: c.phone,
  email: c.email,
  corp_email: c.corp_email,
  vk: c.socials.find((s) => s.name === "vk")?.link ?? "",
  linkedIn: c.socials.find((s) => s.name === "linkedIn")?.link ?? "",
});

/**
 * Контактная информация (spec 2 §2–§5). The owner edits; a save bar appears when a value differs from
 * what is stored ('Сохранить', then 'Сохранено'). Someone else sees the contacts only when
 * `contactsAllowed` allows it (after payment), otherwise the spec's text.
 */
export function ContactsSection({ contacts, editable }: { contacts: Contacts | null; editable: boolean }) {
  const { t } = useTranslation();
  return (
    <section id="contact" className="profile-section card" aria-labelledby="contact-title">
      <h2 id="contact-title">{t("profilePage.tabs.contact")}</h2>
      {!contacts ? (
        <p className="note" data-testid="contacts-hidden">
          {t("profilePage.contacts.hidden")}
        </p>
      ) : editable ? (
        <ContactsForm contacts={contacts} />
      ) : (
        <dl className="props">
          <dt>{t("profilePage.contacts.phone")}</dt>
          <dd>{contacts.phone || t("profilePage.contacts.none")}</dd>
          <dt>{t("profilePage.contacts.email")}</dt>
          <dd>{contacts.email}</dd>
          {contacts.corp_email ? (
            <>
              <dt>{t("profilePage.contacts.corpEmail")}</dt>
              <dd>{contacts.corp_email}</dd>
            </>
          ) : null}
          {contacts.socials.map((s) => (
            <SocialLink key={s.name} name={s.name} link={s.link} />
          ))}
        </dl>
      )}
    </section>
  );
}

function SocialLink({ name, link }: { name: string; link: string }) {
  const { t } = useTranslation();
  return (
    <>
      <dt>{t(`profilePage.contacts.${name}`)}</dt>
      <dd>
        <a href={link} rel="noopener noreferrer nofollow" target="_blank">
          {link}
          <span className="visually-hidden"> {t("common.newTab")}</span>
        </a>
      </dd>
    </>
  );
}

function ContactsForm({ contacts }: { contacts: Contacts }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ProfileActionData>({ key: "profile-contacts" });
  // The stored values by content, not by the loader's object: every save elsewhere on the page (a status,
  // a case, a work) reloads the page's data, and that must not throw away an edit not yet saved here.
  const storedKey = JSON.stringify(valuesOf(contacts));
  const stored = useMemo(() => JSON.parse(storedKey) as ReturnType<typeof valuesOf>, [storedKey]);
  const [values, setValues] = useState(stored);
  const [js, setJs] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => setJs(true), []);
  // After a save the loader's data is the new stored state.
  useEffect(() => setValues(stored), [stored]);
  const answer = fetcher.data?.intent === "contacts" ? fetcher.data : undefined;
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.ok) setSaved(true);
  }, [fetcher.state, answer]);
  const errors = answer && !answer.ok ? answer.errors : {};
  const dirty = (Object.keys(values) as (keyof typeof values)[]).some((k) => values[k].trim() !== stored[k]);
  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setSaved(false);
    setValues((v) => ({ ...v, [k]: e.target.value }));
  };
  const emailChanged = values.email.trim().toLowerCase() !== stored.email;
  const pending = fetcher.state !== "idle";
  // Without JavaScript the bar is always there: the form must still be sendable.
  const showBar = !js || dirty || pending || saved;
  return (
    // noValidate: the server's messages (spec 2 §5 texts) are shown next to the fields, in the page's language.
    <fetcher.Form method="post" className="form contacts-form" noValidate>
      <input type="hidden" name="intent" value="contacts" />
      <div className="grid-2">
        <Field label={t("profilePage.contacts.phone")} name="phone" type="tel" autoComplete="tel" required maxLength={LIMITS.phoneMax} value={values.phone} onChange={set("phone")} errors={errors?.phone} />
        <Field label={t("profilePage.contacts.email")} name="email" type="email" autoComplete="email" required maxLength={LIMITS.emailMax} value={values.email} onChange={set("email")} errors={errors?.email} hint={emailChanged ? t("profilePage.contacts.emailNote") : undefined} />
        <Field label={t("profilePage.contacts.corpEmail")} name="corp_email" type="email" maxLength={LIMITS.emailMax} value={values.corp_email} onChange={set("corp_email")} errors={errors?.corp_email} />
        {/* A new e-mail needs the current password (decision 0022); without JavaScript the field is always there. */}
        {!js || emailChanged ? (
          <Field label={t("profilePage.contacts.currentPassword")} name="current_password" type="password" autoComplete="current-password" maxLength={200} errors={errors?.current_password} hint={t("profilePage.contacts.currentPasswordHint")} />
        ) : null}
      </div>
      <fieldset className="contacts-form__socials">
        <legend className="field__label">{t("profilePage.contacts.socials")}</legend>
        <div className="grid-2">
          {NETWORKS.map((name, i) => (
            <div key={name}>
              <input type="hidden" name={`socials[${i}][name]`} value={name} />
              <Field label={t(`profilePage.contacts.${name}`)} name={`socials[${i}][link]`} type="url" inputMode="url" maxLength={PROFILE_LIMITS.socialLinkMax} placeholder={name === "vk" ? "https://vk.com/…" : "https://www.linkedin.com/in/…"} value={values[name]} onChange={set(name)} errors={errors?.[`socials.${i}.link`] ?? errors?.socials} />
            </div>
          ))}
        </div>
      </fieldset>
      {answer && !answer.ok && errors?.form ? (
        <p className="field__error" role="alert">
          {answer.message}
        </p>
      ) : null}
      {showBar ? (
        <div className="save-bar" role="region" aria-label={t("profilePage.saveBar.label")}>
          <span className="save-bar__text">{saved && !dirty ? null : t("profilePage.saveBar.label")}</span>
          {/* 'Сохранено' keeps the focus the press gave it: nothing to send, but not `disabled` (the pattern of
              ui/pending-button, written out: this page's JS budget). */}
          <button type="submit" className="btn btn--primary" aria-busy={pending || undefined} aria-disabled={pending || (saved && !dirty) || undefined} onClick={(e) => (pending || (saved && !dirty)) && e.preventDefault()}>
            {saved && !dirty ? t("profilePage.saveBar.saved") : t("profilePage.saveBar.save")}
          </button>
        </div>
      ) : null}
    </fetcher.Form>
  );
}

/** A labelled input with the server's message under it (lighter than ui/field: this page's JS budget). */
function Field({ label, errors, hint, ...rest }: InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; errors?: string[]; hint?: string }) {
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <div className={`field${invalid ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input id={id} className="field__input" aria-invalid={invalid || undefined} aria-describedby={invalid || hint ? `${id}-d` : undefined} {...rest} />
      {invalid || hint ? (
        <p id={`${id}-d`} className={invalid ? "field__error" : "field__hint"} role={invalid ? "alert" : undefined}>
          {invalid ? errors!.join(". ") : hint}
        </p>
      ) : null}
    </div>
  );
}
