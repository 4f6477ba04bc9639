import { afterEach, describe, expect, it } from "vitest";
import { accountPageKey, ACCOUNT_CACHE_TTL_MS, cachedPage, clearPageCache, guestPageKey, PAGE_CACHE_TTL_MS, storePage } from "~/web/page-cache.server";
import type { Actor, PageState } from "~/server/session.server";

const guest = { signedIn: false, hasSessionCookie: false, lang: "ru", mode: "customer", country: "RU" };
const html = (body: string, headers: Record<string, string> = {}) => new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });

afterEach(() => clearPageCache());

describe("the guest page cache", () => {
  it("keys only a guest's GET of a public page without a query", () => {
    expect(guestPageKey(new Request("https://x.ru/"), guest)).toBe("ru|customer|RU|/");
    expect(guestPageKey(new Request("https://x.ru/auth"), { ...guest, lang: "en", mode: "executor" })).toBe("en|executor|RU|/auth");
    expect(guestPageKey(new Request("https://x.ru/?code=abc"), guest)).toBeNull();
    expect(guestPageKey(new Request("https://x.ru/sign-up?hash=h"), guest)).toBeNull();
    expect(guestPageKey(new Request("https://x.ru/profile/information"), guest)).toBeNull();
    expect(guestPageKey(new Request("https://x.ru/", { method: "POST" }), guest)).toBeNull();
    expect(guestPageKey(new Request("https://x.ru/"), { ...guest, signedIn: true })).toBeNull();
    expect(guestPageKey(new Request("https://x.ru/"), { ...guest, hasSessionCookie: true })).toBeNull();
  });

  it("serves the stored page with the new request's nonce", async () => {
    const first = await storePage("k", html('<script nonce="OLD1">a</script><script nonce="OLD1">b</script>'), "OLD1", 1000);
    expect(await first.text()).toContain('nonce="OLD1"');
    const hit = cachedPage("k", "NEW2", 2000);
    expect(hit).not.toBeNull();
    const body = await hit!.text();
    expect(body).toBe('<script nonce="NEW2">a</script><script nonce="NEW2">b</script>');
    expect(hit!.headers.get("Content-Type")).toContain("text/html");
  });

  it("forgets a page after its time, and never keeps one that sets a cookie or failed", async () => {
    await storePage("k", html("page"), "n", 1000);
    expect(cachedPage("k", "n", 1000 + PAGE_CACHE_TTL_MS - 1)).not.toBeNull();
    expect(cachedPage("k", "n", 1000 + PAGE_CACHE_TTL_MS)).toBeNull();
    await storePage("c", html("page", { "Set-Cookie": "mode=executor" }), "n", 1000);
    expect(cachedPage("c", "n", 1001)).toBeNull();
    await storePage("e", new Response("oops", { status: 404, headers: { "Content-Type": "text/html" } }), "n", 1000);
    expect(cachedPage("e", "n", 1001)).toBeNull();
  });
});

describe("the signed-in page cache (decision 0021)", () => {
  const actor: Actor = {
    sessionId: "s1",
    impersonator: null,
    user: { id: 42, email: "a@b.ru", name: "Анна", lastName: "Смирнова", patronymic: null, phone: null, photoFileId: null, isVerified: true, roles: ["executor"] },
  };
  // The state read with the session travels beside the actor, not in it (issue 11).
  const page: PageState = { visitRecord: null, dataVersion: 7 };
  const parts = { lang: "ru", mode: "executor", country: "RU" };
  const key = (url: string, a: Actor | null = actor, p = parts, init?: RequestInit, pg: PageState = page) => accountPageKey(new Request(url, init), a, p, pg);

  it("keys only a signed-in GET of a profile page: the own, someone else's, their client-navigation data", () => {
    for (const path of ["/profile/information", "/profile/12", "/profile/12/expert", "/profile/information.data?_routes=root", "/profile/12.data"])
      expect(key(`https://x.ru${path}`), path).not.toBeNull();
    for (const path of ["/profile/settings", "/profile/recommendation", "/profile/12/other", "/", "/profile/information/x"]) expect(key(`https://x.ru${path}`), path).toBeNull();
    expect(key("https://x.ru/profile/information", null)).toBeNull();
    expect(key("https://x.ru/profile/information", actor, parts, { method: "POST" })).toBeNull();
  });

  it("keys no page of an actor without the state read with his session (its version is unknown)", () => {
    expect(accountPageKey(new Request("https://x.ru/profile/information"), actor, parts)).toBeNull();
  });

  it("a different version, viewer, impersonator, visit record, language, mode or query is a different page", () => {
    const base = key("https://x.ru/profile/information");
    const variants = [
      key("https://x.ru/profile/information", actor, parts, undefined, { ...page, dataVersion: 8 }),
      key("https://x.ru/profile/information", { ...actor, user: { ...actor.user, id: 43 } }),
      key("https://x.ru/profile/information", { ...actor, impersonator: { id: 1, name: "Ольга" } }),
      key("https://x.ru/profile/information", actor, parts, undefined, { ...page, visitRecord: '{"tgpopup":{"close":"2026-11-22T10:00:00.000Z"}}' }),
      key("https://x.ru/profile/information", actor, { ...parts, lang: "en" }),
      key("https://x.ru/profile/information", actor, { ...parts, mode: "customer" }),
      key("https://x.ru/profile/information?x=1"),
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
  });

  it("keeps single-fetch data as it is, for its own time", async () => {
    const data = new Response('[{"_1":2},"nonce-like"]', { headers: { "Content-Type": "text/x-script" } });
    await storePage("d", data, "nonce-like", 1000, ACCOUNT_CACHE_TTL_MS);
    expect(await cachedPage("d", "other", 1000 + ACCOUNT_CACHE_TTL_MS - 1)!.text()).toBe('[{"_1":2},"nonce-like"]');
    expect(cachedPage("d", "other", 1000 + ACCOUNT_CACHE_TTL_MS)).toBeNull();
    await storePage("j", Response.json({ a: 1 }), "n", 1000, ACCOUNT_CACHE_TTL_MS);
    expect(cachedPage("j", "n", 1001)).toBeNull();
  });

  it("holds a bounded amount: the least recently used page goes first", async () => {
    const big = (c: string) => html(c.repeat(1_000_000)); // ≈ 2 MB each as a JavaScript string; the cache holds 8 MB
    for (const k of ["k1", "k2", "k3", "k4"]) await storePage(k, big(k[1]!), "n", 1000);
    expect(cachedPage("k1", "n", 1001)).not.toBeNull(); // k1 used: k2 is now the oldest use
    await storePage("k5", big("5"), "n", 1002);
    expect(cachedPage("k2", "n", 1003)).toBeNull();
    for (const k of ["k1", "k3", "k4", "k5"]) expect(cachedPage(k, "n", 1003), k).not.toBeNull();
  });
});
