import { lazy, Suspense, useState } from "react";
import type { CasesSectionData, CaseView } from "~/domain/cases/cases.server";
import { useOpenedOnce } from "~/components/lazy-once";
import { useTranslation } from "~/lib/i18n";
import { ConfirmDialog, FileName, useActionFetcher, useErrorAlert } from "./cases-shared";
import "~/styles/profile-cases.css";

// The add/edit form loads on first use: it stays out of the page's first download.
const CaseModal = lazy(() => import("./case-modal"));

/**
 * The profile's cases (spec 2 §2, anchor #case). Read-only on someone else's profile and the expert views:
 * no add, edit or delete, no empty-state prompt.
 */
export function CasesSection({ data }: { data: CasesSectionData }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<CaseView | "new" | null>(null);
  const [openCount, setOpenCount] = useState(0);
  const [toDelete, setToDelete] = useState<CaseView | null>(null);
  const errorAlert = useErrorAlert();
  const remover = useActionFetcher("case-delete", (answer) => {
    setToDelete(null);
    if (!answer.ok) errorAlert.show(answer.message || t("errors.unknown"));
  });
  const loaded = useOpenedOnce(editing !== null);
  const open = (value: CaseView | "new") => {
    setOpenCount((n) => n + 1);
    setEditing(value);
  };
  const { items, readOnly } = data;
  if (readOnly && !items.length) return null;

  return (
    <div className="pc-section" data-testid="cases-section">
      <div className="pc-section__head">
        <h2 className="pc-section__title">{t("profileCases.cases.title")}</h2>
        {!readOnly ? (
          <button type="button" className="btn btn--primary btn--sm" onClick={() => open("new")}>
            {t("profileCases.cases.add")}
          </button>
        ) : null}
      </div>
      {!items.length ? <p className="note">{t("profileCases.cases.empty")}</p> : null}
      <ul className="pc-list">
        {items.map((c) => (
          <li key={c.id} className="pc-case" aria-labelledby={`case-${c.id}-name`}>
            <div className="pc-case__head">
              <h3 id={`case-${c.id}-name`} className="pc-case__name">
                {c.name}
              </h3>
              {!readOnly ? (
                <div className="pc-case__actions">
                  <button type="button" className="btn btn--ghost btn--sm" onClick={() => open(c)} aria-label={t("profileCases.cases.edit", { name: c.name })}>
                    {t("profileCases.cases.editShort")}
                  </button>
                  <button type="button" className="btn btn--ghost btn--sm btn--danger-text" onClick={() => setToDelete(c)} aria-label={t("profileCases.cases.remove", { name: c.name })}>
                    {t("profileCases.cases.removeShort")}
                  </button>
                </div>
              ) : null}
            </div>
            <dl className="pc-case__props">
              <dt>{t("profileCases.cases.task")}</dt>
              <dd>{c.task}</dd>
              <dt>{t("profileCases.cases.solution")}</dt>
              <dd>{c.solution}</dd>
              <dt>{t("profileCases.cases.results")}</dt>
              <dd>{c.results}</dd>
              {c.links ? (
                <>
                  <dt>{t("profileCases.cases.links")}</dt>
                  <dd className="pc-links">{c.links}</dd>
                </>
              ) : null}
              {c.attachments.length ? (
                <>
                  <dt>{t("profileCases.cases.attachments")}</dt>
                  <dd>
                    <ul className="file-list pc-files">
                      {c.attachments.map((a) => (
                        <li key={a.id}>
                          <a href={a.url} aria-label={t("profileCases.cases.download", { name: a.name })}>
                            <FileName name={a.name} />
                          </a>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
      {!readOnly && loaded ? (
        <Suspense fallback={null}>
          <CaseModal key={openCount} open={editing !== null} value={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      {!readOnly ? (
        <ConfirmDialog
          open={toDelete !== null}
          title={t("profileCases.cases.deleteTitle")}
          text={t("profileCases.cases.deleteText", { name: toDelete?.name ?? "" })}
          confirmLabel={t("common.remove")}
          pending={remover.state !== "idle"}
          onClose={() => setToDelete(null)}
          onConfirm={() => toDelete && remover.submit({ intent: "delete", id: String(toDelete.id), _fetch: "1" }, { method: "post", action: "/profile/cases" })}
        />
      ) : null}
      {errorAlert.element}
    </div>
  );
}
