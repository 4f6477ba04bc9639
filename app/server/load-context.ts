import type { AppContext } from "./context.server";
import type { Actor } from "./session.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    ctx: AppContext;
    actor: Actor | null;
    nonce: string;
  }
}
export {};
