/**
 * One file straight to storage (decision 0032): the server is asked for a presigned PUT (POST /api/uploads,
 * which checks the declared name, size and type against the kind's rules first), then the bytes go there with
 * XMLHttpRequest, whose upload reports progress. DirectUpload (the five-file fields) and the profile's resume
 * form both send their files through it.
 *
 * Answers the upload's id, the server's refusal (its first field message, else its message; null when the
 * network or the PUT failed: the caller says so in its own words), or null once `signal` aborted it.
 */
export type PutResult = { ok: true; id: string } | { ok: false; message: string | null };

export async function putUpload(
  file: File,
  o: { kind: string; signal: AbortSignal; onProgress: (percent: number) => void; endpoint?: string; lang?: string },
): Promise<PutResult | null> {
  let answer: { id: string; url: string; method: string; headers: Record<string, string> };
  try {
    const res = await fetch(o.endpoint ?? "/api/uploads", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(o.lang ? { "Content-Language": o.lang } : {}) },
      body: JSON.stringify({ kind: o.kind, name: file.name, size: file.size, type: file.type }),
      signal: o.signal,
      credentials: "same-origin",
    });
    const body = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> } & typeof answer;
    if (!res.ok) return { ok: false, message: Object.values(body.errors ?? {})[0]?.[0] ?? body.message ?? null };
    answer = body;
  } catch {
    return o.signal.aborted ? null : { ok: false, message: null };
  }
  if (o.signal.aborted) return null;
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    // Settled as aborted first: XMLHttpRequest fires its own abort event synchronously inside abort().
    const abort = () => {
      resolve(null);
      xhr.abort();
    };
    o.signal.addEventListener("abort", abort, { once: true });
    const settle = (result: PutResult) => {
      o.signal.removeEventListener("abort", abort);
      resolve(result);
    };
    xhr.open(answer.method, answer.url);
    for (const [h, v] of Object.entries(answer.headers)) xhr.setRequestHeader(h, v);
    let last = -1;
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      // 100 only once the storage answered: a full upload may still be refused.
      const percent = Math.min(99, Math.floor((e.loaded / e.total) * 100));
      if (percent !== last) o.onProgress((last = percent));
    };
    xhr.onload = () => settle(xhr.status >= 200 && xhr.status < 300 ? { ok: true, id: answer.id } : { ok: false, message: null });
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => settle({ ok: false, message: null });
    xhr.send(file);
  });
}
