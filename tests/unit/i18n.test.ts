import { describe, expect, it } from "vitest";
import { translate } from "~/lib/i18n";
import en from "~/locales/en";
import enPages from "~/locales/en.pages";
import enServer from "~/locales/en.server";
import ru from "~/locales/ru";
import ruPages from "~/locales/ru.pages";
import ruServer from "~/locales/ru.server";

describe("page translations", () => {
  it("uses the Russian plural forms for one, few and many", () => {
    const minutes = (count: number) => translate(ruServer, "ru", "errors.rate_limited", { count });
    expect(minutes(1)).toBe("Слишком много попыток. Повторите через 1 минуту");
    expect(minutes(3)).toBe("Слишком много попыток. Повторите через 3 минуты");
    expect(minutes(5)).toBe("Слишком много попыток. Повторите через 5 минут");
    expect(minutes(11)).toBe("Слишком много попыток. Повторите через 11 минут");
    expect(minutes(21)).toBe("Слишком много попыток. Повторите через 21 минуту");
    expect(minutes(22)).toBe("Слишком много попыток. Повторите через 22 минуты");
  });

  it("agrees the verb with the count: 'Остался 1 день', 'Осталось 2 дня', 'Осталось 5 дней'", () => {
    const left = (count: number) => translate(ruPages, "ru", "demands.daysLeft", { count });
    expect(left(1)).toBe("Остался 1 день");
    expect(left(21)).toBe("Остался 21 день");
    expect(left(2)).toBe("Осталось 2 дня");
    expect(left(5)).toBe("Осталось 5 дней");
    expect(left(11)).toBe("Осталось 11 дней");
  });

  it("uses the English plural forms", () => {
    expect(translate(enPages, "en", "landing.industriesCount", { count: 1 })).toBe("1 industry");
    expect(translate(enPages, "en", "landing.industriesCount", { count: 52 })).toBe("52 industries");
  });

  it("interpolates values and keeps the spec's texts", () => {
    expect(translate(ru, "ru", "impersonation.banner", { name: "Анна Смирнова" })).toBe("Просмотр от Анна Смирнова");
    expect(translate(ruPages, "ru", "signUpPage.becomeExpertTitle")).toBe("Хотите получать проекты в роли эксперта?");
  });

  it("falls back to the default value, then to the key", () => {
    expect(translate(ru, "ru", "no.such.key", { defaultValue: "неизвестная ошибка" })).toBe("неизвестная ошибка");
    expect(translate(ru, "ru", "no.such.key")).toBe("no.such.key");
  });

  it("has every Russian key in English", () => {
    const keys = (o: object, prefix = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`)));
    expect(keys(en).sort()).toEqual(keys(ru).sort());
    expect(keys(enServer).sort()).toEqual(keys(ruServer).sort());
    expect(keys(enPages).sort()).toEqual(keys(ruPages).sort());
  });

  it("writes no word with Latin and Cyrillic letters mixed (a Latin 'C' in 'Cпециалист' misleads search and screen readers)", () => {
    const texts = (o: object, prefix = ""): [string, string][] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : texts(v as object, `${prefix}${k}.`)));
    const mixed = [ru, ruPages, ruServer].flatMap((o) => texts(o)).filter(([, v]) => /[A-Za-z][А-Яа-яЁё]|[А-Яа-яЁё][A-Za-z]/.test(v));
    expect(mixed).toEqual([]);
  });

  it("keeps each key in one file: the common texts, a single page's or the server's own", () => {
    const keys = (o: object, prefix = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`)));
    const common = new Set(keys(ru));
    expect(keys(ruServer).filter((k) => common.has(k))).toEqual([]);
    expect(keys(ruPages).filter((k) => common.has(k))).toEqual([]);
    // A page namespace is a whole namespace: none of them is also a common one.
    expect(Object.keys(ruPages).filter((ns) => ns in ru)).toEqual([]);
  });
});
