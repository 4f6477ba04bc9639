import { OpenAPIHono, z, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import { toJSONSchema, type ZodType } from "zod";
import { notFound } from "~/domain/errors";
import { requireOperator } from "~/domain/policy.server";
import { idField } from "~/domain/validation";
import type { HonoEnv } from "./http";

/**
 * The `/api` is described from its own definitions (issue 11, docs/decisions/0024-openapi-from-zod.md): each
 * route is declared once with `endpoint()`, which both registers the handler and adds the operation to the
 * router's OpenAPI registry. The request schemas are the domain's own (app/domain/<area>/schema.ts), used
 * here for the document only: the domain still parses its raw input (`parseInput`), so a page and the API
 * cannot validate differently. Only the path parameters are parsed here, once, by the route's schema.
 */

/** The spec README's error bodies. */
export const ErrorBody = z.object({ message: z.string() }).openapi("Error");
export const ValidationErrorBody = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) })
  .openapi("ValidationError", { description: "The first message, and each field's messages (the caller's language)." });

/** A path id: a positive integer. Anything else answers 404, the same as an unknown id. */
export const idParams = z.object({ id: idField });

const ERRORS = {
  401: ["The caller is not signed in (no token, or a dead one)", ErrorBody],
  403: ["The caller may not do this", ErrorBody],
  404: ["Not found, or not the caller's to see", ErrorBody],
  409: ["Conflicts with the current state", ErrorBody],
  413: ["The body is larger than the route takes", ErrorBody],
  422: ["The input is invalid", ValidationErrorBody],
  429: ["Too many attempts; `Retry-After` says when to try again", ErrorBody],
} as const;
type ErrorStatus = keyof typeof ERRORS;

/** Who may call: `user` needs a session (bearer token or the page cookie), `optional` reads one if present. */
type Auth = "none" | "optional" | "user";

type Method = "get" | "post" | "put" | "patch" | "delete";

export type Endpoint<P extends ZodType | undefined> = {
  method: Method;
  /** OpenAPI style, relative to /api: `/user/cases/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tags: [string];
  auth: Auth;
  /** Path parameters, parsed before the handler runs; a failure is a 404. */
  params?: P;
  query?: ZodType;
  /** The body the domain parses, by media type; `form` documents multipart/form-data (files). */
  body?: { json?: ZodType; form?: ZodType };
  /** The success answer. */
  ok: { status?: 200 | 201 | 302; description: string; schema?: ZodType; type?: "application/json" | "text/html" };
  /** The error answers besides 401 (added for `auth: "user"`), 404 (added with path parameters), 413 and 422 (added with a body or query). */
  errors?: ErrorStatus[];
  /** Shown only outside production: documented, and marked so. */
  devOnly?: boolean;
};

const SECURITY: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

function toRouteConfig(e: Endpoint<ZodType | undefined>): RouteConfig {
  const statuses = new Set<ErrorStatus>(e.errors ?? []);
  if (e.auth === "user") statuses.add(401);
  if (e.params) statuses.add(404);
  if (e.body || e.query) statuses.add(422);
  if (e.body) statuses.add(413);
  if (e.method !== "get") statuses.add(403); // a cookie call from another origin (functions/app.ts)
  const responses: RouteConfig["responses"] = {
    [String(e.ok.status ?? 200)]:
      e.ok.status === 302
        ? { description: e.ok.description, headers: { Location: { schema: { type: "string" }, description: "Where to go" } } }
        : { description: e.ok.description, content: { [e.ok.type ?? "application/json"]: { schema: e.ok.schema ?? (e.ok.type === "text/html" ? z.string() : z.any()) } } },
  };
  for (const s of [...statuses].sort()) {
    const [description, schema] = ERRORS[s];
    responses[String(s)] = { description, content: { "application/json": { schema } } };
  }
  const content: Record<string, { schema: ZodType }> = {};
  if (e.body?.json) content["application/json"] = { schema: e.body.json };
  if (e.body?.form) content["multipart/form-data"] = { schema: e.body.form };
  return {
    method: e.method,
    path: e.path,
    summary: e.summary,
    description: [e.description, e.devOnly ? "Development and tests only: 404 in production." : undefined].filter(Boolean).join("\n\n") || undefined,
    tags: e.tags,
    ...(e.auth === "user" ? { security: SECURITY } : e.auth === "optional" ? { security: [...SECURITY, {}] } : {}),
    request: {
      ...(e.params ? { params: e.params as never } : {}),
      ...(e.query ? { query: e.query as never } : {}),
      ...(e.body ? { body: { content, required: true } } : {}),
    },
    responses,
  };
}

/**
 * `/user/{id}` → `/user/:id{[0-9]+}`: a non-numeric id never matches a route, and so answers the same 404.
 * A named parameter that is not an id (`/admin/queues/{queue}`) takes lowercase words; its own schema
 * then refuses an unknown one (404).
 */
