/**
 * Every failure of the control API is one of these: a status, a stable snake_case code and a message
 * a person can read, plus the details the wire contract lists for some rows (failures,
 * current_version, parameter).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** fastify's convention, so handlers that know only it (the OAuth routes' own) see a client error. */
  get statusCode(): number {
    return this.status;
  }

  toBody(): Record<string, unknown> {
    return { error: this.message, code: this.code, ...this.extra };
  }
}

export interface Failure {
  field: string;
  reason: string;
}

export const badRequest = (message: string, parameter?: string) =>
  new ApiError(400, 'bad_request', message, parameter ? { parameter } : {});

export const notFound = (what: string, code = 'not_found') => new ApiError(404, code, `${what} not found`);

export const validationFailed = (failures: Failure[]) =>
  new ApiError(
    422,
    'validation_failed',
    `validation failed: ${failures.map((f) => `${f.field} ${f.reason}`).join('; ')}`,
    { failures },
  );

/** Collects failures so a caller reports them all at once rather than one per attempt. */
export class FailureList {
  readonly failures: Failure[] = [];
  add(field: string, reason: string): void {
    this.failures.push({ field, reason });
  }
  throwIfAny(): void {
    if (this.failures.length > 0) throw validationFailed(this.failures);
  }
}
