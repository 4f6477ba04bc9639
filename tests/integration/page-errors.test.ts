import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { ensureReference } from "../helpers/db";
import { createOperator, createServiceFor, createSignedInUser, setServiceStatus, signIn } from "../helpers/factories";

// A page asked for what is not there, or sent a body it cannot read, answers its own error page with the
// right status. The domain's refusals are DomainErrors, which Remix would render as a 500 page; the pages
// turn them into responses (app/web/page.server.ts pageId, pageRead). Found by the review of session 15.
beforeAll(() => ensureReference());

let user: { token: string };
let operator: string;
let othersWaitingService: number;

beforeAll(async () => {
  user = await createSignedInUser();
  operator = await signIn(await createOperator());
  const other = await createSignedInUser();
  othersWaitingService = (await createServiceFor(other, "individual")).id;
  await setServiceStatus(othersWaitingService, "moderation");
});

describe("pages never answer 500 for a bad address or body", () => {
  const signedIn = () => ({ cookie: `session=${user.token}` });
  it.each([
    ["GET", "/response-request/abc", "guest"],
    ["POST", "/response-request/0", "guest"],
    ["GET", "/service-add/abc", "user"],
    ["GET", "/service-add/999999999", "user"],
    ["GET", "/service-add/quick-view/999999999", "user"],
    ["GET", "/service-add/quick-view/{others}", "user"],
    ["POST", "/service-add/abc", "guest"],
    ["GET", "/request-add?id=abc", "user"],
    ["GET", "/request-add?id=999999999", "user"],
    ["GET", "/complete-project/abc", "user"],
    ["GET", "/complete-project/abc/service/1/user/1/respond/1", "user"],
    ["GET", "/admin/users/abc", "operator"],
    ["POST", "/admin/users/abc", "operator"],
  ] as const)("%s %s (%s) is the 404 page", async (method, path, who) => {
    const url = path.replace("{others}", String(othersWaitingService));
    const cookie = who === "user" ? signedIn().cookie : who === "operator" ? `session=${operator}` : undefined;
    const res = await api(url, { method, cookie, headers: method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}, body: method === "POST" ? "intent=x" : undefined });
    expect(res.status, res.text.slice(0, 300)).toBe(404);
  });

  it("refuses an unreadable body of the recommendation pages' forms as the form's error, not a 500", async () => {
    const plain = await api("/profile/recommendation", { ...signedIn(), method: "POST", body: "id=1", headers: { "Content-Type": "multipart/form-data" } });
    expect(plain.status).toBe(422);
    const nullJson = await api("/profile/recommendation-request", { ...signedIn(), method: "POST", body: "null", headers: { "Content-Type": "application/json" } });
    expect(nullJson.status).toBe(422);
  });
});
