import { describe, expect, it } from "vitest";
import { figureCount } from "~/components/landing/landing-stats";
import { translate } from "~/lib/i18n";
import en from "~/locales/en.pages";
import ru from "~/locales/ru.pages";

// The landing's figures are the operators' texts (the console's content page): each word follows its figure.
describe("the landing's figures", () => {
  it("read the number a figure starts with", () => {
    expect(figureCount("1000+")).toBe(1000);
    expect(figureCount("1 200")).toBe(1200);
    expect(figureCount("1\u00a0200+")).toBe(1200);
    expect(figureCount("71")).toBe(71);
    expect(figureCount("много")).toBe(5);
    expect(figureCount("99999999999999999999")).toBe(5);
  });

  it("put each word in the figure's Russian plural form, and the English one", () => {
    const word = (key: string, figure: string, lang: "ru" | "en" = "ru") => translate(lang === "ru" ? ru : en, lang, `landingStats.${key}`, { count: figureCount(figure) });
    expect(word("experts", "1000+")).toBe("экспертов");
    expect(word("experts", "21")).toBe("эксперт");
    expect(word("experts", "1 002")).toBe("эксперта");
    expect(word("areas", "71")).toBe("направление бизнеса");
    expect(word("areas", "72")).toBe("направления бизнеса");
    expect(word("areas", "70")).toBe("направлений бизнеса");
    expect(word("competences", "800")).toBe("областей компетенций");
    expect(word("competences", "11")).toBe("областей компетенций");
    expect(word("competences", "1", "en")).toBe("competence area");
    expect(word("experts", "1000+", "en")).toBe("experts");
  });
});
