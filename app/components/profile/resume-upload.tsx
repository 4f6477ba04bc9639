import { useEffect, useRef, useState, type FormEvent } from "react";
import type { useFetcher } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";

/**
 * The resume forms of the profile (its block and the banner's first step, spec 2 §3-4). With script, the
 * chosen file goes straight to storage first (POST /api/uploads, kind profile_resume: decision 0062) with
 * its progress shown, then the form sends the upload's id; a Worker never carries the bytes. Without script
 * the form posts the file inline, as before. The uploader itself is loaded on the first submit.
 */
export function useResumeUpload(submit: ReturnType<typeof useFetcher>["submit"]) {
  const { t, lang } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  // A file still on its way when the profile goes away is dropped (its upload is swept later).
  useEffect(() => () => running.current?.abort(), []);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const input = e.currentTarget.elements.namedItem("resume") as HTMLInputElement | null;
    const file = input?.files?.[0];
    // No file: the form goes as it is, and the server answers 'file required'.
    if (!file) return;
    e.preventDefault();
    if (running.current) return;
    const controller = (running.current = new AbortController());
    const failed = t("profileCases.caseModal.uploadFailed");
    setError(null);
    setProgress(0);
    import("~/lib/put-upload")
      .then(({ putUpload }) => putUpload(file, { kind: "profile_resume", lang, signal: controller.signal, onProgress: setProgress }))
      .then(
        (result) => {
          if (!result) return;
          running.current = null;
          setProgress(null);
          if (!result.ok) return setError(result.message ?? failed);
          input!.value = "";
          submit({ intent: "upload", uploads: result.id, _fetch: "1" }, { method: "post", action: "/profile/resume" });
        },
        () => {
          running.current = null;
          setProgress(null);
          setError(failed);
        },
      );
  };

  const element =
    progress !== null ? (
      <p className="field__hint pc-resume-progress">
        <progress className="direct-upload__progress" max={100} value={progress} aria-label={t("profileCases.resume.choose")} aria-valuetext={t("profileCases.caseModal.uploadingFile", { percent: progress })} />{" "}
        {t("profileCases.caseModal.uploadingFile", { percent: progress })}
      </p>
    ) : null;
  return { onSubmit, busy: progress !== null, error, clearError: () => setError(null), element };
}
