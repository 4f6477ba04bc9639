import { afterEach, describe, expect, it } from "vitest";
import { cachedPage, clearPageCache, guestPageKey, PAGE_CACHE_TTL_MS, storePage } from "~/server/page-cache.server";

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
