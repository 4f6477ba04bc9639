import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, BASE, freshIp } from "../../helpers/api";
import { createSignedInUser, createUser } from "../../helpers/factories";
import { callProduction } from "../../helpers/production";

// ASVS 5.0 V3 Web Frontend Security: cookies, browser security headers, browser origin separation and
// redirects (issue 10: findings 6 and 12, the Origin check, the CSP in production).

/** A page form sent by a browser: url-encoded, with the Origin a browser adds unless told otherwise. */
async function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp(), Origin: BASE, Host: new URL(BASE).host, ...headers },
    body: new URLSearchParams(fields),
  });
}

describe("V3.3 cookie setup", () => {
  it("V3.3.1 V3.3.3 V3.3.4 gives the session cookie __Host-, Secure, HttpOnly and SameSite=Lax in production", async () => {
    const user = await createUser();
    const res = await callProduction("/auth", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://expert.example", Host: "expert.example" },
      body: new URLSearchParams({ email: user.email, password: user.password }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("__Host-session="));
    expect(session).toBeDefined();
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toMatch(/Domain=/i);
    // The other cookies set on sign-in carry Secure too.
    for (const c of cookies) expect(c, c).toMatch(/; Secure/);
  });

  it("V3.3.1 sets the language cookie Secure in production", async () => {
    const res = await callProduction("/lang", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://expert.example", Host: "expert.example" },
      body: new URLSearchParams({ lng: "en" }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Set-Cookie")).toMatch(/; Secure/);
  });
});

describe("V3.4 browser security mechanism headers", () => {
  it("V3.4.1 sends HSTS of at least a year with includeSubDomains in production", async () => {
    const res = await callProduction("/");
    const hsts = res.headers.get("Strict-Transport-Security") ?? "";
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31536000);
    expect(hsts).toContain("includeSubDomains");
  });

  it.each(["/", "/auth", "/api/industries", "/api/no-such-call", "/dev/mail.json"])(
    "V3.4.3 V3.4.6 sends a CSP with object-src, base-uri and frame-ancestors 'none' on %s",
    async (path) => {
      const res = await api(path);
      const csp = res.headers.get("Content-Security-Policy") ?? "";
      expect(csp).toMatch(/(object-src|default-src) 'none'/);
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
    },
  );

  it("V3.4.3 allows no local image source in production (only in development)", async () => {
    const prod = (await callProduction("/")).headers.get("Content-Security-Policy") ?? "";
    expect(prod).toContain("img-src");
    expect(prod).not.toMatch(/127\.0\.0\.1|localhost/);
    const dev = (await api("/")).headers.get("Content-Security-Policy") ?? "";
    expect(dev).toContain("http://127.0.0.1:*");
  });

  it("V3.4.3 gives each page's inline scripts a fresh nonce and no 'unsafe-inline' script source", async () => {
    const [a, b] = await Promise.all([api("/auth"), api("/auth")]);
    const nonce = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
    expect(nonce(a.headers.get("Content-Security-Policy"))).toBeTruthy();
    expect(nonce(a.headers.get("Content-Security-Policy"))).not.toBe(nonce(b.headers.get("Content-Security-Policy")));
    expect(/script-src[^;]*/.exec(a.headers.get("Content-Security-Policy") ?? "")?.[0]).not.toContain("unsafe-inline");
  });

  it("V3.4.4 V3.4.5 sends nosniff and a Referrer-Policy on pages and API answers", async () => {
    for (const path of ["/", "/api/industries"]) {
      const res = await api(path);
      expect(res.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy"), path).toBe("strict-origin-when-cross-origin");
    }
  });

  it("V3.4.2 sends no CORS header that would let another site read an answer", async () => {
    const user = await createSignedInUser();
    const res = await api("/api/user", { token: user.token, headers: { Origin: "https://evil.example" } });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
  });
});

describe("V3.5 browser origin separation", () => {
  it("V3.5.1 refuses a state change made with the session cookie and no Origin (a forged form post)", async () => {
    const user = await createSignedInUser();
    const res = await api("/api/logout", { method: "POST", cookie: `session=${user.token}`, origin: null });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "Запрос отклонён: неизвестный источник" });
    // The session still works: nothing was done.
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
  });

  it("V3.5.1 refuses a page action made with the session cookie from another site", async () => {
    const user = await createSignedInUser();
    const res = await formPost("/profile/settings", { intent: "password", old_password: user.password, password: "Other_Pass2", password_confirmation: "Other_Pass2" }, { Cookie: `session=${user.token}`, Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    // The old password still signs in.
    expect((await api("/api/login", { json: { email: user.email, password: user.password } })).status).toBe(200);
  });

  it("V3.5.1 accepts a cookie state change whose browser says Sec-Fetch-Site: same-origin without an Origin", async () => {
    const user = await createSignedInUser();
    const res = await api("/api/logout", { method: "POST", cookie: `session=${user.token}`, origin: null, headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(res.status).toBe(200);
  });

  it("V3.5.1 refuses Sec-Fetch-Site: cross-site and Origin: null with a cookie", async () => {
    const user = await createSignedInUser();
    expect((await api("/api/logout", { method: "POST", cookie: `session=${user.token}`, origin: null, headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(403);
    expect((await api("/api/logout", { method: "POST", cookie: `session=${user.token}`, headers: { Origin: "null" } })).status).toBe(403);
    expect((await api("/api/user", { token: user.token })).status).toBe(200);
  });

  it("V3.5.3 sends the verification mail only through a POST or a bearer call, never a cookie GET", async () => {
    const user = await createSignedInUser({ verified: false });
    const res = await api("/api/email/verification-notification", { cookie: `session=${user.token}` });
    expect(res.status).toBe(403);
  });
});

describe("V3.7 redirects", () => {
  const offSite = ["/%09/evil.example", "/%0a/evil.example", "/%5cevil.example", "//evil.example", "https://evil.example/", "/%0d%0a/evil.example"];

  it.each(offSite)("V3.7.2 signs in with redirectTo=%s and stays on our site", async (target) => {
    const user = await createUser();
    const res = await formPost(`/auth?redirectTo=${target}`, { email: user.email, password: user.password });
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(new URL(location, BASE).origin).toBe(BASE);
    expect(location).toBe("/profile/information");
  });

  it("V3.7.2 keeps a redirectTo on our own site, with its query", async () => {
    const user = await createUser();
    const res = await formPost(`/auth?redirectTo=${encodeURIComponent("/profile/settings?tab=security")}`, { email: user.email, password: user.password });
    expect(res.headers.get("Location")).toBe("/profile/settings?tab=security");
  });

  it.each(offSite)("V3.7.2 the language and mode switches do not follow redirectTo=%s off the site", async (target) => {
    for (const path of ["/lang", "/mode"]) {
      const res = await formPost(path, { lng: "en", mode: "executor", redirectTo: decodeURIComponent(target) });
      expect(res.status, path).toBe(302);
      expect(new URL(res.headers.get("Location")!, BASE).origin, path).toBe(BASE);
    }
  });

  it.each(["not a url", "http://[::1", "https://evil.example/profile", "/relative"])("V3.7.2 the language switch with the Referer %j goes home, never a 500", async (referer) => {
    const res = await formPost("/lang", { lng: "en" }, { Referer: referer });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it("V3.7.2 the language switch goes back to the page it was pressed on", async () => {
    const res = await formPost("/lang", { lng: "en" }, { Referer: `${BASE}/faq?q=x` });
    expect(res.headers.get("Location")).toBe("/faq?q=x");
  });
});
