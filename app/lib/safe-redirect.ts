const BASE = "https://self.invalid";

/**
 * A redirect target taken from a request (`redirectTo`, a Referer), reduced to a path on our own site.
 * It is resolved the way a browser resolves a `Location`: the URL parser drops tabs and newlines and reads
 * `\` as `/`, so `/\t/evil.example` (from `redirectTo=/%09/evil.example`) is `//evil.example`, another site.
 * Anything that does not stay on our origin, or carries a control character, gives `fallback` (issue 10,
 * finding 6). The answer is the normalised path, query and hash, never the raw input.
 */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  if (!value || value[0] !== "/" || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return url.pathname + url.search + url.hash;
}

/**
 * Where a sign-in goes (spec 1 §4), whichever way it was made (`/auth`, a provider's return): the path it
 * was asked from, or the profile; an account whose address is not proven goes to the verification
 * placeholder instead, unless it signed in to confirm through the mailed link (decision 0055).
 */
export function signInTarget(isVerified: boolean, requested: string | null | undefined): string {
  const target = safeRedirectPath(requested, "/profile/information");
  return isVerified || target.startsWith("/email/verify?") ? target : "/verify";
}
