import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToReadableStream, renderToString } from "react-dom/server";
import { I18nProvider } from "./lib/i18n";
import { resources } from "./server/texts.server";
import "./web/load-context";
import { SpeculationFailed } from "./server/speculation.server";
import { handoffTexts, textStream } from "./server/handoff-text.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lang = loadContext.ctx.lang;

  const page = (
    <I18nProvider lang={lang} resources={resources[lang].translation}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={loadContext.nonce} />
    </I18nProvider>
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Language", lang);

  // Whole documents (decision 0047): a page that renders without suspending is rendered to one string in
  // one synchronous pass. A boundary that suspended (a lazy component's first render in this isolate,
  // deferred data) or failed comes out client-rendered (`<!--$!`), and such a page is rendered again below
  // with the streaming renderer, which waits for it and reports its error. React's legacy string renderer
  // leaves out the doctype that the streaming renderer writes before `<html>`.
  const handoff = remixContext.serverHandoffStream;
  const handoffText = handoff ? handoffTexts().get(handoff) : undefined;
  if (!handoff || handoffText !== undefined) {
    let html: string | undefined;
    // The server build's renderer calls this for each boundary it leaves to the browser (decision 0059);
    // React's own development build does not, and there the page searches its markup instead.
    let clientRendered = false;
    const options: { identifierPrefix?: string; onError: () => void } = { onError: () => void (clientRendered = true) };
    try {
      html = renderToString(page, options);
    } catch {
      // The shell failed: the streaming renderer below fails the same way and reports it as it always did.
    }
    if (import.meta.env.DEV && html?.includes("<!--$!")) clientRendered = true;
    if (html !== undefined && !clientRendered) {
      return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
    }
    // That render took the loader data stream's reader; the second takes one of its own on the same line.
    if (handoff && handoffText !== undefined) remixContext.serverHandoffStream = textStream(handoffText);
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ABORT_DELAY);
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    page,
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
  const bytes = await new Response(body).arrayBuffer();
  clearTimeout(timer);
  return new Response(bytes, { headers: responseHeaders, status });
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