function honoPath(path: string) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (name === "id" || /_?id$/i.test(name) ? `:${name}{[0-9]+}` : `:${name}{[a-z_]+}`));
}

/** A router of the `/api` whose routes carry their OpenAPI definitions. */
export function apiRouter() {
  return new OpenAPIHono<HonoEnv>();
}

/** The security schemes the operations name, registered once on the mounted /api. */
export function registerSecuritySchemes(api: OpenAPIHono<HonoEnv>) {
  api.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer", description: "The token from POST /api/login or /api/register" });
  api.openAPIRegistry.registerComponent("securitySchemes", "cookie", {
    type: "apiKey",
    in: "cookie",
    name: "session",
    description: "The pages' session cookie; a state change with it needs a same-origin Origin header",
  });
}

type Handler<P> = (c: Context<HonoEnv>, params: P) => Response | Promise<Response>;

/** Declares one operation: its definition goes into the document, its handler gets the parsed path params. */
export function endpoint<P extends ZodType | undefined = undefined>(
  router: OpenAPIHono<HonoEnv>,
  e: Endpoint<P>,
  handler: Handler<P extends ZodType ? z.output<P> : undefined>,
) {
  router.openAPIRegistry.registerPath(toRouteConfig(e as Endpoint<ZodType | undefined>));
  // spec README: the operator's calls answer 401 to guests and 403 to others, before what is asked (an
  // unknown queue, a malformed body) is looked at. Other calls leave the order to their domain function
  // (a dead verification link is 422 for anyone; its guest is told to sign in, decision 0055).
  const operatorCall = e.path.startsWith("/admin/");
  router.on(e.method.toUpperCase(), honoPath(e.path), async (c) => {
    if (operatorCall) requireOperator(c.get("actor"));
    let params = undefined as P extends ZodType ? z.output<P> : undefined;
    if (e.params) {
      const parsed = e.params.safeParse(c.req.param());
      if (!parsed.success) throw notFound();
      params = parsed.data as typeof params;
    }
    // Awaited here: an async function that returns a rejected promise leaves it unhandled for a tick, which
    // workerd reports for every refused call (the same class as the page actions, app/web/page.server.ts).
    return await handler(c, params);
  });
  return router;
}

/**
 * A domain schema as JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), by zod's own converter: it
 * knows every zod type, where the OpenAPI generator refuses some (files, preprocessing). The input side is
 * what a caller sends; a type JSON Schema cannot express (a File) is left open.
 */
function jsonSchema(schema: ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    // A default over a field whose input is read before its checks (wholeNumber's preprocess) is left out of
    // the input's schema: it is still the default the API applies.
    override: ({ zodSchema, jsonSchema }) => {
      const def = (zodSchema as { _zod: { def: { type: string; defaultValue?: unknown } } })._zod.def;
      if (def.type === "default" && jsonSchema.default === undefined) jsonSchema.default = typeof def.defaultValue === "function" ? (def.defaultValue as () => unknown)() : def.defaultValue;
    },
  }) as Record<string, unknown>;
  return rest;
}

function parameters(schema: ZodType, where: "path" | "query") {
  const object = jsonSchema(schema) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || (object.required ?? []).includes(name),
    schema: s,
  }));
}

/** The registered route with its request schemas converted (lazily: only when the document is built). */
function withJsonSchemas(route: RouteConfig): RouteConfig {
  const { params, query, body } = route.request ?? {};
  const content = Object.fromEntries(Object.entries(body?.content ?? {}).map(([type, media]) => [type, { schema: jsonSchema((media as { schema: ZodType }).schema) }]));
  const list = [...(params ? parameters(params, "path") : []), ...(query ? parameters(query, "query") : [])];
  return {
    ...route,
    request: body ? { body: { ...body, content } } : undefined,
    ...(list.length ? { parameters: list as RouteConfig["parameters"] } : {}),
  };
}

/** The OpenAPI 3.1 document of a router mounted at /api. */
export function openApiDocument(api: OpenAPIHono<HonoEnv>) {
  const converted = new OpenAPIHono<HonoEnv>();
  for (const def of api.openAPIRegistry.definitions) {
    if (def.type === "route") converted.openAPIRegistry.registerPath(withJsonSchemas(def.route));
    else if (def.type === "component") converted.openAPIRegistry.registerComponent(def.componentType, def.name, def.component as never);
    else throw new Error(`openApiDocument: unexpected ${def.type} definition`);
  }
  return converted.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Expert marketplace API",
      version: "1",
      description:
        "Generated from the zod schemas the domain validates with. Errors: 422 `{message, errors: {field: [text]}}`, other errors `{message}`, in the caller's language (`Content-Language`).",
    },
    servers: [{ url: "/api" }],
  });
}
