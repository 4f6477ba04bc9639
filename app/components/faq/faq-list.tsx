import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";

// The FAQ's search and list (spec 1 §2, spec 2 §2 'Settings page'), shared by /faq and /profile/settings.
// Texts come from the `faq` page namespace: a page that shows this list sends it (decision 0012).

export type FaqItem = { id: number; question: string; answerHtml: string };
export type FaqGroup = { id: number; groupName: string; questions: FaqItem[] };

export const FAQ_QUERY_MAX = 100;

/** A link to the support modal: the shell's HelpProvider opens it for any `#support` link (app/components/help.tsx). */
export function SupportLink({ className, children }: { className: string; children: ReactNode }) {
  return (
    <a className={className} href="#support">
      {children}
    </a>
  );
}

/**
 * The search box. Without JavaScript the form asks the server (GET `action?q=`, with `hidden` fields such
 * as the set); with it the list filters as one types and the submit button goes away.
 */
export function FaqSearch({ action, value, onChange, live, hidden = {} }: { action: string; value: string; onChange: (value: string) => void; live: boolean; hidden?: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <form method="get" action={action} role="search" className="faq-search" onSubmit={(e) => e.preventDefault()}>
      {Object.entries(hidden).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <label htmlFor="faq-q" className="visually-hidden">
        {t("faq.search")}
      </label>
      <svg className="faq-search__icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M13.5 13.5L17 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id="faq-q"
        name="q"
        type="search"
        className="faq-search__input"
        placeholder={t("faq.searchPlaceholder")}
        maxLength={FAQ_QUERY_MAX}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {live ? null : (
        <button type="submit" className="btn btn--primary faq-search__submit">
          {t("faq.searchSubmit")}
        </button>
      )}
    </form>
  );
}

/** The count of what was found, or 'Ничего не найдено…' with the way to support (a live region). */
export function FaqStatus({ found, searching }: { found: number; searching: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="faq__status" role="status">
      {found === 0 ? (
        <div className="faq-empty">
          <p className="faq-empty__text">{t("faq.notFound")}</p>
          <SupportLink className="btn btn--primary">{t("faq.contactSupport")}</SupportLink>
        </div>
      ) : searching ? (
        <p className="faq__found">{t("faq.found", { count: found })}</p>
      ) : null}
    </div>
  );
}

/** The groups of questions, each question a disclosure with its Markdown answer (rendered on the server). */
export function FaqGroups({ groups, headingLevel = 2 }: { groups: FaqGroup[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (!groups.length) return null;
  return (
    <div className="faq__groups">
      {groups.map((group) => (
        <section key={group.id} className="faq-group" aria-labelledby={`faq-group-${group.id}`}>
          <Heading className="faq-group__title" id={`faq-group-${group.id}`}>
            {group.groupName}
          </Heading>
          <div className="faq-group__list">
            {group.questions.map((item) => (
              <details key={item.id} className="faq-item">
                <summary className="faq-item__question">{item.question}</summary>
                <div className="faq-item__answer" dangerouslySetInnerHTML={{ __html: item.answerHtml }} />
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
