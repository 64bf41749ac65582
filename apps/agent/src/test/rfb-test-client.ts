import { connect, type Socket } from 'node:net';
import { constants, createInflate, type Inflate } from 'node:zlib';
import { readPixelFormat, writePixelFormat, type PixelFormat } from '../vnc/pixel-format';
import type { Rect } from '../vnc/rects';
import { vncResponse } from '../vnc/vnc-auth';

/** Bytes as they arrive, read back in exact amounts (a test's view of a stream). */
export class ByteQueue {
  private chunks: Buffer[] = [];
  private size = 0;
  private waiter: (() => void) | null = null;
  ended = false;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    this.waiter?.();
  }

  end(): void {
    this.ended = true;
    this.waiter?.();
  }

  get length(): number {
    return this.size;
  }

  async read(n: number): Promise<Buffer> {
    while (this.size < n) {
      if (this.ended) throw new Error(`stream ended with ${this.size} of ${n} bytes`);
      await new Promise<void>((resolve) => (this.waiter = resolve));
      this.waiter = null;
    }
    const all = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    this.chunks = all.length > n ? [all.subarray(n)] : [];
    this.size -= n;
    return all.subarray(0, n);
  }
}

export interface DecodedRect extends Rect {
  encoding: number;
}

/**
 * A minimal RFB client for tests: handshake, requests and input, and a decoder of Raw and zlib
 * updates into its own copy of the screen (0xRRGGBB, each channel scaled back from the pixel format).
 */
export class RfbTestClient {
  width = 0;
  height = 0;
  name = '';
  serverFormat: PixelFormat | null = null;
  pixels = new Uint32Array(0);
  private pf: PixelFormat | null = null;
  private inflate: Inflate | null = null;
  private inflated: Buffer[] = [];

  constructor(
    readonly send: (b: Buffer) => void,
    readonly input: ByteQueue,
  ) {}

  static async tcp(port: number): Promise<{ client: RfbTestClient; socket: Socket }> {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const q = new ByteQueue();
    socket.on('data', (c: Buffer) => q.push(c));
    socket.on('close', () => q.end());
    return { client: new RfbTestClient((b) => socket.write(b), q), socket };
  }

  /** Version, security and init; the SecurityResult (0 ok) and the failure reason when there is one. */
  async handshake(o: { version?: string; password?: string; shared?: boolean } = {}) {
    const server = (await this.input.read(12)).toString('latin1');
    const version = o.version ?? '003.008';
    this.send(Buffer.from(`RFB ${version}\n`, 'latin1'));
    let types: number[];
    if (version === '003.003') types = [(await this.input.read(4)).readUInt32BE(0)];
    else {
      const n = (await this.input.read(1)).readUInt8(0);
      types = [...(await this.input.read(n))];
    }
    const type = o.password !== undefined ? 2 : 1;
    if (version !== '003.003') this.send(Buffer.from([type]));
    if (type === 2) this.send(vncResponse(o.password ?? '', await this.input.read(16)));
    let result = 0;
    let reason: string | null = null;
    if (type === 2 || version === '003.008') {
      result = (await this.input.read(4)).readUInt32BE(0);
      if (result !== 0 && version === '003.008') {
        const len = (await this.input.read(4)).readUInt32BE(0);
        reason = (await this.input.read(len)).toString('latin1');
      }
    }
    if (result === 0) await this.init(o.shared ?? true);
    return { server, types, result, reason };
  }

  private async init(shared: boolean): Promise<void> {
    this.send(Buffer.from([shared ? 1 : 0]));
    const head = await this.input.read(24);
    this.width = head.readUInt16BE(0);
    this.height = head.readUInt16BE(2);
    this.serverFormat = readPixelFormat(head, 4);
    this.pf = this.serverFormat;
    this.name = (await this.input.read(head.readUInt32BE(20))).toString('utf8');
    this.pixels = new Uint32Array(this.width * this.height);
  }

  setPixelFormat(pf: PixelFormat): void {
    this.pf = pf;
    this.send(Buffer.concat([Buffer.from([0, 0, 0, 0]), writePixelFormat(pf)]));
  }

  setEncodings(list: number[]): void {
    const b = Buffer.alloc(4 + 4 * list.length);
    b.writeUInt8(2, 0);
    b.writeUInt16BE(list.length, 2);
    list.forEach((e, i) => b.writeInt32BE(e, 4 + 4 * i));
    this.send(b);
  }

