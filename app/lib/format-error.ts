/**
 * spec 1 §8, the error formatter: the server's message if there is one; otherwise the values of the
 * error object joined by commas; otherwise 'неизвестная ошибка' (in the page's language).
 */
export function formatError(error: unknown, unknown: string): string {
  if (error && typeof error === "object") {
    const e = error as { message?: unknown; errors?: unknown };
    if (typeof e.message === "string" && e.message.trim()) return e.message;
    const values = e.errors && typeof e.errors === "object" ? Object.values(e.errors as Record<string, unknown>) : Object.values(e);
    const parts = values.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is string => typeof v === "string" && v.trim() !== "");
    if (parts.length) return parts.join(", ");
  }
  if (typeof error === "string" && error.trim()) return error;
  return unknown;
}
