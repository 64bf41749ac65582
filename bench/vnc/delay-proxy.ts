/**
 * A TCP proxy that delays each direction by half a round trip, as a cellular link does (no netem:
 * it would need CAP_NET_ADMIN, and delaying the shared loopback would slow every other process on
 * the machine). Each chunk is forwarded `rttMs / 2` after it arrived, in order; the bandwidth is not
 * limited. Counts the bytes each way: what the link would carry.
 */
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface DelayProxy {
  port: number;
  /** Bytes carried towards the target (up) and back (down), over every connection. */
  bytes: { up: number; down: number };
  close(): Promise<void>;
}

export async function startDelayProxy(targetPort: number, rttMs: number): Promise<DelayProxy> {
  const bytes = { up: 0, down: 0 };
  const sockets = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    const outbound = connect({ host: '127.0.0.1', port: targetPort });
    for (const s of [inbound, outbound]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => (inbound.destroy(), outbound.destroy()));
    }
    delayed(inbound, outbound, rttMs / 2, (n) => (bytes.up += n));
    delayed(outbound, inbound, rttMs / 2, (n) => (bytes.down += n));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    bytes,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Forwards `from` to `to`, each chunk `delayMs` after it arrived (timers fire in order). */
function delayed(from: Socket, to: Socket, delayMs: number, count: (n: number) => void): void {
  from.on('data', (chunk: Buffer) => {
    count(chunk.length);
    const send = () => {
      if (!to.destroyed) to.write(chunk);
    };
    if (delayMs > 0) setTimeout(send, delayMs);
    else send();
  });
  from.on('end', () => setTimeout(() => to.end(), delayMs));
}
