import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import type { CompanyChoice } from "./company-picker";
import { foldName } from "~/domain/names";

/** spec 2 §9: the company search waits 400 ms after the last keystroke. */
const DEBOUNCE_MS = 400;

type Found = { id: number; name: string; status: "active" | "moderation" };

/**
 * The company picker's search results (spec 2 §2, §8), loaded on the first keystroke: the companies found,
 * or 'Таких компаний не найдено. Добавить новую?' with a button that adds the typed name (it goes to
 * moderation). The call is the profile's `GET /api/companies?name=` (active companies and the user's own
 * ones in moderation).
 */
export default function CompanyResults({ text, onChoose }: { text: string; onChoose: (choice: CompanyChoice) => void }) {
  const { t } = useTranslation();
  const [found, setFound] = useState<Found[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/companies?name=${encodeURIComponent(text)}`, { signal: controller.signal });
        if (res.ok) setFound((await res.json()) as Found[]);
      } catch {
        // Aborted by the next keystroke, or offline: the list stays as it was.
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  if (!found) return null;
  const moderation = (status: string) => (status === "moderation" ? <span className="company-picker__status"> · {t("invitePage.companyModeration")}</span> : null);
  const key = foldName(text);
  return (
    <>
      {found.length ? (
        <ul className="company-picker__list" aria-label={t("invitePage.companyResults")}>
          {found.map((c) => (
            <li key={c.id}>
              <button type="button" className="company-picker__option" onClick={() => onChoose({ id: c.id, name: c.name, moderation: c.status === "moderation" })}>
                {c.name}
                {moderation(c.status)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {found.some((c) => foldName(c.name) === key) ? null : (
        <div className="company-picker__new">
          {found.length ? null : <p>{t("invitePage.companyNotFound")}</p>}
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => onChoose({ id: null, name: text, moderation: true })}>
            {t("invitePage.companyAdd", { name: text })}
          </button>
        </div>
      )}
    </>
  );
}
