/**
 * A plain TCP forwarder (`node --import tsx tcp-hop.ts <listen port> <target port>`): the least a hop can
 * cost in Node. Two of them in their own processes stand where the agent and the server stand on the
 * relay's path, so the bench can tell the cost of two hops from the cost of what the relay does on them.
 */
import { connect, createServer } from 'node:net';
import type { ServerProcess } from '@hmi/server/src/test/server-process';
import { spawnProcess } from '@hmi/server/src/test/server-process';

export const READY = 'tcp hop listening';

if (process.argv[1]?.endsWith('tcp-hop.ts')) {
  const [listen, target] = process.argv.slice(2).map(Number);
  const server = createServer((inbound) => {
    inbound.setNoDelay(true);
    const outbound = connect({ host: '127.0.0.1', port: target ?? 0 });
    outbound.setNoDelay(true);
    inbound.pipe(outbound).pipe(inbound);
    for (const s of [inbound, outbound]) s.on('error', () => (inbound.destroy(), outbound.destroy()));
  });
  server.listen(listen, '127.0.0.1', () => console.log(READY));
}

/** Starts a hop from `listen` to `target` in its own process. */
export function startTcpHop(listen: number, target: number): Promise<ServerProcess> {
  return spawnProcess(['bench/vnc/tcp-hop.ts', String(listen), String(target)], {}, READY);
}
