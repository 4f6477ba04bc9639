import { SELF } from "cloudflare:test";
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { api, BASE, freshIp } from "../helpers/api";
import type { paths } from "../helpers/api-schema";
import { createOperator, createSignedInUser, createUser, signIn } from "../helpers/factories";
import { callWith, productionVars } from "../helpers/production";

type Doc = { openapi: string; paths: Record<string, Record<string, { parameters?: { in: string }[] }>> };

/** A client typed from the document (tests/helpers/api-schema.d.ts), calling the built Worker. */
const client = (token?: string) =>
  createClient<paths>({ baseUrl: `${BASE}/api`, fetch: (request: Request) => SELF.fetch(request), headers: token ? { Authorization: `Bearer ${token}` } : {} });

describe("GET /api/openapi.json", () => {
  it("answers the OpenAPI 3.1 document to anyone", async () => {
    const res = await api<Doc>("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(res.body.openapi).toBe("3.1.0");
    expect(Object.keys(res.body.paths)).toContain("/user/cases/{id}");
  });

  it("is served in production too; the reference page /api/docs is not", async () => {
    const doc = await callWith(productionVars, "/api/openapi.json");
    expect(doc.status).toBe(200);
    const page = await callWith(productionVars, "/api/docs");
    expect(page.status).toBe(404);
    expect(await page.json()).toEqual({ message: "Не найдено" });
  });
});

describe("GET /api/docs", () => {
  it("lists the operations on a page without scripts outside production", async () => {
    const res = await api("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(res.text).toContain("POST /api/login");
    expect(res.text).toContain("DELETE /api/user/cases/{id}");
    expect(res.text).not.toContain("<script");
  });
});

describe("a client typed from the document", () => {
  it("signs in, reads the user and the industries, and reads a typed error", async () => {
    const user = await createUser();
    const signedIn = await client().POST("/login", { body: { email: user.email, password: user.password } });
    expect(signedIn.response.status).toBe(200);
    const token = signedIn.data!.token;
    expect(token).toEqual(expect.any(String));

    const me = await client(token).GET("/user");
    expect(me.response.status).toBe(200);
    expect(me.data).toMatchObject({ id: user.id });

    const industries = await client().GET("/industries");
    expect(industries.response.status).toBe(200);
    expect(Array.isArray(industries.data)).toBe(true);
    for (const industry of industries.data ?? []) expect(industry).toEqual({ id: expect.any(Number), name: expect.any(String) });

    const missing = await client().GET("/industries/{id}", { params: { path: { id: 999999 } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toEqual({ message: "Не найдено" });
  });

  it("gets the 422 error shape on bad input", async () => {
    const res = await client().POST("/login", { body: { email: "not an e-mail", password: "" } });
    expect(res.response.status).toBe(422);
    expect(res.error).toMatchObject({ message: expect.any(String), errors: { email: [expect.any(String)], password: [expect.any(String)] } });
  });
});

describe("path ids (issue 11: one way)", () => {
  it("answers a bad id on every route that takes one with the 404 of an unknown id", async () => {
    // An operator: no route refuses the caller before looking at the id.
    const operator = await createOperator();
    const token = await signIn(operator);
    const doc = (await api<Doc>("/api/openapi.json")).body;
    const routes = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.parameters?.some((p) => p.in === "path"))
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const { method, path } of routes) {
      for (const bad of ["0", "-1", "1.5", "abc", "1e3", "99999999999"]) {
        const res = await api(`/api${path.replace("{id}", bad)}`, { method, token });
        expect({ route: `${method} ${path}`, bad, status: res.status, body: res.body }).toEqual({ route: `${method} ${path}`, bad, status: 404, body: { message: "Не найдено" } });
      }
    }
  });

  it("answers a page form's bad id with the 404 of an unknown id", async () => {
    const pagePost = async (path: string, token: string, fields: Record<string, string>) =>
      (
        await SELF.fetch(`${BASE}${path}`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Host: "localhost", Origin: BASE, "CF-Connecting-IP": freshIp(), Cookie: `session=${token}` },
          redirect: "manual",
        })
      ).status;
    const operator = await createOperator();
    const token = await signIn(operator);
    const user = await createSignedInUser();
    for (const bad of ["0", "abc", "-1"]) {
      // It used to be id 0 here: the same 404 only because no user 0 exists.
      expect(await pagePost("/admin", token, { user_id: bad })).toBe(404);
      expect(await pagePost("/admin", token, { intent: "council", id: bad, status: "active" })).toBe(404);
      expect(await pagePost("/profile/information", user.token, { intent: "council-delete", id: bad })).toBe(404);
      expect(await pagePost("/profile/information", user.token, { intent: "council-delete", id: "999999" })).toBe(404);
    }
  });
});
