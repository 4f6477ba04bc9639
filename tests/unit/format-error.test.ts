import { describe, expect, it } from "vitest";
import { formatError } from "~/lib/format-error";

describe("the error formatter (spec 1 §8)", () => {
  it("prefers the server's message", () => {
    expect(formatError({ message: "Неверный e-mail или пароль", errors: { password: ["x"] } }, "неизвестная ошибка")).toBe("Неверный e-mail или пароль");
  });
  it("joins the values of the error object with commas when there is no message", () => {
    expect(formatError({ errors: { name: ["Имя обязательно для заполнения"], phone: ["Некорректный номер телефона"] } }, "?")).toBe(
      "Имя обязательно для заполнения, Некорректный номер телефона",
    );
    expect(formatError({ a: "первое", b: "второе" }, "?")).toBe("первое, второе");
  });
  it("falls back to the unknown-error text", () => {
    expect(formatError(null, "неизвестная ошибка")).toBe("неизвестная ошибка");
    expect(formatError({}, "неизвестная ошибка")).toBe("неизвестная ошибка");
  });
});
