import { describe, expect, it } from 'vitest';
import { RequestAhead } from './request-ahead';

const VERSION = Buffer.from('RFB 003.008\n');
const NONE = Buffer.from([1]);
const SHARED = Buffer.from([1]);
/** Some bytes of an update from the server. */
const DATA = Buffer.from([0, 0, 0, 1, 0, 0, 0, 0]);
const EMPTY_UPDATE = Buffer.from([0, 0, 0, 0]);

function request(incremental: boolean, w = 800, h = 480): Buffer {
  const b = Buffer.alloc(10);
  b.writeUInt8(3, 0);
  b.writeUInt8(incremental ? 1 : 0, 1);
  b.writeUInt16BE(w, 6);
  b.writeUInt16BE(h, 8);
  return b;
}

function encodings(list: number[]): Buffer {
  const b = Buffer.alloc(4 + 4 * list.length);
  b.writeUInt8(2, 0);
  b.writeUInt16BE(list.length, 2);
  list.forEach((e, i) => b.writeInt32BE(e, 4 + 4 * i));
  return b;
}

function cutText(size: number): Buffer {
  const b = Buffer.alloc(8 + size);
  b.writeUInt8(6, 0);
  b.writeInt32BE(size, 4);
  return b;
}

function continuous(on: boolean): Buffer {
  const b = Buffer.alloc(10);
  b.writeUInt8(150, 0);
  b.writeUInt8(on ? 1 : 0, 1);
  return b;
}

/** A RequestAhead whose requests are collected; `clear` decides whether the way is clear. */
function ahead(o: { clear?: () => boolean; minGapMs?: number } = {}) {
  const written: Buffer[] = [];
  const waiters: (() => void)[] = [];
  const a = new RequestAhead({
    write: (b) => {
      written.push(b);
      waiters.shift()?.();
    },
    canSend: o.clear ?? (() => true),
    minGapMs: o.minGapMs ?? 0,
  });
  const nextWrite = () => new Promise<void>((resolve) => waiters.push(resolve));
  return { a, written, nextWrite };
}

describe('RequestAhead', () => {
  it("after the browser's first request, asks for the same area incrementally whenever the server sends", () => {
    const { a, written } = ahead();
    a.fromViewer(Buffer.concat([VERSION, NONE, SHARED, encodings([0, 6])]));
    a.serverSent(DATA);
    expect(written).toEqual([]);
    a.fromViewer(request(false, 640, 400));
    a.serverSent(DATA);
    a.serverSent(DATA);
    expect(written).toEqual([request(true, 640, 400), request(true, 640, 400)]);
  });

  it('follows messages split across chunks and writes only between two of them', () => {
    const { a, written } = ahead();
    const stream = Buffer.concat([VERSION, NONE, SHARED, request(false), cutText(5000), request(true)]);
    // Byte by byte: the agent must never write into the middle of the browser's message.
    for (let i = 0; i < stream.length; i += 1) {
      a.fromViewer(stream.subarray(i, i + 1));
      const before = written.length;
      a.serverSent(DATA);
      const atBoundary = [VERSION.length + 2 + 10, VERSION.length + 2 + 10 + 5008, stream.length].includes(
        i + 1,
      );
      expect(written.length - before).toBe(atBoundary ? 1 : 0);
    }
    expect(a.following).toBe(true);
  });

  it('follows VNC authentication (16-byte response) before ClientInit', () => {
    const { a, written } = ahead();
    a.fromViewer(Buffer.concat([VERSION, Buffer.from([2]), Buffer.alloc(16, 7), SHARED, request(false)]));
    a.serverSent(DATA);
    expect(written).toEqual([request(true)]);
  });

  it('stands aside while the browser has continuous updates on, and again asks once it turns them off', () => {
    const { a, written } = ahead();
    a.fromViewer(Buffer.concat([VERSION, NONE, SHARED, request(false), continuous(true)]));
    a.serverSent(DATA);
    expect(written).toEqual([]);
    a.fromViewer(continuous(false));
    a.serverSent(DATA);
    expect(written).toHaveLength(1);
  });

  it('gives up for good on RFB 3.3, another security type or an unknown message', () => {
    for (const head of [
      Buffer.concat([Buffer.from('RFB 003.003\n'), SHARED, request(false)]),
      Buffer.concat([VERSION, Buffer.from([19]), SHARED, request(false)]),
      Buffer.concat([VERSION, NONE, SHARED, request(false), Buffer.from([99, 0, 0, 0]), request(true)]),
    ]) {
      const { a, written } = ahead();
      a.fromViewer(head);
      a.serverSent(DATA);
      expect(written).toEqual([]);
      expect(a.following).toBe(false);
    }
  });

  it('after an empty update (a server answering every request at once) waits for the browser to ask', () => {
    const { a, written } = ahead();
    a.fromViewer(Buffer.concat([VERSION, NONE, SHARED, request(false)]));
    a.serverSent(DATA);
    a.serverSent(EMPTY_UPDATE);
    a.serverSent(DATA);
    expect(written).toHaveLength(1);
    a.fromViewer(request(true));
    a.serverSent(DATA);
    expect(written).toHaveLength(2);
  });

  it('asks nothing while the way to the browser is full, and no more often than the gap allows', async () => {
    let clear = false;
    const { a, written, nextWrite } = ahead({ clear: () => clear, minGapMs: 30 });
    a.fromViewer(Buffer.concat([VERSION, NONE, SHARED, request(false)]));
    a.serverSent(DATA);
    expect(written).toEqual([]);
    clear = true;
    a.serverSent(DATA);
    expect(written).toHaveLength(1);
    const at = Date.now();
    // Within the gap: one request is kept for its end, however often the server sends.
    const later = nextWrite();
    for (let i = 0; i < 50; i += 1) a.serverSent(DATA);
    expect(written).toHaveLength(1);
    await later;
    expect(written).toHaveLength(2);
    expect(Date.now() - at).toBeGreaterThanOrEqual(25);
    a.stop();
  });
});
