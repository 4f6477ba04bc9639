import type { ServiceDraft } from "./types";

export type StepId = "description" | "industry" | "team" | "specializations" | "competences" | "other";

/**
 * The values of a step whose code has not loaded yet (./wizard-steps.tsx loads on first use), as the
 * hidden inputs the step's own fields would post: the wizard is one form, and 'Сохранить' or a step's
 * check sends every step. The names are the fields' names (the pickers post `industry[]`/`option[]`).
 */
export function StepValues({ step, draft }: { step: Exclude<StepId, "description">; draft: ServiceDraft }) {
  const hidden = (name: string, value: string | number, key = name) => <input key={key} type="hidden" name={name} value={value} />;
  switch (step) {
    case "industry":
      return (
        <>
          {draft.industries.map((id) => hidden("industry[]", id, `i${id}`))}
          {draft.options.map((id) => hidden("option[]", id, `o${id}`))}
        </>
      );
    case "team":
      return <>{draft.users.flatMap((u, i) => [hidden(`users[${i}][id]`, u.id), hidden(`users[${i}][type]`, u.type)])}</>;
    case "specializations":
      return <>{draft.specializations.flatMap((s, i) => [hidden(`specializations[${i}][industry_id]`, s.industry_id || ""), hidden(`specializations[${i}][option_id]`, s.option_id || "")])}</>;
    case "competences":
      return <>{draft.expertises.map((id) => hidden("expertises[]", id, `e${id}`))}</>;
    case "other":
      return (
        <>
          {draft.format === "company"
            ? [hidden("budget", draft.budget), hidden("performer_type", draft.performer_type)]
            : [hidden("pay_format", draft.pay_format), hidden("income", draft.income), hidden("workload_format", draft.workload_format), hidden("hours", draft.hours)]}
          {draft.companies.map((c, i) => hidden(`companies[${i}]`, c.id))}
          {draft.newCompanies.map((n, i) => hidden(`new_companies[${i}][name]`, n))}
        </>
      );
  }
}
