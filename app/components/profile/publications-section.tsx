import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { PublicationsSectionData } from "~/domain/cases/publications.server";
import { useOpenedOnce } from "~/components/lazy-once";
import { useTranslation } from "~/lib/i18n";
import { FileName, useActionFetcher, useErrorAlert } from "./cases-shared";

// The add form loads on first use: it stays out of the page's first download.
const PublicationModal = lazy(() => import("./publication-modal"));
import "~/styles/profile-cases.css";

/** spec 2 §9: a publication's delete waits 400 ms, so repeated presses send one call. */
const DELETE_DEBOUNCE_MS = 400;

/**
 * Additional publications (spec 2 §2, anchor #publication): the owner's only, never shown to others
 * (the loader gives null there). Read-only on the expert view.
 */
export function PublicationsSection({ data }: { data: PublicationsSectionData }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [openCount, setOpenCount] = useState(0);
  const loaded = useOpenedOnce(adding);
  const [hidden, setHidden] = useState<number[]>([]);
  const errorAlert = useErrorAlert();
  // One wait per publication: pressing another one's delete meanwhile must not cancel this one's.
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((x) => clearTimeout(x));
  }, []);
  const remove = (id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        setHidden((h) => (h.includes(id) ? h : [...h, id]));
      }, DELETE_DEBOUNCE_MS),
    );
  };
  const failed = (id: number, message: string) => {
    setHidden((h) => h.filter((x) => x !== id));
    errorAlert.show(message || t("errors.unknown"));
  };
  const items = data.items.filter((p) => !hidden.includes(p.id));
  const label = (p: (typeof items)[number]) => p.description || p.link || p.filename || "";

  return (
    <div className="pc-section" data-testid="publications-section">
      {hidden.map((id) => (
        <Deletion key={id} id={id} onFailed={(message) => failed(id, message)} />
      ))}
      <div className="pc-section__head">
        <h2 className="pc-section__title">{t("profileCases.publications.title")}</h2>
        {!data.readOnly ? (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() => {
              setOpenCount((n) => n + 1);
              setAdding(true);
            }}
          >
            {t("profileCases.publications.addButton")}
          </button>
        ) : null}
      </div>
      <p className="note">{t("profileCases.publications.lead")}</p>
      {items.length ? (
        <ul className="pc-list">
          {items.map((p) => (
            <li key={p.id} className="pc-publication">
              <div className="pc-publication__body">
                {p.type === "link" ? (
                  <a href={p.link!} target="_blank" rel="noopener noreferrer nofollow" className="pc-links" aria-label={`${t("profileCases.publications.open", { name: label(p) })} ${t("common.newTab")}`}>
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
      {!data.readOnly && loaded ? (
        <Suspense fallback={null}>
          <PublicationModal key={openCount} open={adding} onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
      {errorAlert.element}
    </div>
  );
}

/** One publication's delete call, on its own fetcher: calls for two publications run side by side. */
function Deletion({ id, onFailed }: { id: number; onFailed: (message: string) => void }) {
  const sent = useRef(false);
  const remover = useActionFetcher(`publication-delete-${id}`, (answer) => {
    if (!answer.ok) onFailed(answer.message ?? "");
  });
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    remover.submit({ intent: "delete", id: String(id), _fetch: "1" }, { method: "post", action: "/profile/publications" });
  }, [id, remover]);
  return null;
}
