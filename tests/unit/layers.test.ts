import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The arrows point one way (issue 11): pages and the API (app/routes, app/web, functions) call the domain
 * (app/domain), which uses the infrastructure (app/server: context, sessions, crypto, mail, limits). Nothing
 * below reaches up: the domain never imports page glue, the infrastructure never imports a domain rule
 * (only the shared error type), and app/lib (used by the browser too) stays free of both.
 */
const root = resolve(__dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Every import of a file, resolved to a path under the repository (bare packages left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^"'`;]*?from\s+["']([^"']+)["']|(?:^|\n)\s*import\s+["']([^"']+)["']/g)].map((m) => m[1] ?? m[2]);
  return specs.flatMap((spec) => {
    if (spec.startsWith("~/")) return [join("app", spec.slice(2))];
    if (spec.startsWith(".")) return [relative(root, resolve(root, file, "..", spec))];
    return [];
  });
}

function violations(dir: string, forbidden: (target: string) => boolean) {
  return sources(dir).flatMap((file) => importsOf(file).filter(forbidden).map((target) => `${file} → ${target}`));
}

const under = (target: string, ...dirs: string[]) => dirs.some((d) => target === d || target.startsWith(`${d}/`));

describe("layers", () => {
  it("keeps the domain free of pages, page glue and the API", () => {
    expect(violations("app/domain", (t) => under(t, "app/web", "app/routes", "app/components", "functions"))).toEqual([]);
  });

  it("keeps the infrastructure free of the domain's rules and of everything above it", () => {
    expect(violations("app/server", (t) => under(t, "app/web", "app/routes", "app/components", "functions") || (under(t, "app/domain") && t !== "app/domain/errors"))).toEqual([]);
  });

  it("keeps app/lib, which the browser loads too, free of server code", () => {
    expect(violations("app/lib", (t) => under(t, "app/web", "app/server", "app/domain", "app/routes", "functions"))).toEqual([]);
  });

  it("finds the imports it checks (a guard against a parser that reads nothing)", () => {
    expect(importsOf("app/web/page.server.ts")).toContain("app/server/session.server");
  });
});
