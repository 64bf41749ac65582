import { createServer, type AddressInfo, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { RfbConnection, type RfbScreen } from './rfb-connection';

export interface RfbServerOptions {
  /** VNC password (VNC Authentication, only its first 8 bytes count); none: security None. */
  password?: string | null;
}

/** An RFB server for one screen: connections from any stream, or a listener on 127.0.0.1. */
export class RfbServer {
  private readonly connections = new Set<RfbConnection>();
  private listener: Server | null = null;
  private listening: Promise<number> | null = null;

  constructor(
    private readonly screen: RfbScreen,
    private readonly o: RfbServerOptions = {},
  ) {}

  get clients(): number {
    return this.connections.size;
  }

  /** Speaks RFB on `socket` (a TCP socket or any byte stream). */
  handle(socket: Duplex): RfbConnection {
    const c = new RfbConnection(socket, this.screen, this.o.password ?? null, {
      closed: (conn) => this.connections.delete(conn),
      exclusive: (conn) => {
        for (const other of [...this.connections]) if (other !== conn) other.close();
      },
    });
    this.connections.add(c);
    return c;
  }

  /** Listens on 127.0.0.1 at a free port (once; later calls get the same port). */
  listen(): Promise<number> {
    this.listening ??= new Promise((resolve, reject) => {
      const server = createServer((s) => this.handle(s));
      this.listener = server;
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
    return this.listening;
  }

  async close(): Promise<void> {
    for (const c of [...this.connections]) c.close();
    const l = this.listener;
    this.listener = null;
    this.listening = null;
    if (l) await new Promise<void>((resolve) => l.close(() => resolve()));
  }
}
