import { Validator } from "@seriousme/openapi-schema-validator";
import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { createApi } from "../../functions/api";
import { openApiDocument } from "../../functions/openapi";

// The /api and its document, as the Worker builds them (decision 0024).
const api = createApi();
const document = openApiDocument(api);

/** `/user/:id{[0-9]+}` (Hono) → `/user/{id}` (OpenAPI). */
const openApiPath = (honoPath: string) => honoPath.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");

describe("the /api's OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("defines every route of the /api, and no operation without a route", () => {
    const routes = new Set(api.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${openApiPath(r.path)}`));
    const operations = new Set(Object.entries(document.paths ?? {}).flatMap(([path, item]) => Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`)));
    expect(routes.size).toBeGreaterThan(60);
    expect([...routes].filter((r) => !operations.has(r)), "routes without a definition").toEqual([]);
    expect([...operations].filter((o) => !routes.has(o)), "definitions without a route").toEqual([]);
  });

  it("gives every operation its error answers: 401 with a session required, 404 with a path id, 422 with a body or query", () => {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, op] of Object.entries(item ?? {}) as [string, { security?: object[]; parameters?: { in: string }[]; requestBody?: unknown; responses: Record<string, unknown> }][]) {
        const name = `${method.toUpperCase()} ${path}`;
        const statuses = Object.keys(op.responses);
        expect(statuses.some((s) => /^[23]/.test(s)), `${name}: a success answer`).toBe(true);
        if (op.security?.length && op.security.every((s) => Object.keys(s).length > 0)) expect(statuses, name).toContain("401");
        if (op.parameters?.some((p) => p.in === "path")) expect(statuses, name).toContain("404");
        if (op.requestBody || op.parameters?.some((p) => p.in === "query")) expect(statuses, name).toContain("422");
      }
    }
    expect(document.components?.schemas?.ValidationError).toMatchObject({ properties: { message: { type: "string" }, errors: { type: "object" } } });
  });

  it("documents the upload routes as multipart/form-data", () => {
    for (const path of ["/register", "/completeSocialReg", "/user/cases", "/user/profile/publications", "/user/resume", "/user/profile", "/user/profile/expertises/confirm"]) {
      const op = document.paths?.[path]?.post as { requestBody?: { content: Record<string, unknown> } } | undefined;
      expect(Object.keys(op?.requestBody?.content ?? {}), path).toContain("multipart/form-data");
    }
  });

  // The integration tests' typed client (tests/integration/openapi.test.ts) is typed from this file: it
  // must be what the document says today. `npx vitest run --config vitest.unit.config.ts -u` rewrites it.
  it("matches the typed client's types (tests/helpers/api-schema.d.ts)", async () => {
    const types = astToString(await openapiTS(document as never));
    await expect(`// Generated from /api/openapi.json by tests/integration-node/openapi.test.ts (-u rewrites it). Do not edit.\n${types}`).toMatchFileSnapshot("../helpers/api-schema.d.ts");
  });
});
