import { ErrorCode, StringErrorCode } from '@hmi/contract';

/** Every rejection of the API client: a catalogue code (number) or a string code of spec section 8. */
export class ApiError extends Error {
  readonly code: number | string;
  /** `data` of the envelope, e.g. the failing field of a 1006. */
  readonly data: unknown;

  constructor(code: number | string, message?: string, data?: unknown) {
    super(message || String(code));
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Cancelled requests are rejected silently; callers usually just ignore them. */
export function isCanceled(error: unknown): boolean {
  return isApiError(error) && error.code === StringErrorCode.ERR_CANCELED;
}

/** Codes that mean "refresh the access token and try again". */
export const REFRESH_CODES: readonly number[] = [ErrorCode.AUTH_HEADER_LOST, ErrorCode.AUTH_EXPIRED];

/** Axios error codes the client reports under their own name; anything else counts as a network error. */
export const TRANSPORT_CODES: readonly string[] = [
  StringErrorCode.ERR_NETWORK,
  StringErrorCode.ECONNABORTED,
  StringErrorCode.ETIMEDOUT,
  StringErrorCode.ERR_BAD_REQUEST,
  StringErrorCode.ERR_BAD_RESPONSE,
  StringErrorCode.ERR_INVALID_URL,
];
