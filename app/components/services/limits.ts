import { SERVICE_LIMITS } from "~/domain/limits";
import { REC_LIMITS } from "~/domain/recommendations/limits";

/**
 * The service limits as the pages use them for hints and HTML constraints (spec 3 §5, §9): the domain's
 * SERVICE_LIMITS, plus the search timing of the person search shared with the recommendations dialog.
 * The rules themselves are checked by the domain.
 */
export const SVC = { ...SERVICE_LIMITS, debounceMs: REC_LIMITS.debounceMs, searchMin: REC_LIMITS.searchMin } as const;
export type WorkloadFormat = keyof typeof SERVICE_LIMITS.hours;
export const WORKLOAD_FORMATS = Object.keys(SERVICE_LIMITS.hours) as WorkloadFormat[];
export type PayFormat = keyof typeof SERVICE_LIMITS.income;
export const PAY_FORMATS = Object.keys(SERVICE_LIMITS.income) as PayFormat[];
