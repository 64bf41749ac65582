import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * The device's side of a tunnel as the session carries it: binary websocket frames from an agent
 * that frames its stream.
 */
export interface DeviceLink {
  /** Sends bytes to the device; `sent` once they left (for backpressure). */
  send(chunk: Buffer, sent: () => void): void;
  /** Bytes waiting to leave towards the device. */
  readonly queued: number;
  readonly isPaused: boolean;
  /** Stops or resumes reading the device (its own TCP window then holds it back). */
  pause(): void;
  resume(): void;
  onData(fn: (chunk: Buffer) => void): void;
  onClose(fn: () => void): void;
  close(reason: string): void;
}

/** A device link over a websocket carrying the stream in binary frames (text frames are ignored). */
export function websocketLink(ws: WebSocket, onError: (err: unknown) => void): DeviceLink {
  ws.on('error', onError);
  return {
    send: (chunk, sent) => ws.send(chunk, { binary: true }, sent),
    get queued() {
      return ws.bufferedAmount;
    },
    get isPaused() {
      return ws.isPaused;
    },
    pause: () => ws.pause(),
    resume: () => ws.resume(),
    onData: (fn) =>
      ws.on('message', (data, isBinary) => {
        if (isBinary) fn(messageBytes(data));
      }),
    onClose: (fn) => ws.on('close', fn),
    close: (reason) => {
      // A paused socket would never read the peer's close frame.
      if (ws.isPaused) ws.resume();
      ws.close(1000, reason);
    },
  };
}

/** A websocket message's bytes as one buffer. */
export function messageBytes(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * A device link over the TCP socket under a websocket whose last frame was sent (the device's agent
 * asked for it at its hello): the stream travels raw from here on, with no frame to build or parse.
 * `ws` keeps its socket private and listens to it; its listeners go, and the websocket is closed as
 * far as `ws` (and its server's client list) knows, while the socket lives on here.
 */
export function rawLink(ws: WebSocket, onError: (err: unknown) => void): DeviceLink {
  const inner = ws as unknown as { _socket: Socket; emitClose(): void };
  const socket = inner._socket;
  for (const event of ['data', 'end', 'close', 'error'] as const) socket.removeAllListeners(event);
  inner.emitClose();
  socket.on('error', onError);
  // The upgraded socket stays half open when the device ends its side: end ours, so it closes.
  socket.on('end', () => socket.end());
  let paused = false;
  return {
    send: (chunk, sent) => void socket.write(chunk, () => sent()),
    get queued() {
      return socket.writableLength;
    },
    get isPaused() {
      return paused;
    },
    pause: () => {
      paused = true;
      socket.pause();
    },
    resume: () => {
      paused = false;
      socket.resume();
    },
    onData: (fn) => socket.on('data', fn),
    onClose: (fn) => socket.on('close', fn),
    close: () => {
      // A paused socket would never see the device's end.
      socket.resume();
      socket.end();
    },
  };
}
