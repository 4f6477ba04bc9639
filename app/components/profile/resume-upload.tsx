import { useEffect, useRef, useState, type FormEvent } from "react";
import type { useFetcher } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";

type Submit = ReturnType<typeof useFetcher>["submit"];

/**
 * The resume forms of the profile (its block and the banner's first step, spec 2 §3-4). With script, the
 * chosen file goes straight to storage first (POST /api/uploads, kind profile_resume: decision 0062) with
 * its progress shown, then the form sends the upload's id; a Worker never carries the bytes. Without script
 * the form posts the file inline, as before. The sending itself (./resume-send) loads on the first submit.
 */
export function useResumeUpload(submit: Submit) {
  const { t, lang } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  // A file still on its way when the profile goes away is dropped (its upload is swept later).
  useEffect(() => () => running.current?.abort(), []);
  const failed = t("profileCases.caseModal.uploadFailed");
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const input = e.currentTarget.elements.namedItem("resume") as HTMLInputElement;
    const file = input.files?.[0];
    // No file: the form goes as it is, and the server answers 'file required'.
    if (!file) return;
    e.preventDefault();
    if (running.current) return;
    running.current = new AbortController();
    setError(null);
    setProgress(0);
    import("./resume-send")
      .then((m) => m.sendResume(input, file, { lang, running, submit, setProgress, setError, failed }))
      .catch(() => ((running.current = null), setProgress(null), setError(failed)));
  };
  const text = t("profileCases.caseModal.uploadingFile", { percent: progress });
  return {
    onSubmit,
    // A file on its way: the form waits, and its last answer (a refusal) is not this submit's.
    busy: progress !== null,
    error,
    clearError: () => setError(null),
    element:
      progress !== null ? (
        <p className="field__hint">
          <progress className="direct-upload__progress" max={100} value={progress} aria-label={t("profileCases.resume.choose")} aria-valuetext={text} /> {text}
        </p>
      ) : null,
  };
}
