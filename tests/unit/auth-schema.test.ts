import { describe, expect, it } from "vitest";
import { loginSchema, registerSchema, resetPasswordSchema } from "~/domain/auth/schema";
import { decodeInviteHash, encodeInviteHash } from "~/domain/auth/invite-hash";
import { DomainError } from "~/domain/errors";
import { EMAIL_PATTERN, NAME_PATTERN, NAME_PATTERN_HTML, parseInput } from "~/domain/validation";
import { EMAIL_PATTERN_HTML } from "~/domain/limits";
import { hashPassword, verifyPassword } from "~/server/password.server";

function fieldErrors(schema: Parameters<typeof parseInput>[0], input: unknown) {
  try {
    parseInput(schema, input);
    return {};
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return e.fields ?? {};
  }
}

const customer = { name: "Анна", lastName: "Смирнова-Ли", email: "anna@example.ru", phone: "+7 916 123-45-67", password: "Secret_12" };

describe("sign-in rules (spec 1 §5)", () => {
  it("requires a valid e-mail and a password", () => {
    expect(fieldErrors(loginSchema, { email: "", password: "" })).toEqual({ email: ["validation.email_required"], password: ["validation.password_required"] });
    expect(fieldErrors(loginSchema, { email: "anna@", password: "x" })).toEqual({ email: ["validation.email_invalid"] });
  });
  it("lower-cases and trims the e-mail", () => {
    expect(parseInput(loginSchema, { email: "  Anna@Example.RU ", password: "x" }).email).toBe("anna@example.ru");
  });
});

describe("registration rules (spec 1 §5)", () => {
  const schema = registerSchema("RU");
  it("accepts a customer", () => {
    expect(fieldErrors(schema, customer)).toEqual({});
  });
  it("allows only Cyrillic or Latin letters and a hyphen in names", () => {
    expect(fieldErrors(schema, { ...customer, name: "Анна1", lastName: "" })).toEqual({
      name: ["validation.name_letters"],
      lastName: ["validation.last_name_required"],
    });
    expect(fieldErrors(schema, { ...customer, name: "Anna-Maria" })).toEqual({});
  });
  it("checks the phone: required, allowed characters, at most 25, valid", () => {
    expect(fieldErrors(schema, { ...customer, phone: "" }).phone).toEqual(["validation.phone_required"]);
    expect(fieldErrors(schema, { ...customer, phone: "+7 916 abc" }).phone).toContain("validation.phone_invalid");
    expect(fieldErrors(schema, { ...customer, phone: "+7 (916) 123-45-67 00000000" }).phone).toContain("validation.phone_max");
    expect(fieldErrors(schema, { ...customer, phone: "123" }).phone).toEqual(["validation.phone_invalid"]);
    expect(fieldErrors(schema, { ...customer, phone: "8 (916) 123-45-67" })).toEqual({});
  });
  it("checks the password: at least 8, an uppercase letter, Latin letters, digits and _ * @ ! # only", () => {
    expect(fieldErrors(schema, { ...customer, password: "" }).password).toEqual(["validation.password_required"]);
    expect(fieldErrors(schema, { ...customer, password: "Ab_1" }).password).toEqual(["validation.password_min"]);
    expect(fieldErrors(schema, { ...customer, password: "secret_12" }).password).toEqual(["validation.password_uppercase"]);
    expect(fieldErrors(schema, { ...customer, password: "Secret 12$" }).password).toEqual(["validation.password_chars"]);
    expect(fieldErrors(schema, { ...customer, password: "Пароль_12A" }).password).toEqual(["validation.password_chars"]);
  });
  it("requires industries (at most 11) and functions of an expert", () => {
    expect(fieldErrors(schema, { ...customer, is_expert: "1" })).toEqual({ industry: ["validation.industries_required"], option: ["validation.options_required"] });
    const twelve = Array.from({ length: 12 }, (_, i) => String(i + 1));
    expect(fieldErrors(schema, { ...customer, is_expert: "1", industry: twelve, option: ["1"] }).industry).toEqual(["validation.industries_limit"]);
    expect(fieldErrors(schema, { ...customer, is_expert: "1", industry: ["1"], new_option: [{ name: "Своя функция" }] })).toEqual({});
  });
  it("refuses more than 5 resume files", () => {
    const files = Array.from({ length: 6 }, (_, i) => new File(["%PDF-1.4"], `cv${i}.pdf`));
    expect(fieldErrors(schema, { ...customer, is_expert: "1", industry: ["1"], option: ["1"], resume: files }).resume).toEqual(["validation.files_count"]);
  });
  it("answers a wrong type with a message, not an exception", () => {
    expect(fieldErrors(schema, { ...customer, name: 42, industry: "x" })).toMatchObject({ name: ["validation.invalid"] });
  });
});

