/**
 * Money shown, never moved (spec README "Payments and contacts", "Document 3 details"): the figures a
 * request's pages and calls show, computed here only, in whole rubles. Pure functions: the pages may
 * import them, and tests/unit/demands-money.test.ts checks them at the edges.
 */

export type ServiceTypeMoney = {
  /** The platform's fee as a fraction (0.15 = 15 %), as service_types.fee stores it (a decimal string). */
  fee: number | string;
  isRoundedUp: boolean;
  roundBase: number;
};

/**
 * The budget an expert sees: round(budget / (1 + fee) / round_base) × round_base, where round is the
 * ceiling when the type rounds up, else the floor (spec 3 §9). A tiny epsilon keeps an exact multiple
 * (30 000 / 1.2 = 25 000 computed as 24 999.999…) from falling a whole step.
 */
export function expertBudget(budget: number, type: ServiceTypeMoney): number {
  const fee = Number(type.fee);
  const base = type.roundBase > 0 ? type.roundBase : 1;
  if (!Number.isFinite(fee) || fee < 0 || !Number.isFinite(budget) || budget <= 0) return 0;
  const steps = budget / (1 + fee) / base;
  const EPS = 1e-9;
  const rounded = type.isRoundedUp ? Math.ceil(steps - EPS) : Math.floor(steps + EPS);
  return Math.max(0, rounded) * base;
}

/** The price the customer sees for a response: salary × (1 + percent / 100) of its tax, in whole rubles. */
export function customerPrice(salary: number, taxPercent: number): number {
  if (!Number.isFinite(salary) || salary <= 0) return 0;
  // Integer arithmetic: salary × (100 + percent) / 100, rounded half up to the ruble.
  return Math.round((salary * (100 + taxPercent)) / 100);
}

/**
 * The security deposit: 30 % of the request's budget; for a consultation paid by the hour, 100 % of the
 * chosen expert's price (spec 3 §9). Whole rubles, rounded half up.
 */
export function securityDeposit(opts: { budget: number; hourlyConsultation?: boolean; expertPrice?: number | null }): number {
  if (opts.hourlyConsultation) return Math.max(0, Math.round(opts.expertPrice ?? 0));
  if (!Number.isFinite(opts.budget) || opts.budget <= 0) return 0;
  return Math.round((opts.budget * 30) / 100);
}
