/**
 * The HTTP client of spec sections 7 and 8, on `fetch` (./http.ts). Every call of the contract goes through
 * `call(def, args, options)`. Storage, toasts, translation and the jump to /login are injected so
 * tests can run it against a real HTTP server in node.
 */
import i18next from 'i18next';
import { ErrorCode, StringErrorCode, ui, type CallDef, type CallResponse } from '@hmi/contract';
import type { z } from 'zod';
import { session as browserSession, type Session } from './tokens';
import { showErrorToast } from '../ui/feedback';
import { ApiError, REFRESH_CODES, TRANSPORT_CODES } from './errors';
import { HttpError, httpRequest, type HttpRequest, type HttpResponse } from './http';

export interface ClientDeps {
  session: Session;
  /** Shows a translated error text for `seconds`. */
  toast: (text: string, seconds: number) => void;
  translate: (key: string, options?: { defaultValue?: string }) => string;
  navigateToLogin: () => void;
  /** Origin of the central account service; '' = same origin. */
  centralHost: string;
  /** Origin used while no data-centre host is stored; '' = same origin (the browser). */
  defaultOrigin: string;
  timeoutMs: number;
  /**
   * Runs `task` alone among the console's tabs, which share one stored session: two tabs refreshing
   * with the same refresh token would present a rotated one, and the server then ends the session.
   */
  exclusive?: <T>(task: () => Promise<T>) => Promise<T>;
}

export interface CallOptions {
  /** The caller shows its own message: no toast for a business error code. */
  handleError?: boolean;
  signal?: AbortSignal;
  timeout?: number;
}

// Params as the server sees them; query and body as the caller writes them (schema defaults such
// as `locale` may be left out).
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;
type Field<K extends string, T> = unknown extends T ? { [P in K]?: T } : { [P in K]: T };
export type CallArgs<C> =
  C extends CallDef<infer Q, infer B, infer P, z.ZodType>
    ? Field<'query', In<Q>> & Field<'body', In<B>> & Field<'params', Out<P>>
    : never;
type ArgList<C> =
  Partial<CallArgs<C>> extends CallArgs<C>
    ? [args?: CallArgs<C>, options?: CallOptions]
    : [args: CallArgs<C>, options?: CallOptions];

export interface ApiClient {
  call<C extends CallDef>(def: C, ...rest: ArgList<C>): Promise<CallResponse<C>>;
  /** Aborts every request in flight; they reject silently with ERR_CANCELED. */
  cancelAll(): void;
  /**
   * The one token refresh, shared with calls answered 1008/1009 (for other channels such as the
   * live websocket); `staleToken` is the token that was refused. Rejects when the session is over.
   */
  refresh(staleToken: string | null): Promise<void>;
  /** Ends the session of a removed account (1055) the way a call answered with that code does. */
  accountGone(): void;
}

interface Request {
  method: string;
  url: string;
  central: boolean;
  query?: unknown;
  body?: unknown;
}

interface Envelope {
  code: number;
  data: unknown;
  msg?: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** Fills `:name` segments of a contract path. */
export function fillPath(path: string, params: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new ApiError(StringErrorCode.ERR_INVALID_URL);
    return encodeURIComponent(String(value));
  });
}

const trimSlash = (origin: string) => origin.replace(/\/+$/, '');

