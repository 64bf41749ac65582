import { ErrorCode, isCatalogueCode } from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { epochSeconds, type Clock } from '../../platform/clock';
import { AppError, fail } from '../../platform/errors';
import { sign, SIGNATURE_HEADER } from './protocol';

/** A server-to-server call of the contract (centralCalls, regionCalls): its path and schemas. */
export interface SignedCall {
  path: string;
  body: z.ZodType;
  response: z.ZodType;
}

export interface TransportOptions {
  /** CENTRAL_SECRET. */
  secret: string;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How long a call may take before the other side counts as unreachable (1207). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;

/**
 * The HTTP side of the calls between the centre and the regions, in either direction: signed
 * requests, and the answer's envelope opened. The other side's catalogue codes are thrown as they
 * came; a side that cannot be reached, or answers nonsense, is 1207.
 */
export class SignedTransport {
  constructor(private readonly o: TransportOptions) {}

  private unavailable(err: unknown, what: string): never {
    this.o.log.warn({ err, what }, 'the other side of a server-to-server call is unavailable');
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

  /** One HTTP call, its envelope opened (1207 when the other side cannot be reached). */
  async request(url: string, init: RequestInit, what: string): Promise<unknown> {
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

  /** A signed call `prefix + call.path` at `origin`, its answer parsed with the call's schema. */
  async send<C extends SignedCall>(
    origin: string,
    prefix: string,
    call: C,
    body: z.input<C['body']>,
  ): Promise<z.output<C['response']>> {
    const path = `${prefix}${call.path}`;
    const json = JSON.stringify(body);
    const data = await this.request(
      `${origin}${path}`,
      {
        method: 'POST',
        body: json,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: sign(this.o.secret, epochSeconds(this.o.clock), path, json),
        },
      },
      path,
    );
    const parsed = call.response.safeParse(data);
    if (!parsed.success) this.unavailable(parsed.error, path);
    return parsed.data as z.output<C['response']>;
  }
}
