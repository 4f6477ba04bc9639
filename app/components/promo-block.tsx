import { lazy, Suspense } from "react";

type ViewModule = typeof import("./promo-block-view");

declare global {
  interface Window {
    /**
     * The promo block's code, loaded before the page hydrates when the server rendered the block
     * (app/entry.client.tsx). A lazy component whose code is still on its way leaves its Suspense boundary
     * unhydrated, and a synchronous update above it, such as the router's location after a click that
     * navigates (even to a hash), makes React drop the block's HTML and render it again on the client
     * (React error #421). With the code at hand the lazy component resolves at once (React's `lazy` reads
     * a thenable that settles synchronously), so the block hydrates with the rest of the page. A global,
     * not an export: importing this module from the entry would split it into a chunk of its own that
     * every page downloads.
     */
    __promoBlockView?: ViewModule;
  }
}

const PromoBlockView = lazy(() => {
  const loaded = typeof window === "undefined" ? undefined : window.__promoBlockView;
  return loaded ? ({ then: (resolve: (m: ViewModule) => void) => resolve(loaded) } as unknown as Promise<ViewModule>) : import("./promo-block-view");
});

/**
 * The promo block (spec 1 §1, §4), see promo-block-view.tsx. Its code loads only where it is shown: a guest
 * never sees it, and most visits of a signed-in user do not either, so pages do not carry it in their bundle.
 */
export function PromoBlock({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <PromoBlockView show />
    </Suspense>
  );
}
