import { redirect } from "@remix-run/cloudflare";

/** spec 2 §2: /invite redirects to /invite/expert. */
export const loader = () => redirect("/invite/expert");
