import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/web/page.server";

/** spec 3 §2: /community redirects to /community/industry-functions. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  return redirect("/community/industry-functions");
}
