import type { AppLoadContext } from "@remix-run/cloudflare";
import { idField } from "~/domain/validation";
import { requireUser } from "./page.server";
import { loadProfilePage } from "./profile-page.server";
import "./load-context";

/**
 * /profile/{id}, /profile/{id}/information and /profile/{id}/expert (spec 2 §2): someone else's profile,
 * read-only. The owner's own id shows the same read-only view (what others see), contacts included
 * (docs/decisions/0013-profile.md). An unknown id is the 404 page.
 */
export async function publicProfileLoader(context: AppLoadContext, request: Request, rawId: string | undefined) {
  const actor = requireUser(context, request);
  const id = idField.safeParse(rawId);
  if (!id.success || !/^\d+$/.test(rawId ?? "")) throw new Response("Not Found", { status: 404 });
  return loadProfilePage(context, actor, id.data, "public");
}
