import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PageNamespace, PageResources } from "~/locales/ru.pages";
import { pageResources } from "~/server/texts.server";
import "./load-context";

/**
 * The texts a page needs beyond the common ones, in the visitor's language, for its loader to send with
 * the page; the page hands them to `<PageTexts>`. A page then carries its own copy in one language only,
 * instead of every page's copy in the bundle (docs/decisions/0012-page-texts.md).
 */
export function pageTexts<N extends PageNamespace>(context: AppLoadContext, ...namespaces: N[]): Pick<PageResources, N> {
  const all = pageResources[context.ctx.lang] as PageResources;
  const out = {} as Pick<PageResources, N>;
  for (const ns of namespaces) out[ns] = all[ns];
  return out;
}
