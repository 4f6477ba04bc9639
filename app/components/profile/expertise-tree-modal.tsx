import { useEffect, useId, useMemo, useState } from "react";
import { Modal } from "~/components/ui/modal";
import type { TreeItem } from "~/domain/experience/expertises.server";
import { EXPERIENCE_LIMITS } from "~/domain/experience/rules";
import { foldName } from "~/domain/names";
import { useTranslation } from "~/lib/i18n";
import { callApi } from "./api-client";
import { focusAfterRemove } from "~/lib/focus-on-remove";

/** Keeps the branches that lead to a leaf whose name matches (or all, without a query). */
function filterTree(items: TreeItem[], q: string): TreeItem[] {
  if (!q) return items;
  return items.flatMap((i) => {
    if (!i.children.length) return foldName(i.name).includes(q) ? [i] : [];
    const children = filterTree(i.children, q);
    return children.length ? [{ ...i, children }] : [];
  });
}
const leaves = (items: TreeItem[]): TreeItem[] => items.flatMap((i) => (i.children.length ? leaves(i.children) : [i]));

/**
 * The competence picker (spec 2 §4): the tree with search, only leaves selectable, the user's own
 * competences checked and disabled; a name with no match may be added as a new one ('На модерации').
 */
export default function ExpertiseTreeModal({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [tree, setTree] = useState<TreeItem[] | null>(null);
  const [query, setQuery] = useState("");
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [newItems, setNewItems] = useState<string[]>([]);
  const [error, setError] = useState("");
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!open) return;
    setQuery("");
    setChecked(new Set());
    setNewItems([]);
    setError("");
    // spec 2 §8: a failed load says so (the message, or 'неизвестная ошибка'), not an empty tree.
    callApi<{ expertises_tree: TreeItem[] }>("/api/expertises").then((res) => {
      if (res.ok && Array.isArray(res.body.expertises_tree)) setTree(res.body.expertises_tree);
      else {
        setTree([]);
        setError((!res.ok && res.message) || t("errors.unknown"));
      }
    });
  }, [open]);

  const q = foldName(query);
  const visible = useMemo(() => filterTree(tree ?? [], q), [tree, q]);
  const exact = q && (leaves(tree ?? []).some((l) => foldName(l.name) === q) || newItems.some((n) => foldName(n) === q));
  const count = checked.size + newItems.length;

  const toggle = (leafId: number, on: boolean) =>
    setChecked((s) => {
      const next = new Set(s);
      if (on) next.add(leafId);
      else next.delete(leafId);
      return next;
    });

  const save = async () => {
    if (!count || pending) return;
    setPending(true);
    const res = await callApi("/api/user/profile/expertises", { json: { expertises: { items: [...checked].map((expertise_id) => ({ expertise_id })), new_items: newItems.map((name) => ({ name })) } } });
    setPending(false);
    if (res.ok) onSaved();
    else setError(res.message || t("errors.unknown"));
  };

  const render = (items: TreeItem[], depth: number) => (
    <ul className={depth ? "xp-tree__sub" : "xp-tree"}>
      {items.map((i) =>
        i.children.length ? (
          <li key={i.id}>
            <details open={!!q || undefined}>
              <summary>{i.name}</summary>
              {render(i.children, depth + 1)}
            </details>
          </li>
        ) : (
          <li key={i.id}>
            <label className="checkbox">
              <input type="checkbox" checked={i.checked || checked.has(i.id)} disabled={i.disabled} onChange={(e) => toggle(i.id, e.target.checked)} />
              <span>
                {i.name}
                {i.status === "moderation" ? <span className="xp-muted"> {t("profileExperience.onModeration")}</span> : null}
              </span>
            </label>
          </li>
        ),
      )}
    </ul>
  );

  return (
    <Modal open={open} onClose={onClose} title={t("profileExperience.competenceModalTitle")}>
      <div className="form xp-form">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-search`}>
            {t("profileExperience.competenceSearch")}
          </label>
          <input id={`${id}-search`} className="field__input" type="search" value={query} maxLength={EXPERIENCE_LIMITS.expertiseNameMax} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
        </div>
        {q && !exact && query.trim().length >= 2 ? (
          <div className="xp-search__new">
            {!visible.length ? <p className="xp-muted">{t("profileExperience.competenceNotFound")}</p> : null}
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => {
                setNewItems((list) => [...list, query.trim().replace(/\s+/g, " ")]);
                setQuery("");
              }}
            >
              {t("profileExperience.competenceAdd", { name: query.trim() })}
            </button>
          </div>
        ) : null}
        {newItems.length ? (
          <div>
            <p className="field__label">{t("profileExperience.competenceNew")}</p>
            <ul className="chips">
              {newItems.map((n) => (
                <li key={n} className="chip chip--moderation">
                  {n} · {t("profileExperience.onModeration")}
                  <button type="button" className="xp-chip-remove" aria-label={t("profileExperience.removeNew", { name: n })} onClick={(e) => {
                      focusAfterRemove(e.currentTarget);
                      setNewItems((list) => list.filter((x) => x !== n));
                    }}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="xp-tree-box" aria-busy={tree === null || undefined}>
          {tree === null ? <p className="xp-muted">{t("common.loading")}</p> : render(visible, 0)}
        </div>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="xp-muted" aria-live="polite">
          {count ? t("profileExperience.selected", { count }) : ""}
        </p>
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t("profileExperience.cancel")}
          </button>
          <button type="button" className="btn btn--primary" disabled={!count || pending} aria-busy={pending || undefined} onClick={save}>
            {t("profileExperience.save")}
          </button>
        </div>
      </div>
    </Modal>
  );
}
