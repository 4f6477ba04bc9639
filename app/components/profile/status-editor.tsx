import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { PROFILE_LIMITS } from "~/domain/profile/limits";
import { useTranslation } from "~/lib/i18n";
import type { ProfileActionData } from "./types";

/** The status editor (spec 2 §5: up to 300 characters), loaded on first use. */
export default function StatusEditor({ status, onDone }: { status: string; onDone: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ProfileActionData>({ key: "profile-status" });
  const [text, setText] = useState(status);
  const area = useRef<HTMLTextAreaElement>(null);
  const started = useRef(false);
  const answer = fetcher.data?.intent === "status" ? fetcher.data : undefined;
  useEffect(() => area.current?.focus(), []);
  useEffect(() => {
    if (fetcher.state !== "idle") started.current = true;
    else if (started.current && answer?.ok) onDone();
  }, [fetcher.state, answer, onDone]);
  return (
    <fetcher.Form method="post" className="status-form">
      <input type="hidden" name="intent" value="status" />
      <label className="field__label" htmlFor="status-text">
        {t("profilePage.status.label")}
      </label>
      <textarea ref={area} id="status-text" name="text" className="field__input" rows={4} maxLength={PROFILE_LIMITS.statusMax} value={text} placeholder={t("profilePage.status.placeholder")} onChange={(e) => setText(e.target.value)} aria-describedby="status-counter" />
      <p id="status-counter" className="field__hint">
        {t("profilePage.status.counter", { count: text.length, max: PROFILE_LIMITS.statusMax })}
      </p>
      {answer && !answer.ok ? (
        <p className="field__error" role="alert">
          {answer.message}
        </p>
      ) : null}
      <div className="status-form__actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
          {t("profilePage.status.cancel")}
        </button>
        <button type="submit" className="btn btn--primary btn--sm" aria-busy={fetcher.state !== "idle" || undefined} onClick={(e) => fetcher.state !== "idle" && e.preventDefault()}>
          {t("profilePage.status.save")}
        </button>
      </div>
    </fetcher.Form>
  );
}
