import type { AppContext } from "~/server/context.server";
import type { Actor } from "~/server/session.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    ctx: AppContext;
    actor: Actor | null;
    nonce: string;
  }
}
export {};
