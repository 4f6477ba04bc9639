import { useTranslation } from "~/lib/i18n";

/** A section that a later issue fills: its title and a plain note that it is in development. */
export function SectionPlaceholder({ titleKey, textKey, level = 1 }: { titleKey: string; textKey: string; level?: 1 | 2 }) {
  const { t } = useTranslation();
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div className="card placeholder">
      <span className="placeholder__badge">{t("common.inDevelopment")}</span>
      <Heading>{t(titleKey)}</Heading>
      <p>{t(textKey)}</p>
    </div>
  );
}
