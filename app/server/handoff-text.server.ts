/**
 * The loader data line of a document whose data defers nothing, kept beside its stream (decision 0045).
 * The server build's turbo-stream writes it and its `StreamTransfer` reads it (`turboStreamSyncText` and
 * `streamTransferSync` in vite.config.ts, which build their code from this key); the document entry reads
 * it to render the page to one string (decision 0047). A WeakMap under a global symbol, so that every copy
 * of the patched packages in the bundle sees the same one.
 */
export const HANDOFF_TEXTS_KEY = "expert-market.turbo-stream-text";

export function handoffTexts(): WeakMap<ReadableStream, string> {
  const global = globalThis as Record<symbol, WeakMap<ReadableStream, string> | undefined>;
  return (global[Symbol.for(HANDOFF_TEXTS_KEY)] ??= new WeakMap());
}

/** A stream of that one line, known to the map as the original was. */
export function textStream(text: string): ReadableStream<Uint8Array> {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  handoffTexts().set(stream, text);
  return stream;
}
