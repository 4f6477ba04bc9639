import type { AppLoadContext } from "@remix-run/cloudflare";
import { getClientStorage } from "~/domain/visits/visits.server";
import "./load-context";

/**
 * The promo block's state for a page loader (spec 1 §1: shown on / and /profile/information, and here
 * also on the my-projects pages). Guests never see it: there is no visit record to keep their close
 * or action in, so nothing is read for them (docs/decisions/0011-shell-and-promo.md).
 */
export async function promoForPage(context: AppLoadContext): Promise<{ show: boolean }> {
  const actor = context.actor;
  if (!actor) return { show: false };
  const storage = await getClientStorage(context.ctx, actor);
  return { show: storage.promo.show };
}
