import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { startSocialSignIn } from "~/domain/auth/social.server";
import { DomainError } from "~/domain/errors";

/** Sends the browser to the provider; state and the PKCE verifier wait in D1 for the way back. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  try {
    return redirect(await startSocialSignIn(context.ctx, params.provider ?? ""));
  } catch (e) {
    if (e instanceof DomainError) throw new Response(null, { status: e.status });
    throw e;
  }
}
