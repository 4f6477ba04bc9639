import { startTransition, useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n";

export type Option = { id: number; name: string; parent_id: number | null; status: string };
export type Reference = { industries: { id: number; name: string }[]; options: Option[] };

let pending: Promise<Reference> | undefined;

/**
 * The industries and functions the profile's editors pick from (the industry modal, the work modal, the
 * council form). They are not part of the page: they are fetched once, when an editor first needs them,
 * from the API's reference calls. Decision 0020.
 */
export function loadReference(): Promise<Reference> {
  return (pending ??= Promise.all([fetch("/api/industries").then(json), fetch("/api/options").then(json)])
    .then(([industries, options]) => ({ industries: industries as Reference["industries"], options: options as Option[] }))
    .catch((e) => {
      pending = undefined;
      throw e;
    }));
}

/** After a save that proposed new functions: the next editor fetches the lists again (they include one's own proposals). */
export function forgetReference() {
  pending = undefined;
}

async function json(res: Response) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status}`);
  return res.json();
}

/** The lists once `enabled` (e.g. the modal is open): null until they have arrived, "failed" if they could not be fetched. */
export function useReference(enabled: boolean): Reference | "failed" | null {
  const [reference, setReference] = useState<Reference | "failed" | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    // A transition: the lists may arrive while parts of the page are still hydrating (React error #421).
    loadReference().then(
      (r) => live && startTransition(() => setReference(r)),
      () => live && startTransition(() => setReference("failed")),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return reference;
}

/** What an editor shows instead of its pickers while the lists load, or when they could not be fetched. */
export function ReferencePending({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="note" role="status">
      {failed ? t("common.errorTitle") : t("common.loading")}
    </p>
  );
}
