import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/web/page.server";

/** spec 3 §2: /projects redirects to /projects/request. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  return redirect("/projects/request");
}
