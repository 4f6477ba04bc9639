import { sweepExpiredDemands } from "~/domain/demands/demands.server";
import { sweepUploads } from "~/domain/files/uploads.server";
import { createContext } from "~/server/context.server";
import { sweepEndedSessions, sweepLapsedImpersonations } from "~/server/session.server";
import type { HonoEnv } from "./http";

/** One step's figure, or why it failed: a failed step is logged and the next run repeats it. */
async function step<T>(run: () => Promise<T>): Promise<T | string> {
  try {
    return await run();
  } catch (e) {
    return `failed: ${String((e as Error)?.message ?? e)}`;
  }
}

/**
 * The Cron Trigger (`[triggers] crons` in wrangler.toml): the timed work that reads never wait for
 * (ARCHITECTURE "Timed work"). Each step runs whatever the others did, so one failure (a D1 error) keeps
 * none of the rest from running or from being reported in the log line.
 */
export async function runScheduled(controller: { scheduledTime: number; cron: string }, env: HonoEnv["Bindings"], executionCtx: { waitUntil(p: Promise<unknown>): void }) {
  const requestId = `cron-${controller.scheduledTime}`;
  const ctx = await createContext(env, new Request("http://localhost/cron"), executionCtx, { requestId, lang: "ru", primary: true });
  // Requests whose search period passed move to search_expired in the database; every read already treats them so.
  const demandsExpired = await step(() => sweepExpiredDemands(ctx));
  // Direct uploads never claimed, and objects whose delete failed (decision 0032): their objects, then their rows.
  const uploadsSwept = await step(() => sweepUploads(ctx));
  // Impersonations past their hour: their end audited, their rows gone (spec README: start and end are audited).
  const impersonationsEnded = await step(() => sweepLapsedImpersonations(ctx));
  // Sessions past their lifetimes and spent single-use tokens (decision 0022).
  const endedSwept = await step(() => sweepEndedSessions(ctx));
  const figures = { demandsExpired, uploadsSwept, impersonationsEnded, endedSwept };
  // A failed step is an error for the logs' alerts, though the run went on.
  const failed = Object.values(figures).some((v) => typeof v === "string");
  console[failed ? "error" : "log"](JSON.stringify({ level: failed ? "error" : "info", requestId, cron: controller.cron, ...figures }));
}