export function createApiClient(deps: ClientDeps): ApiClient {
  // Business errors come with HTTP error statuses too: the envelope's code decides, not the status.
  const http = (req: Omit<HttpRequest, 'timeout'> & { timeout?: number }) =>
    httpRequest({ ...req, timeout: req.timeout ?? deps.timeoutMs });
  const pending = new Set<AbortController>();
  // The one refresh in flight; concurrent 1008/1009 answers all wait for it.
  let refreshing: Promise<void> | null = null;

  // Without a central host of its own, a central call goes to the user's data centre, which sends it
  // on to the central service (a signed-in removal then carries a token that data centre knows).
  const baseURL = (central: boolean) =>
    `${trimSlash(central && deps.centralHost !== '' ? deps.centralHost : (deps.session.getHost() ?? deps.defaultOrigin))}/v1`;

  function errorText(code: number | string): string {
    return deps.translate(`errors.${code}`, { defaultValue: deps.translate('errors.unknown') });
  }

  function fail(code: number | string, options: CallOptions, msg?: unknown, data?: unknown): ApiError {
    if (!options.handleError) deps.toast(errorText(code), ui.errorToastSeconds);
    return new ApiError(code, typeof msg === 'string' ? msg : undefined, data);
  }

  function cancelAll() {
    for (const controller of pending) controller.abort();
    pending.clear();
  }

  async function exchange(req: Request, token: string | null, options: CallOptions): Promise<HttpResponse> {
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort);
    pending.add(controller);
    try {
      return await http({
        baseURL: baseURL(req.central),
        url: req.url,
        method: req.method,
        params: req.query,
        data: req.body,
        timeout: options.timeout ?? deps.timeoutMs,
        signal: controller.signal,
        headers: token ? { authorization: token } : {},
      });
    } catch (error) {
      if (
        controller.signal.aborted ||
        (error instanceof HttpError && error.code === StringErrorCode.ERR_CANCELED)
      )
        throw new ApiError(StringErrorCode.ERR_CANCELED);
      const code = error instanceof HttpError ? error.code : undefined;
      throw fail(code && TRANSPORT_CODES.includes(code) ? code : StringErrorCode.ERR_NETWORK, options);
    } finally {
      pending.delete(controller);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Ends the session for good: the refresh token no longer works. */
  function tokenInvalid(): ApiError {
    deps.session.clear({ host: true });
    deps.toast(errorText(StringErrorCode.E_INVALID_OR_EXPIRED_TOKEN), ui.errorToastSeconds);
    deps.navigateToLogin();
    return new ApiError(StringErrorCode.E_INVALID_OR_EXPIRED_TOKEN);
  }

  async function doRefresh(): Promise<void> {
    const refreshToken = deps.session.getRefreshToken();
    if (!refreshToken) throw tokenInvalid();
    let response: HttpResponse;
    try {
      // Straight through the transport: the refresh call must not itself trigger a refresh.
      response = await http({
        method: 'POST',
        baseURL: baseURL(false),
        url: '/refreshtoken',
        params: { from: 'web' },
        data: { token: deps.session.getToken() ?? '', force: false },
        headers: { authorization: refreshToken },
      });
    } catch {
      throw tokenInvalid();
    }
    const body: unknown = response.data;
    if (!isEnvelope(body) || body.code !== ErrorCode.OK) throw tokenInvalid();
    const tokens = body.data as { token?: unknown; refresh_token?: unknown; host?: unknown };
    if (typeof tokens.token !== 'string' || typeof tokens.refresh_token !== 'string') throw tokenInvalid();
    deps.session.save({
      token: tokens.token,
      refresh_token: tokens.refresh_token,
      host: typeof tokens.host === 'string' ? tokens.host : null,
    });
  }

  function refreshOnce(sentWith: string | null): Promise<void> {
    if (refreshing) return refreshing;
    // Another request already refreshed after this one was sent: just retry with the new token.
    const current = deps.session.getToken();
    if (current && current !== sentWith) return Promise.resolve();
    const presented = deps.session.getRefreshToken();
    const exclusive = deps.exclusive ?? ((task) => task());
    refreshing = exclusive(() => {
      // Another tab refreshed while this one waited for its turn: its tokens are stored already.
      const stored = deps.session.getRefreshToken();
      return stored && stored !== presented ? Promise.resolve() : doRefresh();
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** The host a 1078 answer names (the data centre holding the account), when it is another one. */
  function movedTo(req: Request, data: unknown): string | null {
    if (req.central || typeof data !== 'object' || data === null || !('host' in data)) return null;
    const host = data.host;
    if (typeof host !== 'string' || !/^https?:\/\/[^/]+$/.test(host)) return null;
    return trimSlash(host) === trimSlash(deps.session.getHost() ?? deps.defaultOrigin) ? null : host;
  }

  async function send(req: Request, options: CallOptions, retried: boolean, moved = false): Promise<unknown> {
    // Requests started during a refresh wait for the new token rather than fail with the old one.
    if (refreshing) await refreshing;
    const token = deps.session.getToken();
    const response = await exchange(req, token, options);
    const body: unknown = response.data;
    if (!isEnvelope(body)) throw fail(StringErrorCode.ERR_BAD_RESPONSE, options);
    if (body.code === ErrorCode.OK) return body.data;
    if (REFRESH_CODES.includes(body.code)) {
      // A retried request refused again means the fresh token is no good either.
      if (retried) throw tokenInvalid();
      await refreshOnce(token);
      return send(req, options, true, moved);
    }
    // A token that is not ours at all (garbage, another deployment's secret): no refresh can help.
    if (body.code === ErrorCode.AUTHENTICATION && token) throw tokenInvalid();
    // An account of another data centre (login at the wrong one): its host is stored and the call
    // retried there once, so the user never sees the detour.
    const host = body.code === ErrorCode.NOT_CURRENT_DATA_CENTER && !moved ? movedTo(req, body.data) : null;
    if (host !== null) {
      deps.session.setHost(host);
      return send(req, options, retried, true);
    }
    if (body.code === ErrorCode.ACCOUNT_DELETED) {
      cancelAll();
      deps.session.clear();
      const error = fail(body.code, options, body.msg, body.data);
      deps.navigateToLogin();
      throw error;
    }
    throw fail(body.code, options, body.msg, body.data);
  }

  function call<C extends CallDef>(def: C, ...rest: ArgList<C>): Promise<CallResponse<C>> {
    const [args, options = {}] = rest;
    const { query, body, params } = (args ?? {}) as { query?: unknown; body?: unknown; params?: unknown };
    return Promise.resolve()
      .then(() =>
        send(
          { method: def.method, url: fillPath(def.path, params), central: def.central === true, query, body },
          options,
          false,
        ),
      )
      .then((data) => data as CallResponse<C>);
  }

  function accountGone() {
    cancelAll();
    deps.session.clear();
    deps.toast(errorText(ErrorCode.ACCOUNT_DELETED), ui.errorToastSeconds);
    deps.navigateToLogin();
  }

  return { call, cancelAll, refresh: refreshOnce, accountGone };
}

/** Default jump to the login screen (hash routing). */
function hashToLogin() {
  if (typeof window !== 'undefined') window.location.hash = '#/login';
}

/** A Web Lock held for the task, where the browser has them (every current one does). */
async function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return task();
  return await navigator.locks.request('hmi-session-refresh', task);
}

const defaultDeps: ClientDeps = {
  session: browserSession,
  toast: showErrorToast,
  translate: (key, options) => i18next.t(key, options),
  navigateToLogin: hashToLogin,
  centralHost: import.meta.env.VITE_CENTRAL_HOST ?? '',
  defaultOrigin: '',
  timeoutMs: ui.httpTimeoutMs,
  exclusive: acrossTabs,
};

/** The app's client. */
export const apiClient: ApiClient = createApiClient(defaultDeps);
export const call: ApiClient['call'] = apiClient.call;
export const cancelAllRequests = (): void => apiClient.cancelAll();

/** Opens /login the way the client does after a lost session. */
export function goToLogin(): void {
  defaultDeps.navigateToLogin();
}

/** Lets the app swap the login navigation for the router's own (keeps history clean). */
export function setNavigateToLogin(navigate: () => void): void {
  defaultDeps.navigateToLogin = navigate;
}
