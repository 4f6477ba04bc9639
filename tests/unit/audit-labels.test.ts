import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import consoleEn from "~/locales/pages/console-page.en";
import consoleRu from "~/locales/pages/console-page.ru";

// The audit log shows each action in words (app/routes/admin_.audit.tsx). Every action the code writes
// must have its words in both languages, so that an action added later is not shown as a bare key.

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}
const code = sources("app").map((f) => readFileSync(f, "utf8"));

/** Exported string constants (`export const NAME = "x.y"`), for an action named by one. */
const constants = new Map(code.flatMap((text) => [...text.matchAll(/export const ([A-Z_]+) = "([a-z_.]+)"/g)].map((m) => [m[1]!, m[2]!] as const)));

/**
 * The literal actions: `action: "x.y"`, both arms of `action: c ? "x.y" : "x.z"`, `action: A_CONSTANT`,
 * saveSetting's action argument.
 */
function literalActions(): Set<string> {
  const found = new Set<string>();
  for (const text of code) {
    for (const m of text.matchAll(/action: ([A-Z][A-Z_]+)\b/g)) {
      const value = constants.get(m[1]!);
      expect(value, `the constant ${m[1]} names an action`).toBeDefined();
      found.add(value!);
    }
    for (const m of text.matchAll(/action: (?:"([a-z_]+(?:\.[a-z_]+)+)"|[\w.]+ \? "([a-z_.]+)" : "([a-z_.]+)")/g)) for (const key of m.slice(1)) if (key) found.add(key);
    for (const m of text.matchAll(/saveSetting\(ctx, operator, [^,]+, "([a-z_.]+)"/g)) found.add(m[1]!);
  }
  return found;
}

/** The actions built from a template, with every value their parts take (read from the code they come from). */
const TEMPLATES: Record<string, string[]> = {
  "`moderation.${k.auditType}.approved`": ["moderation.company.approved", "moderation.option.approved", "moderation.expertise.approved", "moderation.institution.approved"],
  "`moderation.${k.auditType}.rejected`": ["moderation.company.rejected", "moderation.option.rejected", "moderation.expertise.rejected", "moderation.institution.rejected"],
  "`moderation.${k.auditType}.merged`": ["moderation.company.merged", "moderation.option.merged", "moderation.expertise.merged", "moderation.institution.merged"],
  "`demand.${decision.decision}`": ["demand.approve", "demand.reject"],
  "`respond.${decision.decision}`": ["respond.approve", "respond.reject"],
  '`council.${decision === "active" ? "accepted" : "rejected"}`': ["council.accepted", "council.rejected"],
};

const label = (texts: unknown, key: string) => key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), texts);

describe("the audit log's words", () => {
  it("knows every template action the code writes (a new one must be listed here)", () => {
    // Template actions have a `${` part (a comment's `intent=check` is no action).
    const templates = new Set(code.flatMap((text) => [...text.matchAll(/action: (`[^`]*\$\{[^`]+`)/g)].map((m) => m[1]!)));
    expect([...templates].sort()).toEqual(Object.keys(TEMPLATES).sort());
    // The reference queues' audit types are the four the template list expands.
    const types = new Set(code.flatMap((text) => [...text.matchAll(/auditType: "([a-z_]+)"/g)].map((m) => m[1]!)));
    expect([...types].sort()).toEqual(["company", "expertise", "institution", "option"]);
  });

  it("has words in Russian and English for every action and every target type", () => {
    const actions = [...literalActions(), ...Object.values(TEMPLATES).flat()];
    expect(actions.length).toBeGreaterThan(60);
    for (const action of actions) {
      expect(typeof label(consoleRu.auditActions, action), `ru: ${action}`).toBe("string");
      expect(typeof label(consoleEn.auditActions, action), `en: ${action}`).toBe("string");
    }
    const targets = new Set(code.flatMap((text) => [...text.matchAll(/targetType: "([a-z_]+)"/g)].map((m) => m[1]!)));
    for (const t of [...targets, "company", "option", "expertise"]) {
      expect(typeof label(consoleRu.auditTargets, t), `ru target: ${t}`).toBe("string");
      expect(typeof label(consoleEn.auditTargets, t), `en target: ${t}`).toBe("string");
    }
  });
});
