/**
 * The client's transport on `fetch` (it replaced axios, ~20 KB of the login page's compressed
 * JavaScript). It keeps what the client relied on from axios: query strings serialised the same
 * way, JSON bodies, cookies sent cross-origin, a time-out per request, any HTTP status answered
 * (the envelope's code decides), a body that is not JSON handed back as text, and failures named
 * with axios's codes (spec section 8).
 */
import { StringErrorCode } from '@hmi/contract';

export interface HttpRequest {
  /** Origin and path prefix, e.g. `https://eu.example.com/v1`. */
  baseURL: string;
  url: string;
  method: string;
  params?: unknown;
  data?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds; 0 = none. */
  timeout: number;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  /** The parsed JSON body, or the text when it is not JSON. */
  data: unknown;
}

/** A request that got no answer; `code` is one of the transport codes of spec section 8. */
export class HttpError extends Error {
  readonly code: string;

  constructor(code: string) {
    super(code);
    this.name = 'HttpError';
    this.code = code;
  }
}

// axios's encoding of query values: what it leaves readable stays so (the server parses both).
const encode = (value: string) =>
  encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+')
    .replace(/%5B/gi, '[')
    .replace(/%5D/gi, ']');

const queryValue = (value: unknown): string => {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value as string | number | boolean);
};

/** `params` as axios writes them: null and undefined left out, arrays as `key[]=a&key[]=b`. */
export function queryString(params: unknown): string {
  if (typeof params !== 'object' || params === null) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    const many = Array.isArray(value);
    for (const item of many ? (value as unknown[]) : [value])
      if (item !== null && item !== undefined)
        parts.push(`${encode(many ? `${key}[]` : key)}=${encode(queryValue(item))}`);
  }
  return parts.join('&');
}

function parseBody(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends `req`; rejects with an HttpError (ECONNABORTED, ERR_CANCELED, ERR_NETWORK, ERR_INVALID_URL). */
export async function httpRequest(req: HttpRequest): Promise<HttpResponse> {
  const query = queryString(req.params);
  const address = `${req.baseURL}${req.url}${query ? `${req.url.includes('?') ? '&' : '?'}${query}` : ''}`;
  try {
    new URL(address, typeof window === 'undefined' ? undefined : window.location.href);
  } catch {
    throw new HttpError(StringErrorCode.ERR_INVALID_URL);
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    req.timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, req.timeout)
      : undefined;
  const cancel = () => controller.abort();
  if (req.signal?.aborted) controller.abort();
  req.signal?.addEventListener('abort', cancel);
  const headers: Record<string, string> = { accept: 'application/json, text/plain, */*', ...req.headers };
  if (req.data !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(address, {
      method: req.method.toUpperCase(),
      headers,
      body: req.data === undefined ? undefined : JSON.stringify(req.data),
      credentials: 'include',
      signal: controller.signal,
    });
    // The time-out covers the body too, as it did with axios.
    return { status: response.status, data: parseBody(await response.text()) };
  } catch {
    if (timedOut) throw new HttpError(StringErrorCode.ECONNABORTED);
    if (controller.signal.aborted) throw new HttpError(StringErrorCode.ERR_CANCELED);
    throw new HttpError(StringErrorCode.ERR_NETWORK);
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', cancel);
  }
}
