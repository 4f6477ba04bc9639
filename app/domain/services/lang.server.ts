import type { TFunction } from "i18next";
import type { AppContext } from "~/server/context.server";
import { toLang } from "~/i18n";

/**
 * The context's texts in another person's language (an e-mail to the owner is in his language, not the
 * caller's): i18next lets a call name its language over the fixed one. Kept off ~/server/i18n.server so
 * this area's modules load without Remix (the queue is driven directly by the tests).
 */
export function textsIn(ctx: AppContext, locale: string | null | undefined): TFunction {
  const lng = toLang(locale) ?? ctx.lang;
  return ((key: string, opts?: Record<string, unknown>) => ctx.t(key, { ...opts, lng })) as unknown as TFunction;
}
