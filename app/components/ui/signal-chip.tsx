import "~/styles/signal-chip.css";

/**
 * A list tab's signal chip (spec 3 §2 'Each tab has a signal chip'; the rule is spec 1 §4, in
 * app/domain/visits/fresh.server.ts): what is new in the group since the user last looked, highlighted,
 * else how many items it holds. What is new reads '+N', not only in another colour (WCAG 1.4.1); a screen
 * reader hears the count in the list's own words (a hidden text: a plain span's aria-label is not read
 * everywhere).
 */
export function SignalChip({ fresh, total, freshLabel, totalLabel }: { fresh: number; total: number; freshLabel: string; totalLabel: string }) {
  return fresh > 0 ? (
    <span className="signal-chip signal-chip--fresh">
      <span aria-hidden="true">{`+${fresh}`}</span>
      <span className="visually-hidden">{freshLabel}</span>
    </span>
  ) : (
    <span className="signal-chip">
      <span aria-hidden="true">{total}</span>
      <span className="visually-hidden">{totalLabel}</span>
    </span>
  );
}

/**
 * The visit bookkeeping (spec 1 §3–4): looking at a list's tab stamps it in the visit-time record, so its
 * chip (and the menus' 'new' chip) count only what changes afterwards. A tab that counts unviewed items
 * (invitations, searching requests) is not stamped: opening the items clears it.
 */
export function stampVisit(role: "customer" | "executor", key: string, countsUnviewed: boolean) {
  if (countsUnviewed) return;
  void fetch("/api/client/storage", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ [role]: { [key]: new Date().toISOString() } }),
    keepalive: true,
  }).catch(() => {});
}
