/** The pages' texts and what only the server says (e-mails, domain errors), merged namespace by namespace. */
export function withServerTexts<P extends object, S extends object>(page: P, server: S): P & S {
  const out: Record<string, unknown> = { ...(page as Record<string, unknown>) };
  for (const [ns, texts] of Object.entries(server)) out[ns] = { ...(out[ns] as object | undefined), ...texts };
  return out as P & S;
}
