/**
 * Limits of cases, publications and the resume (spec 2 §5, §9), without zod so pages may use them for
 * hints and HTML constraints (docs/decisions/0005). The rules themselves live in ./schema.ts.
 */
import { LIMITS } from "../limits";

export const CASE_LIMITS = {
  nameMax: 200,
  textMax: 2000,
  linksMax: 2000,
  attachmentsMax: 5,
  /** Files must be under 50 MB (spec 2 §5). */
  fileBytes: LIMITS.fileBytes,
  descriptionMax: 200,
  /** spec 2 §5: the publication's add button needs at least 10 characters of link. */
  linkMinForButton: 10,
  linkMax: 2000,
  /** spec 2 §9: a file name is shown truncated beyond 35 characters. */
  fileNameShown: 35,
} as const;

/** Accept lists for the file inputs (the server checks the content). */
export const ATTACHMENT_ACCEPT = ".jpg,.jpeg,.png,.pdf,.docx,.doc,.rtf,.pptx,.ppt,.msg";
export const RESUME_ACCEPT = ".pdf,.doc,.docx";

/** 'Очень длинное имя файла….pdf' → the first 35 characters and an ellipsis, the extension kept. */
export function shortFileName(name: string, max: number = CASE_LIMITS.fileNameShown): string {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : "";
  return `${name.slice(0, max)}…${ext}`;
}
