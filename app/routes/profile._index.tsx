import { redirect } from "@remix-run/cloudflare";

/** spec 2 §2: /profile redirects to /profile/information. */
export const loader = () => redirect("/profile/information");
