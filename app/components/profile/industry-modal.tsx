import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { IndustryPicker, OptionPicker } from "~/components/expertise-pickers";
import { Modal } from "~/components/ui/modal";
import { MODERATION_GROUP_ID, PROFILE_LIMITS } from "~/domain/profile/limits";
import { useTranslation } from "~/lib/i18n";
import type { Projects } from "./projects-section";
import { forgetReference, ReferencePending, useReference, type Reference } from "./reference";
import type { ProfileActionData } from "./types";
import { foldName } from "~/domain/names";

type NewOption = { id: number; name: string };
type Draft = Record<number, { options: number[]; newOptions: NewOption[] }>;

/**
 * The industry modal (spec 2 §2, §4, §5): industries (up to 100) and, for each, its functions; a new
 * function waits under 'Другое (на модерацию)' with a temporary id from -10 down. Saving sends the
 * spec's industries payload; each industry needs a function; the save is locked for 5 seconds.
 */
export default function IndustryModal({ open, onClose, projects }: { open: boolean; onClose: () => void; projects: Projects }) {
  const { t } = useTranslation();
  const reference = useReference(open);
  return (
    <Modal open={open} onClose={onClose} title={t("profilePage.projects.modalTitle")}>
      {reference && reference !== "failed" ? <IndustryEditor open={open} onClose={onClose} projects={projects} reference={reference} /> : <ReferencePending failed={reference === "failed"} />}
    </Modal>
  );
}

function IndustryEditor({ open, onClose, projects, reference }: { open: boolean; onClose: () => void; projects: Projects; reference: Reference }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ProfileActionData>({ key: "profile-industries" });
  const [ids, setIds] = useState<number[]>([]);
  const [draft, setDraft] = useState<Draft>({});
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const lockTimer = useRef<ReturnType<typeof setTimeout>>();
  const answer = fetcher.data?.intent === "industries" ? fetcher.data : undefined;

  useEffect(() => {
    if (!open) return;
    // Opens as saved: the functions chosen under each industry; the unlinked ones under the first.
    setIds(projects.industries.map((i) => i.id));
    const d: Draft = {};
    projects.industries.forEach((i, n) => (d[i.id] = { options: n === 0 ? [...new Set([...i.options, ...projects.unlinked])] : i.options, newOptions: [] }));
    setDraft(d);
    setError(null);
  }, [open, projects]);
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      // A proposed function is now one's own in /api/options: the next editor fetches the lists again.
      forgetReference();
      onClose();
    } else setError(answer.message);
  }, [fetcher.state, answer, onClose]);
  useEffect(() => () => clearTimeout(lockTimer.current), []);

  const main = reference.options.filter((o) => o.parent_id === null);
  const all = reference.options;
  const names = new Map(reference.industries.map((i) => [i.id, i.name]));
  const entry = (id: number) => draft[id] ?? { options: [], newOptions: [] };
  const update = (id: number, patch: Partial<Draft[number]>) => setDraft((d) => ({ ...d, [id]: { ...entry(id), ...patch } }));

  function save() {
    // spec 2 §5: nothing is saved without a selection (the button says so too).
    if (locked || fetcher.state !== "idle" || !ids.length) return;
    // The server checks all of this again (app/domain/profile/schema.ts); here it only saves a round trip.
    if (ids.some((id) => !entry(id).options.length && !entry(id).newOptions.length)) return setError(t("profilePage.projects.needsFunction"));
    const distinct = new Set(ids.flatMap((id) => entry(id).options));
    const fresh = new Set(ids.flatMap((id) => entry(id).newOptions.map((o) => foldName(o.name))));
    if (ids.length > PROFILE_LIMITS.industries) return setError(t("profilePage.projects.industriesLimit"));
    if (distinct.size + fresh.size > PROFILE_LIMITS.options) return setError(t("profilePage.projects.optionsLimit"));
    setError(null);
    const payload = ids.map((id) => ({ id, options: entry(id).options, new_options: entry(id).newOptions.map((o) => ({ parent_id: MODERATION_GROUP_ID, name: o.name })) }));
    // spec 2 §4: a 5-second double-submit lock on the industry save.
    setLocked(true);
    lockTimer.current = setTimeout(() => setLocked(false), PROFILE_LIMITS.industrySaveLockMs);
    fetcher.submit({ intent: "industries", industries: JSON.stringify(payload) }, { method: "post" });
  }

  const busy = locked || fetcher.state !== "idle";
  return (
    <>
      <div className="industry-modal">
        <IndustryPicker industries={reference.industries} selected={ids} onChange={setIds} limit={PROFILE_LIMITS.industries} />
        {ids.map((id) => (
          <div key={id} className="industry-modal__functions" data-testid={`industry-functions-${id}`}>
            <OptionPicker
              legend={t("profilePage.projects.functionsFor", { name: names.get(id) ?? "" })}
              main={main}
              all={all}
              selected={entry(id).options}
              onChange={(options) => update(id, { options })}
              newOptions={entry(id).newOptions}
              onNewOptions={(newOptions) => update(id, { newOptions })}
            />
          </div>
        ))}
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t("profilePage.projects.cancel")}
        </button>
        <button type="button" className="btn btn--primary" onClick={save} aria-disabled={busy || !ids.length || undefined} aria-busy={fetcher.state !== "idle" || undefined}>
          {t("profilePage.projects.save")}
        </button>
      </div>
    </>
  );
}
