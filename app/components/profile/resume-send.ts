import type { MutableRefObject } from "react";
import type { useFetcher } from "@remix-run/react";
import { putUpload } from "~/lib/put-upload";

/**
 * The resume forms' sending (decision 0062), loaded on the first submit: the chosen file to storage, then
 * the form with the upload's id only. A refusal (the server's words, else `failed`) shows under the field.
 */
export async function sendResume(
  input: HTMLInputElement,
  file: File,
  o: {
    lang: string;
    running: MutableRefObject<AbortController | null>;
    submit: ReturnType<typeof useFetcher>["submit"];
    setProgress: (percent: number | null) => void;
    setError: (message: string) => void;
    failed: string;
  },
) {
  const result = await putUpload(file, { kind: "profile_resume", lang: o.lang, signal: o.running.current!.signal, onProgress: o.setProgress });
  if (!result) return;
  o.running.current = null;
  o.setProgress(null);
  if (!result.ok) return o.setError(result.message ?? o.failed);
  input.value = "";
  o.submit({ intent: "upload", uploads: result.id, _fetch: "1" }, { method: "post", action: "/profile/resume" });
}
