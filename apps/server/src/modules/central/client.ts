import { centralCalls, type CallDef, type CallResponse, type CentralCallName } from '@hmi/contract';
import type { z } from 'zod';
import type { CentreAccount, CentrePort } from '../account';
import { CENTRAL_PREFIX } from './protocol';
import { SignedTransport, type TransportOptions } from './transport';

export interface CentreClientOptions extends TransportOptions {
  /** CENTRAL_URL. */
  url: string;
}

/**
 * A region's side of the central account service (ROLE=region): the signed server-to-server calls, and
 * the browser's central calls sent on. The centre's catalogue codes are answered as they came; a centre
 * that cannot be reached, or answers nonsense, is 1207.
 */
export class CentreClient implements CentrePort {
  private readonly transport: SignedTransport;

  constructor(private readonly o: CentreClientOptions) {
    this.transport = new SignedTransport(o);
  }

  private send<N extends CentralCallName>(
    name: N,
    body: z.input<(typeof centralCalls)[N]['body']>,
  ): Promise<z.output<(typeof centralCalls)[N]['response']>> {
    return this.transport.send(this.o.url, CENTRAL_PREFIX, centralCalls[name], body);
  }

  verify(username: string, password: string): Promise<CentreAccount> {
    return this.send('verify', { username, password });
  }

  async accountOf(username: string): Promise<CentreAccount | null> {
    return (await this.send('directory', { username })).account;
  }

  async remove(username: string, password: string): Promise<void> {
    await this.send('remove', { username, password });
  }

  async changePassword(
    username: string,
    oldPassword: string,
    password: string,
    keepSession: string | null,
  ): Promise<void> {
    await this.send('password', { username, old_password: oldPassword, password, keep_session: keepSession });
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
    const data = await this.transport.request(
      url.toString(),
      { method: def.method, headers, ...(hasBody ? { body: JSON.stringify(args.body) } : {}) },
      def.id,
    );
    return def.response.parse(data) as CallResponse<C>;
  }
}
