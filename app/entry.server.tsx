import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { I18nProvider } from "./lib/i18n";
import { resources } from "./server/texts.server";
import "./web/load-context";
import { SpeculationFailed } from "./server/speculation.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lang = loadContext.ctx.lang;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ABORT_DELAY);
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <I18nProvider lang={lang} resources={resources[lang].translation}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={loadContext.nonce} />
    </I18nProvider>,
    {
      nonce: loadContext.nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(JSON.stringify({ level: "error", requestId: loadContext.ctx.requestId, msg: "render", error: String(error) }));
        status = 500;
      },
    },
  );
  // Whole documents: pages are small, and crawlers and the bench both want the full HTML. Once all is
  // rendered the page goes out as one body of known length rather than as React's stream, which the
  // runtime would pump chunk by chunk (decision 0045).
  await body.allReady;
  const html = await new Response(body).arrayBuffer();
  clearTimeout(timer);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Language", lang);
  return new Response(html, { headers: responseHeaders, status });
}

/**
 * Remix's own error report, less a write refused on a guessed session (decision 0043): that request runs
 * again on the session's actor and its first answer is never seen.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted || error instanceof SpeculationFailed) return;
  console.error(isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error);
}

// The Worker entry (functions/index.ts) takes the Hono app from here, so it is bundled with the rest.
export { createApp } from "../functions/app";
// The Cron Trigger's handler, bundled with the rest (functions/index.ts exports it as `scheduled`).
export { runScheduled } from "../functions/scheduled";
