import type { TFn } from "~/lib/i18n";

/** An audit row's action in words (the console's `auditActions`), its key when no label exists yet. */
export const auditActionLabel = (t: TFn, action: string) => t(`console.auditActions.${action}`, { defaultValue: action });

/** What an audit row is about, in words: the target's kind (the console's `auditTargets`) and its id. */
export const auditTargetLabel = (t: TFn, type: string | null, id: string | null) => [type ? t(`console.auditTargets.${type}`, { defaultValue: type }) : null, id].filter(Boolean).join(" ");

type AuditPerson = { id: number; email: string | null; name: string } | null;

/**
 * Who acted: the person, or the operator who acted while viewing the site as that person (decision 0022:
 * what an operator did as a user is his), named both.
 */
export function auditActorLabel(t: TFn, actor: AuditPerson, impersonator: AuditPerson) {
  const person = (p: NonNullable<AuditPerson>) => `${p.name} (${p.email ?? "—"}, #${p.id})`;
  if (!actor) return impersonator ? person(impersonator) : "—";
  return impersonator ? t("console.actingAs", { operator: person(impersonator), user: person(actor) }) : person(actor);
}

/** The head of an audit table: when, what happened, to what, who; the full log adds the reason. */
export function AuditHead({ t, reason = false }: { t: TFn; reason?: boolean }) {
  return (
    <thead>
      <tr>
        <th scope="col">{t("console.auditWhen")}</th>
        <th scope="col">{t("console.auditAction")}</th>
        <th scope="col">{t("console.auditWhat")}</th>
        <th scope="col">{t("console.auditWho")}</th>
        {reason ? <th scope="col">{t("console.auditReason")}</th> : null}
      </tr>
    </thead>
  );
}
