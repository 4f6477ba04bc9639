import { decode } from "turbo-stream";

/** The loader data a page inlines for hydration: the strings its scripts enqueue, decoded as the browser does. */
export async function inlinedLoaderData(html: string) {
  const chunks = [...html.matchAll(/window\.__remixContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g)].map((m) => JSON.parse(m[1]!) as string);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  const decoded = await decode(stream);
  await decoded.done;
  return { chunks, data: decoded.value as { loaderData: Record<string, Record<string, unknown>> } };
}

/** An action's data as a script's request (single fetch, `<path>.data`) answers it, decoded as the browser does. */
export async function actionData(text: string) {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  const decoded = await decode(stream);
  await decoded.done;
  return (decoded.value as { data: Record<string, unknown> }).data;
}
