import {
  centralCalls,
  ErrorCode,
  isCatalogueCode,
  type CallDef,
  type CallResponse,
  type CentralCallName,
  type DataCenter,
} from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { epochSeconds, type Clock } from '../../platform/clock';
import { AppError, fail } from '../../platform/errors';
import type { CentreAccount, CentrePort } from '../account/centre-port';
import { CENTRAL_PREFIX, sign, SIGNATURE_HEADER } from './protocol';

type Answer<N extends CentralCallName> = ReturnType<(typeof centralCalls)[N]['response']['parse']>;

export interface CentreClientOptions {
  /** CENTRAL_URL. */
  url: string;
  /** CENTRAL_SECRET. */
  secret: string;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How long a call to the centre may take before it counts as unreachable (1207). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;

/**
 * A region's side of the central account service (ROLE=region): the signed server-to-server calls, and
 * the browser's central calls sent on. The centre's catalogue codes are answered as they came; a centre
 * that cannot be reached, or answers nonsense, is 1207.
 */
export class CentreClient implements CentrePort {
  constructor(private readonly o: CentreClientOptions) {}

  private unavailable(err: unknown, what: string): never {
    this.o.log.warn({ err, what }, 'central account service unavailable');
    fail(ErrorCode.CENTRAL_UNAVAILABLE);
  }

  /** The envelope's data, or its code thrown as this server's answer. */
  private async open(response: Response, what: string): Promise<unknown> {
    let envelope: unknown;
    try {
      envelope = await response.json();
    } catch (err) {
      this.unavailable(err, what);
    }
    if (typeof envelope !== 'object' || envelope === null || !('code' in envelope))
      this.unavailable(new Error(`HTTP ${response.status} without an envelope`), what);
    const { code } = envelope;
    const data = 'data' in envelope ? envelope.data : null;
    if (code === ErrorCode.OK) return data;
    if (!isCatalogueCode(code) || code === ErrorCode.OK)
      this.unavailable(new Error(`unknown code ${String(code)}`), what);
    const retryAfter = response.headers.get('retry-after');
    const msg = 'msg' in envelope && typeof envelope.msg === 'string' ? envelope.msg : undefined;
    throw new AppError(code, data, retryAfter ? { 'retry-after': retryAfter } : {}, msg);
  }

  private async request(url: string, init: RequestInit, what: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        signal: AbortSignal.timeout(this.o.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (err) {
      this.unavailable(err, what);
    }
    return this.open(response, what);
  }

  private async send<N extends CentralCallName>(name: N, body: Record<string, string>): Promise<Answer<N>> {
    const call = centralCalls[name];
    const path = `${CENTRAL_PREFIX}${call.path}`;
    const json = JSON.stringify(body);
    const data = await this.request(
      `${this.o.url}${path}`,
      {
        method: 'POST',
        body: json,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: sign(this.o.secret, epochSeconds(this.o.clock), path, json),
        },
      },
      name,
    );
    const parsed = call.response.safeParse(data);
    if (!parsed.success) this.unavailable(parsed.error, name);
    return parsed.data as Answer<N>;
  }

  verify(username: string, password: string): Promise<CentreAccount> {
    return this.send('verify', { username, password });
  }

  async dataCenterOf(username: string): Promise<DataCenter | null> {
    return (await this.send('directory', { username })).data_center;
  }

  async remove(username: string, password: string): Promise<void> {
    await this.send('remove', { username, password });
  }

  async changePassword(username: string, oldPassword: string, password: string): Promise<void> {
    await this.send('password', { username, old_password: oldPassword, password });
  }

  async forward<C extends CallDef>(
    def: C,
    args: { query?: unknown; body?: unknown; address: string },
  ): Promise<CallResponse<C>> {
    const url = new URL(`${this.o.url}/v1${def.path}`);
    if (typeof args.query === 'object' && args.query !== null)
      for (const [k, v] of Object.entries(args.query))
        if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    const hasBody = def.method !== 'GET' && args.body !== undefined;
    // The browser's address, for the centre's per-address limits (taken where the centre's
    // TRUST_PROXY names the regions).
    const headers: Record<string, string> = { 'x-forwarded-for': args.address };
    if (hasBody) headers['content-type'] = 'application/json';
    const data = await this.request(
      url.toString(),
      { method: def.method, headers, ...(hasBody ? { body: JSON.stringify(args.body) } : {}) },
      def.id,
    );
    return def.response.parse(data) as CallResponse<C>;
  }
}
