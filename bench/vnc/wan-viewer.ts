/**
 * A lean RFB viewer for the WAN bench: handshake (security None), SetEncodings, then either one
 * FramebufferUpdateRequest per update as classic viewers do (a round trip per frame) or continuous
 * updates as noVNC does with a server that offers them. It skips the pixel data (sizes only: Raw,
 * zlib) and records when each update arrived and what it covered, to count frames per second and
 * the time from a click to the update that repaints the button. Encodings it can size: Raw, zlib,
 * ZRLE.
 */
import type { Duplex } from 'node:stream';
import { ByteQueue } from '../../apps/agent/src/test/rfb-test-client';
import type { Rect } from '../../apps/agent/src/vnc/rects';

export interface ViewerOptions {
  encodings: number[];
  /** Ask for continuous updates (the server must announce them). */
  continuous: boolean;
  /** On our tunnel: the agent keeps an update request outstanding (vnc/request-ahead.ts). */
  requestAhead?: boolean;
}

export interface Update {
  at: number;
  rects: Rect[];
}

export class WanViewer {
  readonly updates: Update[] = [];
  private readonly input = new ByteQueue();
  private stopped = false;
  width = 0;
  height = 0;

  constructor(
    private readonly stream: Duplex,
    private readonly o: ViewerOptions,
  ) {
    stream.on('data', (c: Buffer) => this.input.push(c));
    stream.on('close', () => this.input.end());
    stream.on('error', () => this.input.end());
  }

  /** Handshake, encodings and the first full update; then reads until `stop`. */
  async start(): Promise<void> {
    const q = this.input;
    await q.read(12);
    this.stream.write('RFB 003.008\n');
    const n = (await q.read(1)).readUInt8(0);
    await q.read(n);
    this.stream.write(Buffer.from([1]));
    await q.read(4);
    this.stream.write(Buffer.from([1]));
    const init = await q.read(24);
    this.width = init.readUInt16BE(0);
    this.height = init.readUInt16BE(2);
    await q.read(init.readUInt32BE(20));
    const enc = Buffer.alloc(4 + 4 * this.o.encodings.length);
    enc.writeUInt8(2, 0);
    enc.writeUInt16BE(this.o.encodings.length, 2);
    this.o.encodings.forEach((e, i) => enc.writeInt32BE(e, 4 + 4 * i));
    this.stream.write(enc);
    this.request(false);
    void this.loop().catch(() => undefined);
  }

  stop(): void {
    this.stopped = true;
    this.stream.destroy();
  }

  click(x: number, y: number): void {
    for (const buttons of [1, 0]) {
      const b = Buffer.alloc(6);
      b.writeUInt8(5, 0);
      b.writeUInt8(buttons, 1);
      b.writeUInt16BE(x, 2);
      b.writeUInt16BE(y, 4);
      this.stream.write(b);
    }
  }

  private request(incremental: boolean): void {
    const b = Buffer.alloc(10);
    b.writeUInt8(3, 0);
    b.writeUInt8(incremental ? 1 : 0, 1);
    b.writeUInt16BE(this.width, 6);
    b.writeUInt16BE(this.height, 8);
    this.stream.write(b);
  }

  private async loop(): Promise<void> {
    const q = this.input;
    let enabled = false;
    while (!this.stopped) {
      const type = (await q.read(1)).readUInt8(0);
      if (type === 150) {
        // EndOfContinuousUpdates: the server has them; noVNC enables them for the whole screen.
        if (this.o.continuous && !enabled) {
          enabled = true;
          const b = Buffer.from([150, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
          b.writeUInt16BE(this.width, 6);
          b.writeUInt16BE(this.height, 8);
          this.stream.write(b);
        }
      } else if (type === 248) {
        const head = await q.read(8);
        const payload = await q.read(head.readUInt8(7));
        const flags = head.readUInt32BE(3);
        if (flags & 0x8000_0000) {
          const answer = Buffer.alloc(9);
          answer.writeUInt8(248, 0);
          answer.writeUInt32BE((flags & 0x7fff_ffff) >>> 0, 4);
          answer.writeUInt8(payload.length, 8);
          this.stream.write(Buffer.concat([answer, payload]));
        }
      } else if (type === 0) {
        const count = (await q.read(3)).readUInt16BE(1);
        const rects: Rect[] = [];
        for (let i = 0; i < count; i += 1) {
          const h = await q.read(12);
          const r = {
            x: h.readUInt16BE(0),
            y: h.readUInt16BE(2),
            w: h.readUInt16BE(4),
            h: h.readUInt16BE(6),
          };
          const encoding = h.readInt32BE(8);
          if (encoding === 0) await q.read(r.w * r.h * 4);
          // zlib (the simulator's) and ZRLE (TigerVNC's): a length, then that many bytes.
          else if (encoding === 6 || encoding === 16) await q.read((await q.read(4)).readUInt32BE(0));
          else throw new Error(`encoding ${encoding}`);
          rects.push(r);
        }
        this.updates.push({ at: performance.now(), rects });
        if (!enabled) this.request(true);
      } else throw new Error(`server message ${type}`);
    }
  }
}
