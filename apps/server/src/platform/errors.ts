import { ErrorCode, errorCatalogue, type NumericErrorCode } from '@hmi/contract';

/** An error that leaves the API as the envelope of one catalogue code. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: NumericErrorCode,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
    message?: string,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.name = 'AppError';
    this.status = errorCatalogue[code].status;
  }
}

export interface FailOptions {
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** Overrides the catalogue's message in `msg`. */
  msg?: string;
}

/** Throws the catalogue code `code`; `data` becomes the envelope's data. */
export function fail(code: NumericErrorCode, data: unknown = null, options: FailOptions = {}): never {
  throw new AppError(code, data, options.headers ?? {}, options.msg);
}

/** Throws 1006 naming the failing field. */
export function failInput(field: string, issue: string): never {
  throw new AppError(ErrorCode.INPUT_PARAMETER, { field, issue }, {}, `input parameter error: ${field}`);
}

/** Throws 429/1201 or 1018-like codes with a Retry-After header in whole seconds. */
export function failRetry(code: NumericErrorCode, retryAfterSeconds: number): never {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  throw new AppError(code, { retry_after: seconds }, { 'retry-after': String(seconds) });
}

/** A handler result answered with a non-zero catalogue code that still carries data (e.g. 1014). */
export class Coded<T> {
  constructor(
    readonly code: NumericErrorCode,
    readonly data: T,
  ) {}
}
