import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@hmi/contract';

export interface ReceivedHook {
  path: string;
  event: string;
  body: Record<string, unknown>;
  /** The receiver recomputed the HMAC with its copy of the secret and it matched. */
  signed: boolean;
}

/**
 * A real HTTP receiver on a free loopback port that checks each delivery's signature as a customer's
 * would (HMAC-SHA256 of "<timestamp>.<body>" under the secret it was given). `answer` decides the
 * reply per request (status and body; `hold` keeps the request open until `release()` or close).
 */
export async function startReceiver() {
  const received: ReceivedHook[] = [];
  const waiters: (() => void)[] = [];
  const held: ServerResponse[] = [];
  const secrets = new Map<string, string>();
  let answer: (path: string) => {
    status: number;
    body?: string;
    headers?: Record<string, string>;
    hold?: boolean;
  } = () => ({ status: 200, body: 'ok' });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const secret = secrets.get(path) ?? '';
      const ts = String(req.headers[WEBHOOK_TIMESTAMP_HEADER] ?? '');
      const expected = `sha256=${createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex')}`;
      const given = String(req.headers[WEBHOOK_SIGNATURE_HEADER] ?? '');
      const signed =
        secret !== '' &&
        given.length === expected.length &&
        timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      received.push({
        path,
        event: String(req.headers['x-hmi-event']),
        body: JSON.parse(raw) as Record<string, unknown>,
        signed,
      });
      for (const w of waiters.splice(0)) w();
      const a = answer(path);
      if (a.hold) {
        held.push(res);
        return;
      }
      res.writeHead(a.status, a.headers).end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** The secret the receiver checks deliveries to `path` with. */
    trust(path: string, secret: string) {
      secrets.set(path, secret);
    },
    answer(fn: typeof answer) {
      answer = fn;
    },
    /** Resolves once `n` deliveries in all have arrived. */
    async count(n: number): Promise<void> {
      while (received.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    /** Requests held open whose connection the sender still keeps (it has not given up). */
    openHeld(): number {
      return held.filter((r) => !r.destroyed && r.socket !== null && !r.socket.destroyed).length;
    },
    release() {
      for (const r of held.splice(0)) r.writeHead(200).end('late');
    },
    async close() {
      for (const r of held.splice(0)) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
