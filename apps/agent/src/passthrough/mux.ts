import type { Socket } from 'node:net';
import { MUX_CHANNELS_MAX, MUX_DATA_MAX, MUX_HEADER, MUX_KIND, MUX_WINDOW } from '@hmi/contract';

/** Acknowledged in steps of this many bytes handed to a socket (a quarter window: the sender never stalls). */
const ACK_STEP = MUX_WINDOW / 4;

export class MuxProtocolError extends Error {}

export interface MuxOptions {
  /** Sends one frame towards the other end (websocket or the tunnel's stream). */
  send(frame: Buffer): void;
  /** The gateway's side: a connection to the session's target for a channel the client opened. */
  dial?: () => Socket;
  window?: number;
}

interface Channel {
  socket: Socket;
  /** Bytes sent on this channel the other end has not acknowledged yet. */
  inflight: number;
  /** Read from the socket and not sent yet for want of window (at most one read; the socket is paused). */
  held: Buffer;
  /** Bytes received and not yet acknowledged (handed to the socket or still queued in it). */
  unacked: number;
  /** Of those, bytes the socket has taken (written through): acknowledged in ACK_STEP steps. */
  written: number;
  closed: boolean;
}

export interface MuxStats {
  /** The most bytes ever queued in one channel's socket (the per-connection bound). */
  maxQueued: number;
  opened: number;
}

/**
 * One end of the multiplexed stream (contract MUX_*): each TCP connection is a channel, carried as
 * frames with a per-channel window. A socket whose peer has MUX_WINDOW bytes unacknowledged is not
 * read until acknowledgements come back; received data is acknowledged once its socket has taken it,
 * so a tool or a PLC that stops reading stops its channel only. A frame past the window, too long or
 * of an unknown kind is a protocol error (the caller closes the transport).
 */
export class Mux {
  readonly stats: MuxStats = { maxQueued: 0, opened: 0 };
  private readonly channels = new Map<number, Channel>();
  private pending: Buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly window: number;

  constructor(private readonly o: MuxOptions) {
    this.window = o.window ?? MUX_WINDOW;
  }

  get size(): number {
    return this.channels.size;
  }

  /** The client's side: carries a new connection of the engineer's tool (false: too many already). */
  attach(socket: Socket): boolean {
    if (this.channels.size >= MUX_CHANNELS_MAX) {
      socket.destroy();
      return false;
    }
    const id = this.nextId++;
    this.o.send(frame(MUX_KIND.open, id));
    this.adopt(id, socket);
    return true;
  }

  /** Bytes from the other end, cut anywhere; throws MuxProtocolError. */
  feed(data: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, data]) : data;
    while (this.pending.length >= 4) {
      const len = this.pending.readUInt32BE(0);
      if (len < MUX_HEADER - 4 || len > MUX_HEADER - 4 + MUX_DATA_MAX)
        throw new MuxProtocolError('frame length');
      if (this.pending.length < 4 + len) break;
      const kind = this.pending[4] as number;
      const id = this.pending.readUInt32BE(5);
      const payload = this.pending.subarray(MUX_HEADER, 4 + len);
      this.pending = this.pending.subarray(4 + len);
      this.frame(kind, id, payload);
    }
    // What is kept is less than one frame: never more than MUX_DATA_MAX + MUX_HEADER bytes.
    if (this.pending.length) this.pending = Buffer.from(this.pending);
  }

  closeAll(): void {
    for (const [id, c] of this.channels) this.drop(id, c, false);
  }

  private frame(kind: number, id: number, payload: Buffer): void {
    const c = this.channels.get(id);
    if (kind === MUX_KIND.open) {
      if (!this.o.dial || c) throw new MuxProtocolError('open');
      if (this.channels.size >= MUX_CHANNELS_MAX) return this.o.send(frame(MUX_KIND.close, id));
      return this.adopt(id, this.o.dial());
    }
    if (kind === MUX_KIND.close) return c && this.drop(id, c, false);
    if (kind === MUX_KIND.ack) {
      if (!c || payload.length !== 4) return;
      c.inflight = Math.max(0, c.inflight - payload.readUInt32BE(0));
      return this.pump(id, c);
    }
    if (kind !== MUX_KIND.data) throw new MuxProtocolError('kind');
    if (!c) return;
    c.unacked += payload.length;
    // The sender may not have more than a window unacknowledged: past it, this channel is dropped.
    if (c.unacked > this.window) return this.drop(id, c, true);
    c.socket.write(payload, () => this.written(id, c, payload.length));
    this.stats.maxQueued = Math.max(this.stats.maxQueued, c.socket.writableLength);
  }

  private written(id: number, c: Channel, n: number): void {
    c.written += n;
    if (c.written < ACK_STEP || c.closed) return;
    c.unacked -= c.written;
    const ack = Buffer.alloc(4);
    ack.writeUInt32BE(c.written);
    c.written = 0;
    this.o.send(frame(MUX_KIND.ack, id, ack));
  }

  private adopt(id: number, socket: Socket): void {
    const c: Channel = { socket, inflight: 0, held: Buffer.alloc(0), unacked: 0, written: 0, closed: false };
    this.channels.set(id, c);
    this.stats.opened++;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      c.held = c.held.length ? Buffer.concat([c.held, chunk]) : chunk;
      this.pump(id, c);
    });
    socket.on('error', () => this.drop(id, c, true));
    socket.on('end', () => this.drop(id, c, true));
    socket.on('close', () => this.drop(id, c, true));
  }

  /** Sends what the window allows of what was read; the socket is read again once all of it went. */
  private pump(id: number, c: Channel): void {
    while (c.held.length && c.inflight < this.window && !c.closed) {
      const part = c.held.subarray(0, Math.min(MUX_DATA_MAX, this.window - c.inflight));
      this.o.send(frame(MUX_KIND.data, id, part));
      c.inflight += part.length;
      c.held = c.held.subarray(part.length);
    }
    if (c.held.length) c.socket.pause();
    else if (c.socket.isPaused() && !c.closed) c.socket.resume();
  }

  /** Forgets a channel; `tell`: the other end is told (its own close needs no answer). */
  private drop(id: number, c: Channel, tell: boolean): void {
    if (c.closed) return;
    c.closed = true;
    this.channels.delete(id);
    if (tell) this.o.send(frame(MUX_KIND.close, id));
    c.socket.end();
    // A socket whose peer stopped reading would keep its queue: it goes once the end is written or not.
    c.socket.resume();
    setTimeout(() => c.socket.destroy(), 5000).unref();
  }
}

export function frame(kind: number, id: number, payload?: Buffer): Buffer {
  const head = Buffer.alloc(MUX_HEADER);
  head.writeUInt32BE(MUX_HEADER - 4 + (payload?.length ?? 0), 0);
  head.writeUInt8(kind, 4);
  head.writeUInt32BE(id, 5);
  return payload?.length ? Buffer.concat([head, payload]) : head;
}