  request(incremental: boolean, r: Rect = { x: 0, y: 0, w: this.width, h: this.height }): void {
    const b = Buffer.alloc(10);
    b.writeUInt8(3, 0);
    b.writeUInt8(incremental ? 1 : 0, 1);
    [r.x, r.y, r.w, r.h].forEach((v, i) => b.writeUInt16BE(v, 2 + 2 * i));
    this.send(b);
  }

  pointer(x: number, y: number, buttons: number): void {
    const b = Buffer.alloc(6);
    b.writeUInt8(5, 0);
    b.writeUInt8(buttons, 1);
    b.writeUInt16BE(x, 2);
    b.writeUInt16BE(y, 4);
    this.send(b);
  }

  /** A click: press and release of the left button at (x, y). */
  click(x: number, y: number): void {
    this.pointer(x, y, 1);
    this.pointer(x, y, 0);
  }

  cutText(text: Buffer, declaredLength = text.length): void {
    const b = Buffer.alloc(8);
    b.writeUInt8(6, 0);
    b.writeUInt32BE(declaredLength, 4);
    this.send(Buffer.concat([b, text]));
  }

  /** Reads one FramebufferUpdate into `pixels`; its rectangles and its size on the wire. */
  async readUpdate(): Promise<{ rects: DecodedRect[]; bytes: number }> {
    const head = await this.input.read(4);
    if (head.readUInt8(0) !== 0) throw new Error(`expected FramebufferUpdate, got ${head.readUInt8(0)}`);
    const rects: DecodedRect[] = [];
    let bytes = 4;
    for (let i = head.readUInt16BE(2); i > 0; i -= 1) {
      const h = await this.input.read(12);
      const r = { x: h.readUInt16BE(0), y: h.readUInt16BE(2), w: h.readUInt16BE(4), h: h.readUInt16BE(6) };
      const encoding = h.readInt32BE(8);
      const size = r.w * r.h * ((this.pf?.bitsPerPixel ?? 32) / 8);
      let data: Buffer;
      if (encoding === 0) data = await this.input.read(size);
      else if (encoding === 6) {
        const packed = await this.input.read((await this.input.read(4)).readUInt32BE(0));
        bytes += 4 + packed.length - size;
        data = await this.inflateRect(packed);
      } else throw new Error(`unexpected encoding ${encoding}`);
      if (data.length !== size) throw new Error(`rect data ${data.length} bytes, expected ${size}`);
      bytes += 12 + size;
      this.paint(r, data);
      rects.push({ ...r, encoding });
    }
    return { rects, bytes };
  }

  /** The zlib encoding: one inflater for the connection, as the server keeps one deflater. */
  private inflateRect(packed: Buffer): Promise<Buffer> {
    if (!this.inflate) {
      this.inflate = createInflate();
      this.inflate.on('data', (c: Buffer) => this.inflated.push(c));
    }
    const inflate = this.inflate;
    return new Promise((resolve, reject) => {
      inflate.once('error', reject);
      inflate.write(packed);
      inflate.flush(constants.Z_SYNC_FLUSH, () => {
        inflate.off('error', reject);
        resolve(Buffer.concat(this.inflated.splice(0)));
      });
    });
  }

  private paint(r: Rect, data: Buffer): void {
    const pf = this.pf;
    if (!pf) throw new Error('no pixel format');
    const bytes = pf.bitsPerPixel / 8;
    let o = 0;
    for (let y = r.y; y < r.y + r.h; y += 1)
      for (let x = r.x; x < r.x + r.w; x += 1, o += bytes) {
        const v =
          bytes === 1
            ? data.readUInt8(o)
            : bytes === 2
              ? pf.bigEndian
                ? data.readUInt16BE(o)
                : data.readUInt16LE(o)
              : pf.bigEndian
                ? data.readUInt32BE(o)
                : data.readUInt32LE(o);
        this.pixels[y * this.width + x] = decodePixel(v, pf);
      }
  }
}

/** A pixel value in `pf` back to 0xRRGGBB (each channel scaled from its maximum to 255). */
export function decodePixel(v: number, pf: PixelFormat): number {
  const ch = (shift: number, max: number) => Math.round(((Math.floor(v / 2 ** shift) & max) * 255) / max);
  return (
    (ch(pf.redShift, pf.redMax) << 16) | (ch(pf.greenShift, pf.greenMax) << 8) | ch(pf.blueShift, pf.blueMax)
  );
}
