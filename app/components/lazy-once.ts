import { useState } from "react";

/**
 * True from the first time `open` is true: a lazily loaded dialog is fetched on first use and then
 * stays mounted, so it opens and closes through the native <dialog> (focus returns where it was).
 */
export function useOpenedOnce(open: boolean) {
  const [once, setOnce] = useState(open);
  if (open && !once) setOnce(true);
  return once || open;
}
