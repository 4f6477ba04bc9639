import { useTranslation } from "~/lib/i18n";

/** The status of a service as a chip: 'На модерации', rejected, hidden, active (spec 3 §4). */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`chip svc-chip svc-chip--${status}`}>
      <span className="visually-hidden">{t("servicesPage.statusLabel")}: </span>
      {t(`servicesPage.status_${status}`, { defaultValue: status })}
    </span>
  );
}

/** A field's errors under it, announced as they appear. */
export function Errors({ list, id }: { list?: string[]; id?: string }) {
  if (!list?.length) return null;
  return (
    <p className="field__error" role="alert" id={id}>
      {list.join(". ")}
    </p>
  );
}
