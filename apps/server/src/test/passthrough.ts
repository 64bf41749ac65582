import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway, type Gateway } from '@hmi/agent/gateway';
import type { Harness } from './harness';
import { brokerUrl } from './mqtt';

/** A port free right now (the app is then told it as its RELAY_URL and listens on it). */
export async function freePort(): Promise<number> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const port = (s.address() as AddressInfo).port;
  s.close();
  await once(s, 'close');
  return port;
}

/** The real gateway agent for device `sn`, with `targets` as its file's `passthrough`, online. */
export async function passthroughGateway(
  h: Harness,
  dev: { sn: string; secret: string },
  targets: Record<string, { host: string; port: number }>,
): Promise<Gateway & { cleanup(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'hmi-pt-gw-'));
  let online: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (online = resolve));
  const g = startGateway(
    {
      url: brokerUrl(h),
      sn: dev.sn,
      secret: dev.secret,
      sink: join(dir, 'writes.json'),
      tags: [],
      passthrough: targets,
    },
    { log: () => undefined, onChange: (s) => s.connected && online() },
  );
  await connected;
  return {
    ...g,
    async cleanup() {
      await g.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP peer that reads and drops everything (a target to push traffic at). */
export async function sinkServer(): Promise<{ port: number; received: () => number; close(): void }> {
  let received = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('data', (d: Buffer) => (received += d.length));
    s.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    received: () => received,
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/**
 * A TCP peer that writes as fast as each connection takes it (a PLC streaming at a tool that stopped
 * reading); `blocked` resolves once a connection's writes no longer drain.
 */
export async function blastServer(): Promise<{
  port: number;
  written: () => number;
  blocked: Promise<void>;
  close(): void;
}> {
  let written = 0;
  let onBlocked: () => void = () => undefined;
  const blocked = new Promise<void>((resolve) => (onBlocked = resolve));
  const sockets = new Set<Socket>();
  const chunk = Buffer.alloc(64 * 1024, 0x5a);
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
    const pump = () => {
      while (!s.destroyed) {
        written += chunk.length;
        if (!s.write(chunk)) {
          const timer = setTimeout(onBlocked, 300);
          s.once('drain', () => {
            clearTimeout(timer);
            pump();
          });
          return;
        }
      }
    };
    pump();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    written: () => written,
    blocked,
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
