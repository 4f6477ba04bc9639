/**
 * The arrow keys of a tab list (WAI-ARIA tabs pattern): the index the focus moves to, or null for any
 * other key. The caller moves the focus at once, inside the same key event: a focus moved a frame later
 * (requestAnimationFrame) lands after a quick next key and pulls the focus back from where that key took
 * it (CI 68: a Tab pressed right after ArrowRight reached a button, then the late focus took it away).
 */
export function arrowTab(e: { key: string; preventDefault(): void }, index: number, count: number): number | null {
  const d = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
  if (!d) return null;
  e.preventDefault();
  return (index + d + count) % count;
}
