import { useEffect, useRef, useState, type FormEvent } from "react";
import { LIMITS, NAME_PATTERN_HTML, PHONE_PATTERN_HTML } from "~/domain/limits";
import { useTranslation } from "~/lib/i18n";
import { Field, validityMessage } from "./ui/field";
import { AlertModal, Modal } from "./ui/modal";
import { SubmitButton } from "./ui/submit-button";
import { NEW_TAB } from "./nav-items";
import { useAnswerErrors } from "~/lib/answer-errors";

// The help modals, loaded when one first opens (app/components/help.tsx).

type SocialService = { code: string; name: string; link: string };
export type SupportInfo = { options: { email: string; tel: string }; socialServices: SocialService[] };

/** The floating help button's items (app/components/help.tsx). */
export function HelpMenu({ support, onCallback }: { support: SupportInfo; onCallback: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="help-fab__item" onClick={onCallback}>
        {t("help.callback")}
      </button>
      {support.socialServices.slice(0, 2).map((s) => (
        <a key={s.code} className="help-fab__item social-link" href={s.link} {...NEW_TAB}>
          {t("help.chat", { name: s.name })}
          <span className="visually-hidden"> {t("common.newTab")}</span>
        </a>
      ))}
    </>
  );
}

export default function HelpDialogs({ open, onClose, onCallback, support }: { open: "support" | "callback" | null; onClose: () => void; onCallback: () => void; support: SupportInfo }) {
  const { t } = useTranslation();
  return (
    <>
      <Modal open={open === "support"} onClose={onClose} title={t("help.supportTitle")}>
        <SupportInfoView support={support} onCallback={onCallback} />
      </Modal>
      <Modal open={open === "callback"} onClose={onClose} title={t("help.callbackTitle")}>
        {/* Mounted only while open: every opening starts with a fresh form, and a closed modal keeps
            no second "Имя"/"Телефон" field in the page. */}
        {open === "callback" ? <CallbackForm onDone={onClose} /> : null}
      </Modal>
    </>
  );
}

function SupportInfoView({ support, onCallback }: { support: SupportInfo; onCallback: () => void }) {
  const { t } = useTranslation();
  const { email, tel } = support.options;
  return (
    <>
      <p>{t("help.supportText")}</p>
      <dl className="support-info">
        {email ? (
          <>
            <dt>{t("fields.email")}</dt>
            <dd>
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
          </>
        ) : null}
        {tel ? (
          <>
            <dt>{t("fields.phone")}</dt>
            <dd>
              <a href={`tel:${tel.replace(/[^\d+]/g, "")}`}>{tel}</a>
            </dd>
          </>
        ) : null}
        {support.socialServices.length ? (
          <>
            <dt>{t("help.messengers")}</dt>
            <dd>
              <ul className="support-info__links">
                {support.socialServices.map((s) => (
                  <li key={s.code}>
                    <a className={`social-link social-link--${s.code}`} href={s.link} {...NEW_TAB}>
                      {s.name}
                      <span className="visually-hidden"> {t("common.newTab")}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onCallback}>
          {t("help.callback")}
        </button>
      </div>
    </>
  );
}

type CallbackAnswer = { sent: true; message: string } | { message: string; errors: Record<string, string[]> };

/** The callback request (spec 1 §2, §5, §8): name and phone; field messages from the server, an alert for any other failure. */
function CallbackForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<CallbackAnswer | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const sent = answer && "sent" in answer ? answer.message : null;
  const { errors, onChange: dismissError } = useAnswerErrors(answer && "errors" in answer ? answer.errors : undefined);
  // The form leaves with the answer: the focus goes to the news that replaced it.
  const sentRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setPending(true);
    try {
      const res = await fetch("/contact", { method: "POST", body: new FormData(e.currentTarget) });
      const body = (await res.json()) as CallbackAnswer;
      setAnswer(body);
      // Field messages go next to the fields; any other failure (a limit, the server) to an alert (spec 1 §8).
      if ("errors" in body && !body.errors.name?.length && !body.errors.phone?.length) setAlert(body.message || t("errors.unknown"));
    } catch {
      setAlert(t("errors.unknown"));
    } finally {
      setPending(false);
    }
  }
  return (
    <>
      {sent ? (
        <>
          <p className="success" role="status" tabIndex={-1} ref={sentRef}>
            {sent}
          </p>
          <div className="modal__actions">
            <button type="button" className="btn btn--primary" onClick={onDone}>
              {t("common.ok")}
            </button>
          </div>
        </>
      ) : (
        <form method="post" action="/contact" className="form" onSubmit={onSubmit} onChange={dismissError}>
          <p>{t("help.callbackText")}</p>
          <Field
            label={t("fields.name")}
            name="name"
            autoComplete="given-name"
            required
            maxLength={LIMITS.nameMax}
            pattern={NAME_PATTERN_HTML}
            errors={errors.name}
            invalidMessage={validityMessage(t, { valueMissing: "validation.name_required", patternMismatch: "validation.name_letters" })}
          />
          <Field
            label={t("fields.phone")}
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            maxLength={LIMITS.phoneMax}
            pattern={PHONE_PATTERN_HTML}
            placeholder="+7 (999) 123-45-67"
            errors={errors.phone}
            invalidMessage={validityMessage(t, { valueMissing: "validation.phone_required", patternMismatch: "validation.phone_invalid" })}
          />
          <SubmitButton pending={pending}>{t("help.send")}</SubmitButton>
        </form>
      )}
      <AlertModal open={alert !== null} onClose={() => setAlert(null)} title={t("common.errorTitle")} text={alert ?? ""} />
    </>
  );
}

