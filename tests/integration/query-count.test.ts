import { beforeAll, describe, expect, it } from "vitest";
import { userIndustries, userOptions } from "../../db/schema/users";
import { api } from "../helpers/api";
import { db, ensureReference } from "../helpers/db";
import { createServiceFor, createSignedInUser, giveExpertises } from "../helpers/factories";

beforeAll(ensureReference);

/**
 * A session this isolate resolved before (decision 0043): the session's statement rides the page's ONE
 * batch with every read of the page.
 */
const PROFILE_QUERIES = 1;
/** The services pages (issue 12): the same. */
const SERVICES_PAGE_QUERIES = 1;
/** A session this isolate has not seen yet: its statement first, then the page's batch. */
const FIRST_VIEW_QUERIES = 2;
/** A profile page served again from the signed-in page cache (decision 0021): the session's statement only. */
const CACHED_PROFILE_QUERIES = 1;
const queries = (res: { headers: Headers }) => Number(res.headers.get("X-D1-Queries"));
const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1] ?? "";
// Renders afresh (outside production): what the page costs when data_version has moved since its last view.
const fresh = { "X-Page-Cache": "bypass" };

describe("D1 round trips per request (X-D1-Queries, outside production)", () => {
  // The profile page (docs/decisions/0013-profile.md): a fixed number of round trips whatever it holds.
  it("the own profile page costs the same whatever the profile holds: the session, then one batch for every section", async () => {
    const small = await createSignedInUser();
    const large = await createSignedInUser();
    await db().insert(userIndustries).values(Array.from({ length: 11 }, (_, i) => ({ userId: large.id, industryId: i + 1 })));
    await db().insert(userOptions).values(Array.from({ length: 30 }, (_, i) => ({ userId: large.id, optionId: 100 + i })));
    await api("/profile/information", { cookie: `session=${small.token}`, headers: fresh }); // warms the isolate's reference caches
    const a = await api("/profile/information", { cookie: `session=${small.token}`, headers: fresh });
    const b = await api("/profile/information", { cookie: `session=${large.token}`, headers: fresh });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    // The session (with the visit record for the promo block), then ONE batch holding every section's
    // statements (decision 0020): head, contacts, project expertise, council, work experience,
    // specializations, competences, cases, publications and the resume.
    expect(queries(a)).toBe(PROFILE_QUERIES);
    expect(queries(b)).toBe(FIRST_VIEW_QUERIES);
    const b2 = await api("/profile/information", { cookie: `session=${large.token}`, headers: fresh });
    expect(b2.text).toBe(b.text.replaceAll(nonceOf(b.text), nonceOf(b2.text)));
    expect(queries(b2)).toBe(PROFILE_QUERIES);
    // Someone else's profile, read-only: the same.
    const other = await api(`/profile/${large.id}`, { cookie: `session=${small.token}`, headers: fresh });
    expect(other.status).toBe(200);
    expect(queries(other)).toBe(PROFILE_QUERIES);
    // Viewed again with nothing changed: from the cache, the session's statement only.
    await api("/profile/information", { cookie: `session=${large.token}` });
    const again = await api("/profile/information", { cookie: `session=${large.token}` });
    expect(again.headers.get("X-Page-Cache")).toBe("hit");
    expect(queries(again)).toBe(CACHED_PROFILE_QUERIES);
    // GET /api/user: the session, then the user, the experience and the resume in one batch (decision 0034);
    // once the isolate knows the session, the session's statement rides that batch (decision 0043).
    expect(queries(await api("/api/user", { token: large.token }))).toBe(FIRST_VIEW_QUERIES);
    expect(queries(await api("/api/user", { token: large.token }))).toBe(1);
  });

  it("reference lists are served from the isolate's cache once warm", async () => {
    await api("/api/industries");
    expect(queries(await api("/api/industries"))).toBe(0);
    await api("/");
    // The guest page cache's key holds the content version; the isolate read it a moment ago, so the cached
    // page costs no D1 at all (app/server/content-version.server.ts, GUEST_VERSION_MS).
    expect(queries(await api("/"))).toBe(0);
  });

  it("my services and the service wizard cost the session and one batch whatever the number of services", async () => {
    const few = await createSignedInUser();
    const many = await createSignedInUser();
    const member = await createSignedInUser();
    await giveExpertises(many.id, [1, 2, 3]);
    await createServiceFor(few, "individual", {}, "active");
    const ids: number[] = [];
    for (const [format, status] of [["individual", "active"], ["individual", "not_active"], ["company", "active"], ["company", undefined], ["individual", "rejected"]] as const)
      ids.push((await createServiceFor(many, format, format === "company" ? { users: [{ id: member.id, type: "user" }] } : {}, status)).id);
    const cookie = (u: { token: string }) => `session=${u.token}`;
    for (const path of ["/services", "/service-add", `/service-add/${ids[2]}`, `/service-add/quick-view/${ids[2]}`]) {
      await api(path, { cookie: cookie(many), headers: fresh }); // warms the isolate's reference caches
      const res = await api(path, { cookie: cookie(many), headers: fresh });
      expect(res.status, path).toBe(200);
      expect(queries(res), path).toBe(SERVICES_PAGE_QUERIES);
    }
    const small = await api("/services", { cookie: cookie(few), headers: fresh });
    expect(queries(small)).toBe(FIRST_VIEW_QUERIES);
    expect(queries(await api("/services", { cookie: cookie(few), headers: fresh }))).toBe(SERVICES_PAGE_QUERIES);
    // A team member's list and the quick view of a service he is asked into: the same.
    expect(queries(await api("/services", { cookie: cookie(member), headers: fresh }))).toBe(FIRST_VIEW_QUERIES);
    expect(queries(await api(`/service-add/quick-view/${ids[2]}`, { cookie: cookie(member), headers: fresh }))).toBe(SERVICES_PAGE_QUERIES);
  });
});
