/**
 * Where a rating link leads (spec 2 §2): the one place that knows the two pages and their `hash`
 * parameter, for the e-mails (absolute, with APP_URL) and the pages (relative). Not `.server`: the
 * incoming list links to /multi-rate-user from the browser bundle.
 */
export const rateUserPath = (hash: string) => `/rate-user?hash=${encodeURIComponent(hash)}`;
export const multiRatePath = (hash: string) => `/multi-rate-user?hash=${encodeURIComponent(hash)}`;

/** A path of this site as a link in an e-mail. */
export const absoluteUrl = (appUrl: string, path: string) => `${appUrl.replace(/\/$/, "")}${path}`;
