import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { createSignedInUser } from "../helpers/factories";

describe("cookie sessions and the Origin check", () => {
  it("accepts the page cookie as a session", async () => {
    const user = await createSignedInUser();
    const res = await api("/api/user", { cookie: `session=${user.token}` });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
  });

  it("refuses a cross-origin POST made with a cookie session (403) and keeps the session", async () => {
    const user = await createSignedInUser();
    const res = await api("/api/logout", { method: "POST", cookie: `session=${user.token}`, headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "Запрос отклонён: неизвестный источник" });
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
  });

  it("refuses a cross-origin POST even without a session", async () => {
    const res = await api("/api/login", { json: { email: "a@example.ru", password: "x" }, headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });

  it("accepts a same-origin POST with a cookie session", async () => {
    const user = await createSignedInUser();
    const res = await api("/api/logout", { method: "POST", cookie: `session=${user.token}`, headers: { Origin: "http://localhost" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toMatch(/^session=;.*Max-Age=0/);
    expect((await api("/api/user", { token: user.token })).status).toBe(401);
  });

  it("accepts a bearer-token POST whatever its Origin (API clients are not browsers with cookies)", async () => {
    const user = await createSignedInUser();
    const res = await api("/api/logout", { method: "POST", token: user.token, headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(200);
  });

  it("clears a dead session cookie", async () => {
    const res = await api("/api/user", { cookie: "session=dead-token-that-was-never-issued-0123456789" });
    expect(res.status).toBe(401);
    expect(res.headers.get("Set-Cookie")).toMatch(/^session=;.*Max-Age=0/);
  });
});

describe("headers on every response", () => {
  const requests: [string, Parameters<typeof api>[1]][] = [
    ["/api/industries", {}],
    ["/api/user", {}],
    ["/api/no-such-call", {}],
    ["/api/login", { json: {} }],
    ["/api/register", { body: "{", headers: { "Content-Type": "application/json" } }],
    ["/dev/mail.json", {}],
    ["/", {}],
  ];
  it.each(requests)("%s carries X-Content-Type-Options and X-Request-Id", async (path, opts) => {
    const res = await api(path, opts);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });

  it("keeps the caller's X-Request-Id", async () => {
    const res = await api("/api/industries", { headers: { "X-Request-Id": "trace-123" } });
    expect(res.headers.get("X-Request-Id")).toBe("trace-123");
  });

  it("gives every request its own id", async () => {
    const [a, b] = await Promise.all([api("/api/user"), api("/api/user")]);
    expect(a.headers.get("X-Request-Id")).not.toBe(b.headers.get("X-Request-Id"));
  });
});

describe("the rest of the surface", () => {
  it("answers an unknown /api path with 404 JSON", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await api("/api/no-such-call", { method });
      expect(res.status, method).toBe(404);
      expect(res.headers.get("Content-Type")).toContain("application/json");
      expect(res.body).toEqual({ message: "Не найдено" });
    }
  });

  it("answers a known path with the wrong method with 404 JSON, not a page", async () => {
    const res = await api("/api/login");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Не найдено" });
  });

  it("serves the local outbox at /dev/mail.json outside production", async () => {
    const res = await api("/dev/mail.json");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const page = await api("/dev/mail");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Локальная почта");
  });

  it("never shows a stack trace", async () => {
    const res = await api("/api/register", { body: "\u0000\u0001garbage", headers: { "Content-Type": "multipart/form-data; boundary=--" } });
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});

describe("malformed headers never cause a 500 (issue 10, finding 12 as a class)", () => {
  const pages = ["/", "/auth", "/faq", "/profile/information", "/api/industries", "/api/user"];
  const hostileHeaders: Record<string, string>[] = [
    { Cookie: "lng=%E0%A4%A; mode=%%%; session=%ZZ; __proto__=x" },
    { Cookie: "lng=eyJub3QiOiJqc29u; mode=executor%00" },
    { "Accept-Language": "@@@;q=abc, *;q=-1, zz-ZZZZ-1234567890" },
    { Referer: "http://[::1" },
    { "Content-Language": "xx;;;" },
    { "X-Request-Id": "x".repeat(500) },
    { "CF-Connecting-IP": "not-an-ip" },
  ];
  it.each(hostileHeaders)("answers every page and call with %j", async (headers) => {
    for (const path of pages) {
      const res = await api(path, { headers });
      expect(res.status, path).toBeLessThan(500);
      expect(res.text, path).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });

  it.each(["/lang", "/mode", "/auth", "/client-event", "/contact", "/reset-password", "/email/verify", "/rate-user", "/multi-rate-user", "/sign-up", "/profile/settings", "/admin"])("answers a POST to %s with a malformed body and Referer", async (path) => {
    const res = await api(path, { body: "%%%&&&=\u0000", headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: "::::", Origin: "http://localhost", Host: "localhost" } });
    expect(res.status).toBeLessThan(500);
  });
});