describe("password reset rules (spec 1 §5)", () => {
  it("uses the reset page's own messages", () => {
    expect(fieldErrors(resetPasswordSchema, { email: "x", token: "", password: "Secret_12", password_confirmation: "Secret_13" })).toEqual({
      email: ["validation.email_invalid_reset"],
      token: ["validation.code_required"],
      password_confirmation: ["validation.password_mismatch"],
    });
  });
});

describe("the invitation hash (spec 1 §2)", () => {
  it("round-trips Cyrillic names", () => {
    const hash = encodeInviteHash({ name: "Пётр", lastName: "Соколов", email: "p@example.ru", phone: "+79161234567", invite_id: 7, is_invited: true });
    expect(decodeInviteHash(hash)).toEqual({ name: "Пётр", lastName: "Соколов", email: "p@example.ru", phone: "+79161234567", invite_id: 7, is_invited: true });
  });
  it("ignores garbage", () => {
    expect(decodeInviteHash("%%%")).toBeNull();
    expect(decodeInviteHash(encodeInviteHash({ invite_id: -3 }))?.invite_id).toBeUndefined();
  });
});

describe("password hashing", () => {
  it("verifies the right password only and names its parameters", async () => {
    const stored = await hashPassword("Secret_12");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[\w-]+\$[\w-]+$/);
    expect((await verifyPassword("Secret_12", stored)).ok).toBe(true);
    expect((await verifyPassword("Secret_13", stored)).ok).toBe(false);
  });
  it("asks for a re-hash when the stored iterations are lower", async () => {
    const weak = await hashPassword("Secret_12", 1000);
    expect(await verifyPassword("Secret_12", weak)).toEqual({ ok: true, needsRehash: true });
  });
});

describe("a name's rule in the browser and on the server", () => {
  // The browser checks an input's `pattern` whole, with the `v` flag, on the value as typed.
  const browser = new RegExp(`^(?:${NAME_PATTERN_HTML})$`, "v");
  const server = (v: string) => NAME_PATTERN.test(v.trim());
  it("lets spaces around a name through to the server, which trims them (a phone keyboard adds one)", () => {
    for (const v of ["Иван ", " Анна-Мария", "Smith", "Жанна-"]) {
      expect(browser.test(v), v).toBe(true);
      expect(server(v), v).toBe(true);
    }
  });
  it("refuses in the browser what the server refuses, so its message is the right one", () => {
    for (const v of ["-Анна", "Анна--Мария", "Ив4н", "Анна Мария", ""]) {
      expect(browser.test(v), v).toBe(false);
      expect(server(v), v).toBe(false);
    }
  });
});

describe("an e-mail's rule in the browser and on the server", () => {
  const browser = new RegExp(`^(?:${EMAIL_PATTERN_HTML})$`, "v");
  it("agree: an address the browser lets through is one the server takes", () => {
    for (const v of ["anna@example.ru", " anna.k@mail.example.com "]) expect([browser.test(v), EMAIL_PATTERN.test(v.trim())], v).toEqual([true, true]);
    for (const v of ["a@b", "anna@example.r", "an na@example.ru", "anna@@example.ru"]) expect([browser.test(v), EMAIL_PATTERN.test(v.trim())], v).toEqual([false, false]);
  });
});
