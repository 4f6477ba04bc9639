import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Lang } from "~/i18n";

/**
 * The pages' translation hook. The server detects the language and translates API messages with
 * remix-i18next/i18next; the pages use this 1 KB hook over the same locale files and the same key
 * conventions (nested keys, `_one/_few/_many/_other` plurals, `{{name}}`), so i18next's 18 KB never
 * reach the browser (docs/decisions/0004-client-i18n.md).
 */
type Tree = { [key: string]: string | Tree };
type Options = { count?: number; defaultValue?: string; [name: string]: unknown };
export type TFn = (key: string, options?: Options) => string;

const rulesCache = new Map<string, Intl.PluralRules>();

/**
 * The texts found per namespace and key: a page looks up hundreds, the same ones on every render. Kept per
 * namespace (the tree under a key's first part), which is the same object on every request even when a page
 * adds its own namespaces to a new tree (PageTexts).
 */
const found = new WeakMap<Tree, Map<string, string | null>>();

function lookup(tree: Tree, key: string): string | undefined {
  const dot = key.indexOf(".");
  if (dot < 0) {
    const node = tree[key];
    return typeof node === "string" ? node : undefined;
  }
  const ns = tree[key.slice(0, dot)];
  if (!ns || typeof ns === "string") return undefined;
  let byKey = found.get(ns);
  if (!byKey) found.set(ns, (byKey = new Map()));
  let text = byKey.get(key);
  if (text === undefined) {
    text = walk(ns, key.slice(dot + 1)) ?? null;
    // The keys come from the code (a bounded set); an unknown key is remembered as missing too.
    if (byKey.size < 5_000) byKey.set(key, text);
  }
  return text ?? undefined;
}

function walk(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (!node || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function translate(resources: Tree, lang: string, key: string, options: Options = {}): string {
  let text: string | undefined;
  if (typeof options.count === "number") {
    let rules = rulesCache.get(lang);
    if (!rules) rulesCache.set(lang, (rules = new Intl.PluralRules(lang)));
    text = lookup(resources, `${key}_${rules.select(options.count)}`) ?? lookup(resources, `${key}_other`);
  }
  text ??= lookup(resources, key) ?? options.defaultValue ?? key;
  // Most texts have no placeholder: no regular-expression pass for them (every text a page shows goes through here).
  if (!text.includes("{{")) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (options[name] === undefined ? "" : String(options[name])));
}

const I18nContext = createContext<{ lang: Lang; resources: Tree }>({ lang: "ru", resources: {} });

export function I18nProvider({ lang, resources, children }: { lang: Lang; resources: object; children: ReactNode }) {
  const value = useMemo(() => ({ lang, resources: resources as Tree }), [lang, resources]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * Adds a page's own namespaces (sent by its loader: app/web/page-texts.server.ts) to the texts of
 * everything rendered inside it.
 */
export function PageTexts({ texts, children }: { texts: object; children: ReactNode }) {
  const outer = useContext(I18nContext);
  const value = useMemo(() => ({ lang: outer.lang, resources: { ...outer.resources, ...(texts as Tree) } }), [outer, texts]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTranslation(): { t: TFn; lang: Lang } {
  const { lang, resources } = useContext(I18nContext);
  return useMemo(() => ({ lang, t: (key: string, options?: Options) => translate(resources, lang, key, options) }), [lang, resources]);
}
