import { lazy, Suspense } from "react";

const PromoBlockView = lazy(() => import("./promo-block-view"));

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
