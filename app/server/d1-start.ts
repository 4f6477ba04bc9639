/** Methods that change nothing: a read may be served by any replica that is new enough. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Where a request's D1 session starts (decisions 0034, 0065). A read starts from the bookmark the client
 * hands back (it reads its own writes from any replica at least that new), or from any replica without
 * one. A state change starts at the primary whatever bookmark it sends: its session statement must see a
 * sign-out, a password change or a block that a lagging replica has not yet, and a client chooses the
 * bookmark it sends.
 */
export function sessionStart(method: string, bookmark: string | null, primary = false, pathname = ""): string {
  if (primary || mayAct(method, pathname)) return "first-primary";
  return bookmark ?? "first-unconstrained";
}

/** A request that may change something: any but GET and HEAD, and the GETs that act (PRIMARY_READS). */
export const mayAct = (method: string, pathname: string) => !SAFE_METHODS.has(method) || PRIMARY_READS.some((p) => p.test(pathname.replace(/\.data$/, "")));

/**
 * GETs that act, or that read what was written an instant before elsewhere: hiding a service (the spec's
 * GET call), the social sign-in's return (it signs in or links an account), the page of an e-mailed link
 * (its token was written as the mail went out, and a lagging replica would call it dead), and the pages
 * whose opening marks something seen (a response the customer opens, a rating request the rater opens).
 * They start at the primary like a state change.
 */
const PRIMARY_READS = [
  /^\/api\/service\/[^/]+\/hide$/,
  /^\/api\/auth\/social\/callback$/,
  /^\/auth\/social-callback$/,
  /^\/auth\/social\/[^/]+$/,
  /^\/email\/verify$/,
  /^\/request-list\/[^/]+$/,
  /^\/response-request\/[^/]+$/,
  /^\/multi-rate-user$/,
];
