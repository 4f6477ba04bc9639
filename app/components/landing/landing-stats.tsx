import { useTranslation } from "~/lib/i18n";

export type LandingFigureTexts = { experts: string; areas: string; competences: string };

/**
 * The number a landing figure ("1000+", "70", "1 200") starts with, for its word's plural form; a figure
 * without one reads as "many" (5).
 */
export function figureCount(figure: string): number {
  const digits = /\d[\d\s\u00a0]*/.exec(figure)?.[0].replace(/\D/g, "");
  const n = digits ? Number(digits) : NaN;
  return Number.isSafeInteger(n) ? n : 5;
}

/**
 * The landing's three figures, each with its word in the figure's plural form ('71 направление бизнеса',
 * '1000+ экспертов'): the operators edit the figures in the console, which previews them with this.
 */
export function LandingStats({ figures, className, testIds = false }: { figures: LandingFigureTexts; className?: string; testIds?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {(["experts", "areas", "competences"] as const).map((k) => (
        <li key={k}>
          <strong data-testid={testIds ? `figure-${k}` : undefined}>{figures[k]}</strong> {t(`landingStats.${k}`, { count: figureCount(figures[k]) })}
        </li>
      ))}
    </ul>
  );
}
