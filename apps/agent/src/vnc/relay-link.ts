import type { Socket } from 'node:net';
import { VNC_FRAME_MAX } from '@hmi/contract';
import WebSocket from 'ws';

const OPCODE_TEXT = 0x1;
const OPCODE_CLOSE = 0x8;

/**
 * The tunnel's socket to the relay: `ws` makes the websocket (the upgrade, TLS, proxies' rules) and
 * sends the one hello frame; the relay's one answer frame is then read here by hand, so that the
 * bytes after it, raw from then on, stay in the socket instead of in `ws`'s frame parser. Resolves
 * with the socket (paused, the raw bytes first in it) and the answer's text; rejects when the relay
 * closes (with its close code), fails or takes longer than `timeoutMs`.
 */
export function openRelayLink(
  url: URL,
  hello: string,
  timeoutMs: number,
): Promise<{ socket: Socket; answer: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      maxPayload: VNC_FRAME_MAX,
      handshakeTimeout: timeoutMs,
      perMessageDeflate: false,
      generateMask: zeroMask,
    });
    let socket: Socket | null = null;
    const timer = setTimeout(() => fail(new Error('relay did not answer')), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on('error', () => undefined);
      if (socket) socket.destroy();
      else ws.terminate();
      reject(err);
    };
    ws.once('error', (err) => fail(err));
    ws.once('close', (code) => fail(new Error(`relay closed the tunnel (${code})`)));
    ws.once('open', () => {
      ws.send(hello);
      const taken = takeSocket(ws);
      socket = taken;
      readFrame(taken).then(
        ({ opcode, payload }) => {
          if (opcode === OPCODE_CLOSE)
            return fail(
              new Error(`relay closed the tunnel (${payload.length >= 2 ? payload.readUInt16BE(0) : 1005})`),
            );
          if (opcode !== OPCODE_TEXT) return fail(new Error('relay sent no ready'));
          clearTimeout(timer);
          resolve({ socket: taken, answer: payload.toString() });
        },
        (err: Error) => fail(err),
      );
    });
  });
}

/**
 * The websocket's TCP socket, taken from `ws` once no frame follows (here: the handshake is done and
 * the relay answers only the hello; on a relay's side: its `ready` was sent). `ws` keeps the socket
 * private and listens to it: its listeners go, and the websocket counts as closed (a server forgets
 * it), while the socket lives on for the raw stream.
 */
export function takeSocket(ws: WebSocket): Socket {
  const inner = ws as unknown as { _socket: Socket; emitClose(): void };
  const socket = inner._socket;
  for (const event of ['data', 'end', 'close', 'error'] as const) socket.removeAllListeners(event);
  ws.removeAllListeners();
  inner.emitClose();
  return socket;
}

/** Reads one unmasked frame of at most VNC_FRAME_MAX bytes; what follows it is put back in the socket. */
function readFrame(socket: Socket): Promise<{ opcode: number; payload: Buffer }> {
  return new Promise((resolve, reject) => {
    let got = Buffer.alloc(0);
    const done = (err: Error | null, frame?: { opcode: number; payload: Buffer }, rest?: Buffer) => {
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('error', onClose);
      socket.pause();
      if (rest?.length) socket.unshift(rest);
      if (err || !frame) reject(err ?? new Error('relay sent no ready'));
      else resolve(frame);
    };
    const onClose = () => done(new Error('relay closed the tunnel'));
    const onData = (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      if (got.length < 2) return;
      const opcode = (got[0] ?? 0) & 0x0f;
      const short = (got[1] ?? 0) & 0x7f;
      if ((got[1] ?? 0) & 0x80 || short === 127) return done(new Error('relay sent a frame it may not'));
      const head = short === 126 ? 4 : 2;
      if (got.length < head) return;
      const length = short === 126 ? got.readUInt16BE(2) : short;
      if (length > VNC_FRAME_MAX) return done(new Error('relay sent a frame it may not'));
      if (got.length < head + length) return;
      done(null, { opcode, payload: got.subarray(head, head + length) }, got.subarray(head + length));
    };
    socket.on('data', onData);
    socket.on('close', onClose);
    socket.on('error', onClose);
  });
}

/**
 * The frames' masking key. Masking guards proxies against script-chosen bytes from a browser; this
 * client is no browser and carries the HMI's own RFB. A zero key leaves the payload as it is, which
 * `ws` on the relay recognises and skips.
 */
function zeroMask(mask: Buffer): void {
  mask.fill(0);
}
