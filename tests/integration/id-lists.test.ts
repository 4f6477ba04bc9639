import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { ensureReference } from "../helpers/db";
import { demandForm } from "../helpers/demands";
import { createSignedInUser, customerPayload } from "../helpers/factories";

// D1 takes at most 100 bound parameters a statement. These calls may name 100 ids by themselves; each id
// was a parameter, so a full list answered 500 (session 15's review). The ids are now one parameter
// (app/domain/id-list.ts), and a full list gets the call's own answer.
beforeAll(() => ensureReference());

const hundred = (from = 900_000) => Array.from({ length: 100 }, (_, i) => from + i);

describe("calls that name 100 ids answer as they would for one", () => {
  let user: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    user = await createSignedInUser();
  });

  it.each(["invite", "respond", "recommendation"] as const)("POST /api/view-flags {model: %s} changes nothing of anyone else's", async (model) => {
    const res = await api("/api/view-flags", { token: user.token, json: { model, ids: hundred() } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.ids).toEqual([]);
  });

  it("DELETE /api/rating of 100 ids that are not the caller's is 404", async () => {
    const res = await api("/api/rating", { method: "DELETE", token: user.token, json: { ids: hundred() } });
    expect(res.status, res.text).toBe(404);
  });

  it("POST /api/demand naming 100 unknown functions is the form's error", async () => {
    const res = await api("/api/demand", { token: user.token, form: await demandForm({ options: hundred(), sub_options: [] }) });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.options).toBeTruthy();
  });

  it("POST /api/register of an expert naming 100 unknown functions is the form's error", async () => {
    const res = await api("/api/register", { form: customerPayload({ is_expert: "1", industry: [1], option: hundred() }) });
    expect(res.status, res.text).toBe(422);
  });
});
