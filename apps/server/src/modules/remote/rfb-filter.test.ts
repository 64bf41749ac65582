import { describe, expect, it } from 'vitest';
import { CUT_TEXT_MAX, RfbClientFilter } from './rfb-filter';

const version = Buffer.from('RFB 003.008\n', 'latin1');
const key = Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x61]);
const pointer = Buffer.from([5, 1, 0, 10, 0, 20]);
const update = Buffer.from([3, 1, 0, 0, 0, 0, 3, 32, 1, 224]);
const encodings = Buffer.from([2, 0, 0, 2, 0, 0, 0, 6, 0, 0, 0, 0]);
const cut = Buffer.concat([Buffer.from([6, 0, 0, 0, 0, 0, 0, 3]), Buffer.from('abc')]);

function handshake(f: RfbClientFilter, security: number, clientInit = 0): Buffer | null {
  const auth = security === 2 ? Buffer.alloc(16, 7) : Buffer.alloc(0);
  return f.fromClient(Buffer.concat([version, Buffer.from([security]), auth, Buffer.from([clientInit])]));
}

describe('RfbClientFilter', () => {
  it('passes the handshake with the shared flag forced on, then every message when input is allowed', () => {
    const f = new RfbClientFilter(true);
    expect(handshake(f, 2)).toEqual(
      Buffer.concat([version, Buffer.from([2]), Buffer.alloc(16, 7), Buffer.from([1])]),
    );
    const all = Buffer.concat([encodings, update, key, pointer, cut]);
    expect(f.fromClient(all)).toEqual(all);
  });

  it('drops key, pointer and cut text of a watcher, keeps its update requests, across any split', () => {
    const f = new RfbClientFilter(false);
    handshake(f, 1);
    const stream = Buffer.concat([key, update, pointer, encodings, cut, update]);
    const out: Buffer[] = [];
    // One byte at a time: message boundaries never line up with chunks.
    for (const b of stream) {
      const passed = f.fromClient(Buffer.from([b]));
      if (passed) out.push(passed);
    }
    expect(Buffer.concat(out)).toEqual(Buffer.concat([update, encodings, update]));
  });

  it('follows the extensions noVNC speaks to TigerVNC: fences and continuous updates pass, keys and clipboard are input', () => {
    const fence = Buffer.from([248, 0, 0, 0, 0x80, 0, 0, 0, 2, 9, 9]);
    const continuous = Buffer.from([150, 1, 0, 0, 0, 0, 3, 32, 1, 224]);
    const qemuKey = Buffer.from([255, 0, 0, 1, 0, 0, 0, 0x61, 0, 0, 0, 0x1e]);
    const resize = Buffer.concat([Buffer.from([251, 0, 3, 32, 1, 224, 1, 0]), Buffer.alloc(16)]);
    // Extended Clipboard: a ClientCutText of length -8 (its capabilities).
    const clipboardCaps = Buffer.from([6, 0, 0, 0, 0xff, 0xff, 0xff, 0xf8, 0x1f, 0, 0, 1, 0, 0, 0, 0]);
    const stream = Buffer.concat([clipboardCaps, fence, qemuKey, continuous, resize, update]);
    const control = new RfbClientFilter(true);
    handshake(control, 1);
    expect(control.fromClient(stream)).toEqual(stream);
    const watcher = new RfbClientFilter(false);
    handshake(watcher, 1);
    const out: Buffer[] = [];
    for (const b of stream) {
      const passed = watcher.fromClient(Buffer.from([b]));
      if (passed) out.push(passed);
    }
    expect(Buffer.concat(out)).toEqual(Buffer.concat([fence, continuous, update]));
    expect(watcher.fromClient(Buffer.from([255, 1, 0, 0]))).toBeNull();
  });

  it('turns input on for a watcher that was handed control', () => {
    const f = new RfbClientFilter(false);
    handshake(f, 1);
    expect(f.fromClient(pointer)?.length).toBe(0);
    f.allowInput = true;
    expect(f.fromClient(pointer)).toEqual(pointer);
  });

  it('learns the security type of RFB 3.3 from the server', () => {
    const f = new RfbClientFilter(false);
    f.fromServer(Buffer.concat([Buffer.from('RFB 003.003\n', 'latin1'), Buffer.from([0, 0, 0, 2])]));
    const v33 = Buffer.from('RFB 003.003\n', 'latin1');
    expect(f.fromClient(Buffer.concat([v33, Buffer.alloc(16, 1), Buffer.from([0])]))).toEqual(
      Buffer.concat([v33, Buffer.alloc(16, 1), Buffer.from([1])]),
    );
    expect(f.fromClient(key)?.length).toBe(0);
  });

  it('ends the session on what is not RFB: a bad version, an unknown message, a huge cut text, other security', () => {
    expect(new RfbClientFilter(true).fromClient(Buffer.from('GET / HTTP/1.1\r\n'))).toBeNull();
    const unknown = new RfbClientFilter(true);
    handshake(unknown, 1);
    expect(unknown.fromClient(Buffer.from([99, 0, 0, 0]))).toBeNull();
    const huge = new RfbClientFilter(true);
    handshake(huge, 1);
    const header = Buffer.from([6, 0, 0, 0, 0, 0, 0, 0]);
    header.writeUInt32BE(CUT_TEXT_MAX + 1, 4);
    expect(huge.fromClient(header)).toBeNull();
    expect(handshake(new RfbClientFilter(true), 19)).toBeNull();
  });
});
