/**
 * Test support: a TCP relay the centre reaches a region through, which a test can cut (nothing
 * listens on its port: the centre's calls to that region fail as if it were down) and heal, while
 * the region itself keeps serving browsers on its own port.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface Partition {
  /** Connections refused from now on; those open are dropped. */
  cut(): Promise<void>;
  /** Connections relayed again. */
  heal(): Promise<void>;
  close(): Promise<void>;
}

export async function relay(port: number, target: number): Promise<Partition> {
  const open = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((inbound) => {
        const outbound = connect({ host: '127.0.0.1', port: target });
        for (const socket of [inbound, outbound]) {
          open.add(socket);
          socket.once('close', () => open.delete(socket));
          socket.on('error', () => {
            inbound.destroy();
            outbound.destroy();
          });
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      for (const socket of open) socket.destroy();
      if (s) s.close(() => resolve());
      else resolve();
    });
  await listen();
  return {
    cut: stop,
    heal: listen,
    close: stop,
  };
}
