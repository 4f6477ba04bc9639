/**
 * A statement of a D1 batch can fail the whole batch (a transaction) on purpose: `select json('lost race')
 * … where <the race was lost>`, since json() of a non-JSON text raises. The conditional writes before it
 * then leave nothing. This tells that failure from any other error of the batch.
 */
export const isGuardFailure = (e: unknown) => /malformed JSON/i.test(String((e as Error)?.message ?? e) + String((e as { cause?: unknown })?.cause ?? ""));
