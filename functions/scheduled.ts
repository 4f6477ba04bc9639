import { sweepExpiredDemands } from "~/domain/demands/demands.server";
import { sweepUploads } from "~/domain/files/uploads.server";
import { createContext } from "~/server/context.server";
import { sweepLapsedImpersonations } from "~/server/session.server";
import type { HonoEnv } from "./http";

/**
 * The Cron Trigger (`[triggers] crons` in wrangler.toml): the timed work that reads never wait for
 * (ARCHITECTURE "Timed work"). Requests whose search period passed move to search_expired in the database;
 * every read already treats them so. Later areas add their timed work here.
 */
export async function runScheduled(controller: { scheduledTime: number; cron: string }, env: HonoEnv["Bindings"], executionCtx: { waitUntil(p: Promise<unknown>): void }) {
  const requestId = `cron-${controller.scheduledTime}`;
  const ctx = await createContext(env, new Request("http://localhost/cron"), executionCtx, { requestId, lang: "ru", primary: true });
  const expired = await sweepExpiredDemands(ctx);
  // Direct uploads never claimed (decision 0032): their objects, then their rows. A failure is logged and
  // the next run repeats it; it must not keep the requests' sweep above from being reported.
  let uploadsSwept: number | string;
  try {
    uploadsSwept = await sweepUploads(ctx);
  } catch (e) {
    uploadsSwept = `failed: ${String((e as Error)?.message ?? e)}`;
  }
  // Impersonations past their hour: their end audited, their rows gone (spec README: start and end are audited).
  let impersonationsEnded: number | string;
  try {
    impersonationsEnded = await sweepLapsedImpersonations(ctx);
  } catch (e) {
    impersonationsEnded = `failed: ${String((e as Error)?.message ?? e)}`;
  }
  console.log(JSON.stringify({ level: "info", requestId, cron: controller.cron, demandsExpired: expired, uploadsSwept, impersonationsEnded }));
}
