/**
 * Errors are values with a code. The API turns them into the JSON error of the spec README,
 * pages show them next to a field or in an alert, always in the user's language.
 */
export type FieldErrors = Record<string, string[]>;

export type DomainErrorKind = "validation" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "rate_limited";

const STATUS: Record<DomainErrorKind, number> = {
  validation: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
};

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** Locale key of the message, with its interpolation values. */
  readonly code: string;
  readonly params?: Record<string, unknown>;
  /** Field → locale keys (already translated texts are allowed too, see `translated`). */
  readonly fields?: FieldErrors;
  readonly retryAfter?: number;
  readonly extra?: Record<string, unknown>;

  constructor(
    kind: DomainErrorKind,
    code: string,
    opts: { params?: Record<string, unknown>; fields?: FieldErrors; retryAfter?: number; extra?: Record<string, unknown> } = {},
  ) {
    super(code);
    this.kind = kind;
    this.code = code;
    this.params = opts.params;
    this.fields = opts.fields;
    this.retryAfter = opts.retryAfter;
    this.extra = opts.extra;
  }

  get status() {
    return STATUS[this.kind];
  }
}

export const validationError = (fields: FieldErrors, extra?: Record<string, unknown>) => {
  const first = Object.values(fields)[0]?.[0] ?? "errors.validation";
  return new DomainError("validation", first, { fields, extra });
};
export const fieldError = (field: string, code: string, extra?: Record<string, unknown>) =>
  validationError({ [field]: [code] }, extra);
export const notFound = () => new DomainError("not_found", "errors.not_found");
export const forbidden = () => new DomainError("forbidden", "errors.forbidden");
export const unauthorized = () => new DomainError("unauthorized", "errors.unauthorized");
