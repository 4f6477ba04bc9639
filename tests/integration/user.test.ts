import { describe, expect, it } from "vitest";
import enPage from "~/locales/en";
import enServer from "~/locales/en.server";
import { withServerTexts } from "~/locales/with-server-texts";
import { api } from "../helpers/api";
import { count } from "../helpers/db";
import { createSignedInUser, createUser, signIn } from "../helpers/factories";

// The pages' texts and the server's own (e-mails, domain errors), as the server answers with them.
const en = withServerTexts(enPage, enServer);

describe("GET /api/user", () => {
  it("answers a guest with 401 {message}", async () => {
    const res = await api("/api/user");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Требуется авторизация" });
    expect((await api("/api/user", { lang: "en" })).body).toEqual({ message: en.errors.unauthorized });
  });

  it.each([
    ["a token nobody was given", "Bearer dead-token-that-was-never-issued-0123456789"],
    ["a too short token", "Bearer abc"],
    ["a malformed header", "Token something"],
    ["an empty bearer", "Bearer "],
  ])("answers %s with 401", async (_case, header) => {
    const res = await api("/api/user", { headers: { Authorization: header } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Требуется авторизация");
  });

  it("answers an expired session with 401", async () => {
    const user = await createSignedInUser();
    const { env } = await import("cloudflare:test");
    await env.DB.prepare("update sessions set expires_at = ? where user_id = ?").bind(Date.now() - 1, user.id).run();
    expect((await api("/api/user", { token: user.token })).status).toBe(401);
  });

  it("gives the signed-in user's own data, contacts included", async () => {
    const user = await createSignedInUser({ name: "Игорь", lastName: "Волков", phone: "+7 903 765-43-21" });
    const res = await api("/api/user", { token: user.token });
    expect(res.body).toMatchObject({
      id: user.id,
      name: "Игорь",
      lastName: "Волков",
      email: user.email,
      phone: "+7 903 765-43-21",
      isVerified: true,
      roles: ["customer"],
      is_expert: false,
      is_admin: false,
      impersonated_by: null,
      industries: [],
      options: [],
    });
  });
});

describe("GET /api/user/{id}", () => {
  it("shows another user's public data without e-mail or phone", async () => {
    const viewer = await createSignedInUser();
    const other = await createUser({ name: "Сергей", lastName: "Орлов", phone: "+7 916 000-11-22" });
    const res = await api(`/api/user/${other.id}`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: other.id, name: "Сергей", lastName: "Орлов" });
    expect(res.body).not.toHaveProperty("email");
    expect(res.body).not.toHaveProperty("phone");
    expect(res.body).not.toHaveProperty("corp_email");
    expect(JSON.stringify(res.body)).not.toContain(other.email);
    expect(JSON.stringify(res.body)).not.toContain("000-11-22");
  });

  it("shows the caller's own data in full", async () => {
    const me = await createSignedInUser();
    expect((await api(`/api/user/${me.id}`, { token: me.token })).body.email).toBe(me.email);
  });

  it("answers 404 for an id that does not exist", async () => {
    const viewer = await createSignedInUser();
    for (const id of ["999999", "abc", "0"]) {
      const res = await api(`/api/user/${id}`, { token: viewer.token });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: "Не найдено" });
    }
  });

  it("is refused to a guest with 401", async () => {
    const other = await createUser();
    expect((await api(`/api/user/${other.id}`)).status).toBe(401);
  });
});

describe("POST /api/logout", () => {
  it("revokes the token it is called with, and only that one", async () => {
    const user = await createSignedInUser();
    const otherDevice = await signIn(user);
    const res = await api("/api/logout", { method: "POST", token: user.token });
    expect(res.status).toBe(200);
    expect((await api("/api/user", { token: user.token })).status).toBe(401);
    expect((await api("/api/user", { token: otherDevice })).status).toBe(200);
    expect(await count("select count(*) as n from sessions where user_id = ?", user.id)).toBe(1);
  });

  it("is refused to a guest with 401", async () => {
    expect((await api("/api/logout", { method: "POST" })).status).toBe(401);
  });
});

describe("POST /api/user/password", () => {
  const change = (token: string, body: Record<string, unknown>) => api("/api/user/password", { json: body, token });

  it("changes the password, keeps this session and signs out the others", async () => {
    const user = await createSignedInUser();
    const otherDevice = await signIn(user);
    const res = await change(user.token, { old_password: user.password, password: "Changed_Pass2", password_confirmation: "Changed_Pass2" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Пароль успешно изменен!");
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
    expect((await api("/api/user", { token: otherDevice })).status).toBe(401);
    expect((await api("/api/login", { json: { email: user.email, password: user.password } })).status).toBe(422);
    expect((await api("/api/login", { json: { email: user.email, password: "Changed_Pass2" } })).status).toBe(200);
  });

  it("refuses a wrong current password ('Неверный текущий пароль') and keeps the old one", async () => {
    const user = await createSignedInUser();
    const res = await change(user.token, { old_password: "Not_The_Pass1", password: "Changed_Pass2", password_confirmation: "Changed_Pass2" });
    expect(res.status).toBe(422);
    expect(res.body.errors.old_password).toEqual(["Неверный текущий пароль"]);
    expect((await api("/api/login", { json: { email: user.email, password: user.password } })).status).toBe(200);
  });

  it("checks the new password like registration does", async () => {
    const user = await createSignedInUser();
    const res = await change(user.token, { old_password: user.password, password: "changed", password_confirmation: "other" });
    expect(res.status).toBe(422);
    expect(res.body.errors.password).toContain("Пароль должен содержать не менее 8 символов");
    expect(res.body.errors.password_confirmation).toEqual(["Пароли не совпадают"]);
  });

  it("is refused to a guest with 401", async () => {
    expect((await api("/api/user/password", { json: { old_password: "x", password: "Changed_Pass2", password_confirmation: "Changed_Pass2" } })).status).toBe(401);
  });
});
