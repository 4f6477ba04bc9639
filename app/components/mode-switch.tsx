import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import type { Mode } from "~/lib/mode";

/**
 * The customer/expert switch (spec 1 §4). A plain form, so it works before the scripts load; the
 * server keeps the mode in a cookie and sends the user where that mode belongs (app/routes/mode.tsx).
 */
export function ModeSwitch({ mode, className = "" }: { mode: Mode; className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/mode" className={`mode-switch ${className}`} role="group" aria-label={t("nav.modeLabel")}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {(["customer", "executor"] as const).map((m) => (
        <button key={m} type="submit" name="mode" value={m} className="mode-switch__btn" aria-pressed={mode === m}>
          {t(m === "customer" ? "nav.modeCustomer" : "nav.modeExpert")}
        </button>
      ))}
    </Form>
  );
}
