/**
 * The RFB stream both paths of bench/vnc carry: a minimal VNC server (RFB 3.8, security None,
 * 800×480, 32 bpp) that answers a non-incremental FramebufferUpdateRequest with a full Raw update
 * (1,536,016 bytes) and an incremental one with an empty update (4 bytes, for round trips), and the
 * viewer's side as a byte pipe over plain TCP or over the relay's browser socket.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import WebSocket from 'ws';

export const WIDTH = 800;
export const HEIGHT = 480;
export const FULL_UPDATE_BYTES = 4 + 12 + WIDTH * HEIGHT * 4;

function serverInit(): Buffer {
  const init = Buffer.alloc(24 + 5);
  init.writeUInt16BE(WIDTH, 0);
  init.writeUInt16BE(HEIGHT, 2);
  // 32 bpp, depth 24, little endian, true colour, maxima 255, shifts 16/8/0.
  Buffer.from([32, 24, 0, 1, 0, 255, 0, 255, 0, 255, 16, 8, 0]).copy(init, 4);
  init.writeUInt32BE(5, 20);
  init.write('bench', 24, 'latin1');
  return init;
}

/** Everything a VNC server says before the client's first message (version, None, result, init). */
const SERVER_HELLO = Buffer.concat([
  Buffer.from('RFB 003.008\n', 'latin1'),
  Buffer.from([1, 1, 0, 0, 0, 0]),
  serverInit(),
]);
/** The client's half: version, security None, ClientInit (shared). */
export const CLIENT_HELLO = Buffer.concat([Buffer.from('RFB 003.008\n', 'latin1'), Buffer.from([1, 1])]);
const CLIENT_HELLO_BYTES = CLIENT_HELLO.length;

const FULL_UPDATE = (() => {
  const b = Buffer.alloc(FULL_UPDATE_BYTES);
  b.writeUInt16BE(1, 2);
  b.writeUInt16BE(WIDTH, 8);
  b.writeUInt16BE(HEIGHT, 10);
  // Pixels that do not compress to nothing on the way (no compression here anyway).
  for (let i = 16; i < b.length; i += 4) b.writeUInt32LE((i * 2654435761) >>> 8, i);
  return b;
})();
const EMPTY_UPDATE = Buffer.from([0, 0, 0, 0]);

export const request = (incremental: boolean) =>
  Buffer.from([3, incremental ? 1 : 0, 0, 0, 0, 0, WIDTH >> 8, WIDTH & 255, HEIGHT >> 8, HEIGHT & 255]);

/** The VNC server on a free loopback port. */
export async function startRfbSource(): Promise<{ port: number; server: Server }> {
  const server = createServer((socket: Socket) => {
    socket.write(SERVER_HELLO);
    let pending = Buffer.alloc(0);
    let helloLeft = CLIENT_HELLO_BYTES;
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      const skip = Math.min(helloLeft, pending.length);
      helloLeft -= skip;
      pending = pending.subarray(skip);
      while (pending.length >= 10 && pending[0] === 3) {
        socket.write(pending[1] ? EMPTY_UPDATE : FULL_UPDATE);
        pending = pending.subarray(10);
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, server };
}

/** A viewer's byte pipe to the VNC server, whatever carries it. */
export interface Pipe {
  send(bytes: Buffer): void;
  /** Resolves once `n` more bytes than already counted have arrived. */
  receive(n: number): Promise<void>;
  /** Stops or resumes reading (a viewer that does not keep up). */
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

class Counter {
  received = 0;
  private target = 0;
  private done: (() => void) | null = null;

  add(n: number): void {
    this.received += n;
    if (this.done && this.received >= this.target) {
      const d = this.done;
      this.done = null;
      d();
    }
  }

  until(n: number): Promise<void> {
    return this.reached(this.received + n);
  }

  /** Resolves once `total` bytes have arrived since the start (some may have come already). */
  reached(total: number): Promise<void> {
    this.target = total;
    return new Promise((resolve) => {
      this.done = resolve;
      this.add(0);
    });
  }
}

/** Direct TCP to the VNC server; resolves after its hello arrived and the client's was sent. */
export async function tcpPipe(port: number): Promise<Pipe> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.setNoDelay(true);
  const counter = new Counter();
  socket.on('data', (c: Buffer) => counter.add(c.length));
  await counter.reached(SERVER_HELLO.length);
  socket.write(CLIENT_HELLO);
  return {
    send: (b) => void socket.write(b),
    receive: (n) => counter.until(n),
    pause: () => socket.pause(),
    resume: () => socket.resume(),
    close: () => new Promise((resolve) => socket.end(resolve)),
  };
}

/**
 * The relay's browser socket: authenticates in its first message, waits for the relay's `ready` and
 * the VNC server's hello through the device's tunnel, then sends the client's hello.
 */
export function relayPipe(url: string, token: string, session: string): Promise<Pipe> {
  return wsPipe(new WebSocket(url), JSON.stringify({ type: 'auth', token, session }));
}

/**
 * A viewer speaking websocket (binary frames of RFB): sends `first` if given, waits for the VNC
 * server's hello, then sends the client's hello. Text frames are the relay's status messages.
 */
export async function wsPipe(ws: WebSocket, first?: string): Promise<Pipe> {
  const counter = new Counter();
  ws.on('message', (data: Buffer, isBinary) => {
    if (isBinary) counter.add(data.length);
    else if ((JSON.parse(data.toString()) as { type: string }).type === 'end')
      console.error(`relay ended the session: ${data.toString()}`);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  if (first !== undefined) ws.send(first);
  // The hello may come in the same read as the handshake's answer, before `open` is awaited.
  await counter.reached(SERVER_HELLO.length);
  ws.send(CLIENT_HELLO, { binary: true });
  return {
    send: (b) => ws.send(b, { binary: true }),
    receive: (n) => counter.until(n),
    pause: () => ws.pause(),
    resume: () => ws.resume(),
    close: () =>
      new Promise((resolve) => {
        ws.once('close', () => resolve());
        ws.close(1000);
      }),
  };
}
